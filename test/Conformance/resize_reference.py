"""Reference semantics of Resize (10, 11, 13, 18, 19), written from
/work/shared/RESIZE.md (docs/semantics.md's Resize section).

Independent of onnxc's lowering and of ONNX's reference implementation: every
mode is separable, so an N-D resize is a sequence of 1-D passes, one per
resized axis, in float64 (coordinates, weights and output lengths are IEEE
double, as RESIZE.md decides). Only at the end is the double result converted
to the element type: integers rounded half to even and saturated, float16 and
bfloat16 (float32 arrays holding bfloat16 values) saturated at their largest
finite values and rounded to nearest even. Nearest is a gather on the original array, so it works
for every element type (bool, string, complex) and keeps int64 values that
double cannot hold.

Antialias (18+, linear and cubic) follows RESIZE.md: on an axis with s < 1
the kernel is stretched by 1 / s (a triangle of half-width 1 / s, or Keys'
kernel of half-width 2 / s), evaluated at every input it reaches, and the
weights are divided by their sum; taps past an edge take the edge value.
With exclude_outside, the taps past an edge weigh 0 before that division.
"""

import math

import numpy as np

import reference as ref

MODES_11 = ("half_pixel", "pytorch_half_pixel", "align_corners",
            "asymmetric", "tf_half_pixel_for_nn", "tf_crop_and_resize")
NEAREST_MODES = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil")


class ResizeError(ValueError):
    """Input the operator rejects (RESIZE.md, "Bad input")."""


def coordinate_modes(version):
    """The coordinate_transformation_mode values a version accepts."""
    if version == 10:
        return ("asymmetric",)
    if version == 11:
        return MODES_11
    modes = tuple(m for m in MODES_11 if m != "tf_half_pixel_for_nn")
    if version >= 19:
        modes += ("half_pixel_symmetric",)
    return modes


def _normalize_axes(axes, rank):
    if axes is None:
        return list(range(rank))
    out = []
    for a in axes:
        a = int(a)
        if not -rank <= a < rank:
            raise ResizeError("axis %d out of range for rank %d" % (a, rank))
        a = a + rank if a < 0 else a
        if a in out:
            raise ResizeError("repeated axis %d" % a)
        out.append(a)
    return out


def axis_plan(shape, scales=None, sizes=None, axes=None,
              keep_aspect_ratio_policy="stretch"):
    """Per resized axis: (axis, n, s, out, L), all but axis and n doubles or
    ints as RESIZE.md computes them; L is the output length the formulas of
    align_corners, tf_crop_and_resize and half_pixel_symmetric use (s * n
    from scales, out from sizes)."""
    rank = len(shape)
    axes = _normalize_axes(axes, rank)
    if (scales is None) == (sizes is None):
        raise ResizeError("exactly one of scales and sizes")
    given = scales if scales is not None else sizes
    if len(given) != len(axes):
        raise ResizeError("'%s' must hold %d values" % (
            "scales" if scales is not None else "sizes", len(axes)))
    plan = []
    if scales is not None:
        for a, s in zip(axes, scales):
            # The tensor's float32 value, widened exactly.
            s = float(s)
            if not (math.isfinite(s) and s > 0):
                raise ResizeError("scales must be finite and > 0")
            n = shape[a]
            length = float(n) * s
            out = math.floor(length)
            # Snapped up to the product rounded to float32 when that is an
            # integer above the floor (exporters' s = size / n).
            rounded = float(np.float32(length))
            if math.isfinite(rounded) and rounded == math.floor(rounded) \
                    and rounded > out:
                out = int(rounded)
            plan.append((a, n, s, out, length))
        return plan
    sizes = [int(v) for v in sizes]
    if any(v < 0 for v in sizes):
        raise ResizeError("sizes must be >= 0")
    if keep_aspect_ratio_policy == "stretch":
        for a, v in zip(axes, sizes):
            if shape[a] == 0 and v != 0:
                raise ResizeError("an empty input dimension cannot be "
                                  "resized to a non-empty one")
        for a, v in zip(axes, sizes):
            n = shape[a]
            # An empty axis stays empty; its scale never enters a formula.
            s = v / n if n else 1.0
            plan.append((a, n, s, v, float(v)))
        return plan
    # Empty axes take no part in the policy and stay empty.
    ratios = [v / shape[a] for a, v in zip(axes, sizes) if shape[a]]
    if keep_aspect_ratio_policy not in ("not_larger", "not_smaller"):
        raise ResizeError("keep_aspect_ratio_policy %r" %
                          keep_aspect_ratio_policy)
    if not ratios:
        s = 1.0
    elif keep_aspect_ratio_policy == "not_larger":
        s = min(ratios)
    else:
        s = max(ratios)
    for a in axes:
        n = shape[a]
        out = math.floor(s * n + 0.5)  # round half up
        plan.append((a, n, s, out, float(out)))
    return plan


def coordinates(mode, n, s, out, length, roi_start=0.0, roi_end=1.0):
    """Input coordinate (float64) of each output index along one axis."""
    x = np.arange(out, dtype=np.float64)
    if mode == "half_pixel":
        return (x + 0.5) / s - 0.5
    if mode == "half_pixel_symmetric":
        # s * n, also with sizes (keep_aspect_ratio_policy makes it differ
        # from out).
        c = n / 2 * (1 - out / (s * n))
        return c + (x + 0.5) / s - 0.5
    if mode == "pytorch_half_pixel":
        if out > 1:
            return (x + 0.5) / s - 0.5
        return np.zeros(out)
    if mode == "align_corners":
        if length == 1:
            return np.zeros(out)
        return x * (n - 1) / (length - 1)
    if mode == "asymmetric":
        return x / s
    if mode == "tf_half_pixel_for_nn":
        return (x + 0.5) / s
    if mode == "tf_crop_and_resize":
        if length == 1:
            return np.full(out, (roi_start + roi_end) / 2 * (n - 1))
        return roi_start * (n - 1) + x * (roi_end - roi_start) * (n - 1) / (
            length - 1)
    raise ResizeError("coordinate_transformation_mode %r" % mode)


def nearest_indices(coord, n, nearest_mode, resize10_scale=None):
    """Index of the input each output element copies, clamped to the axis.
    With resize10_scale, Resize-10's rule: ceil when downsampling, else
    floor."""
    lo = np.floor(coord)
    # x - floor(x) is exact for x >= 0; negative coordinates clamp to 0
    # whichever way they round.
    f = coord - lo
    if resize10_scale is not None:
        index = np.ceil(coord) if resize10_scale < 1 else lo
    elif nearest_mode == "round_prefer_floor":
        index = lo + (f > 0.5)
    elif nearest_mode == "round_prefer_ceil":
        index = lo + (f >= 0.5)
    elif nearest_mode == "floor":
        index = lo
    elif nearest_mode == "ceil":
        index = np.ceil(coord)
    else:
        raise ResizeError("nearest_mode %r" % nearest_mode)
    return np.clip(index, 0, n - 1).astype(np.int64)


def keys(d, a):
    """Keys' cubic kernel at distance d (>= 0) with coefficient a."""
    d = np.abs(d)
    near = ((a + 2) * d - (a + 3)) * d * d + 1
    far = ((a * d - 5 * a) * d + 8 * a) * d - 4 * a
    return np.where(d <= 1, near, np.where(d < 2, far, 0.0))


def taps_and_weights(mode, coord, n, cubic_coeff_a, exclude_outside,
                     antialias=0, s=1.0):
    """(taps, weights), each [out, k]: the input indices (clamped) and the
    float64 weights of linear (k = 2) or cubic (k = 4) interpolation, or,
    with antialias on an axis whose scale `s` is below 1, of the kernel
    stretched by 1 / s (k covers every input it reaches; taps beyond its
    reach weigh 0)."""
    lo = np.floor(coord)
    f = coord - lo
    lo = lo.astype(np.int64)
    if mode not in ("linear", "cubic"):
        raise ResizeError("mode %r" % mode)
    if antialias and s < 1:
        radius = (1.0 if mode == "linear" else 2.0) / s
        # Every integer i with |i - coord| < radius lies in
        # [lo - r, lo + r + 1].
        r = int(math.ceil(radius))
        taps = lo[:, None] + np.arange(-r, r + 2)[None, :]
        scaled = (taps - coord[:, None]) * s
        if mode == "linear":
            weights = np.maximum(0.0, 1 - np.abs(scaled))
        else:
            weights = keys(scaled, cubic_coeff_a)
        if exclude_outside:
            weights = np.where((taps < 0) | (taps > n - 1), 0.0, weights)
        with np.errstate(invalid="ignore"):
            weights = weights / weights.sum(axis=1, keepdims=True)
    elif mode == "linear":
        taps = np.stack([lo, lo + 1], axis=1)
        weights = np.stack([1 - f, f], axis=1)
    else:
        taps = np.stack([lo - 1, lo, lo + 1, lo + 2], axis=1)
        weights = np.stack([keys(1 + f, cubic_coeff_a), keys(f, cubic_coeff_a),
                            keys(1 - f, cubic_coeff_a),
                            keys(2 - f, cubic_coeff_a)], axis=1)
        if exclude_outside:
            weights = np.where((taps < 0) | (taps > n - 1), 0.0, weights)
            # No tap inside (0 / 0) only far outside the axis, where
            # tf_crop_and_resize extrapolates anyway.
            with np.errstate(invalid="ignore"):
                weights = weights / weights.sum(axis=1, keepdims=True)
    return np.clip(taps, 0, n - 1), weights


def to_element_type(y, dtype, is_bf16=False):
    """The float64 result `y` as the element type: integers rounded half to
    even and saturated, float16 and bfloat16 saturated and rounded to
    nearest even."""
    dtype = np.dtype(dtype)
    y = np.asarray(y, dtype=np.float64)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        r = np.rint(y)
        # float(info.max) + 1 is 2^k exactly, also where float(info.max)
        # itself rounds up (int64, uint64).
        over = r >= float(info.max) + 1
        under = r < float(info.min)
        out = np.where(over | under, 0, r).astype(dtype)
        out[over] = info.max
        out[under] = info.min
        return out
    if is_bf16:
        # Saturated at the largest finite bfloat16, (2 - 2^-7) * 2^127.
        bf16_max = (2.0 - 2.0 ** -7) * 2.0 ** 127
        return ref.round_to_bf16(
            np.clip(y, -bf16_max, bf16_max).astype(np.float32))
    if dtype == np.float16:
        f16_max = float(np.finfo(np.float16).max)
        return np.clip(y, -f16_max, f16_max).astype(np.float16)
    if dtype == np.bool_:
        return y != 0
    return y.astype(dtype)


def extrapolation_element(value, dtype, is_bf16=False):
    """tf_crop_and_resize's extrapolation_value as an element of `dtype`
    (RESIZE.md): floats rounded to nearest, integers truncated toward zero
    and saturated (NaN: 0), bool `value != 0` (NaN: true), complex
    `value + 0i`."""
    dtype = np.dtype(dtype)
    value = float(value)
    if dtype == np.bool_:
        return np.bool_(value != 0)
    if np.issubdtype(dtype, np.integer):
        if math.isnan(value):
            return dtype.type(0)
        info = np.iinfo(dtype)
        t = math.trunc(value) if math.isfinite(value) else (
            info.max if value > 0 else info.min)
        return dtype.type(min(max(t, info.min), info.max))
    if is_bf16:
        return ref.round_to_bf16(np.array([value], np.float32))[0]
    if np.issubdtype(dtype, np.complexfloating):
        return dtype.type(complex(value, 0.0))
    with np.errstate(over="ignore"):
        return dtype.type(value)


def resize_tables(shape, version, mode="nearest",
                  coordinate_transformation_mode="half_pixel",
                  nearest_mode="round_prefer_floor", cubic_coeff_a=-0.75,
                  exclude_outside=0, scales=None, sizes=None, roi=None,
                  axes=None, keep_aspect_ratio_policy="stretch", antialias=0):
    """What Resize does to each resized axis of an input of `shape`; returns
    (output shape, tables). One table per resized axis, in axis order:
    (axis, index, taps, weights, outside): nearest's input index [out] (else
    None), linear's or cubic's taps and weights [out, k] (else None), and
    tf_crop_and_resize's mask of extrapolated outputs [out] (else None).
    Arguments as resize() takes them."""
    shape = list(shape)
    if scales is not None and len(scales) == 0 and version == 11:
        scales = None  # Resize-11: an empty scales tensor is absent.
    if version == 10:
        coordinate_transformation_mode = "asymmetric"
        if mode not in ("nearest", "linear"):
            raise ResizeError("mode %r" % mode)
    if coordinate_transformation_mode not in coordinate_modes(version):
        if not (version >= 13 and
                coordinate_transformation_mode == "tf_half_pixel_for_nn"):
            raise ResizeError("coordinate_transformation_mode %r" %
                              coordinate_transformation_mode)
    plan = axis_plan(shape, scales, sizes, axes if version >= 18 else None,
                     keep_aspect_ratio_policy if version >= 18 else "stretch")
    out_shape = list(shape)
    for a, _, _, out, _ in plan:
        out_shape[a] = out

    crop = coordinate_transformation_mode == "tf_crop_and_resize"
    starts = {a: 0.0 for a, *_ in plan}
    ends = {a: 1.0 for a, *_ in plan}
    if roi is not None and np.size(roi) and crop:
        roi = np.asarray(roi).astype(np.float64).ravel()
        if roi.size != 2 * len(plan):
            raise ResizeError("'roi' must hold %d values" % (2 * len(plan)))
        for i, (a, *_) in enumerate(plan):
            starts[a], ends[a] = float(roi[i]), float(roi[len(plan) + i])

    # Axes not listed keep scale 1 and go through the same formulas (with
    # tf_half_pixel_for_nn, scale 1 is not the identity).
    listed = [a for a, *_ in plan]
    plan = plan + [(a, n, 1.0, n, float(n)) for a, n in enumerate(shape)
                   if a not in listed]
    tables = []
    for a, n, s, out, length in sorted(plan):
        if n == 0 or out == 0:
            tables.append((a, None, None, None, None))
            continue
        coord = coordinates(coordinate_transformation_mode, n, s, out, length,
                            starts.get(a, 0.0), ends.get(a, 1.0))
        outside = (coord < 0) | (coord > n - 1) if crop else None
        if mode == "nearest":
            index = nearest_indices(coord, n, nearest_mode,
                                    s if version == 10 else None)
            tables.append((a, index, None, None, outside))
        else:
            taps, weights = taps_and_weights(
                mode, coord, n, cubic_coeff_a, exclude_outside,
                antialias if version >= 18 else 0, s)
            tables.append((a, None, taps, weights, outside))
    return out_shape, tables


def extrapolated_mask(tables, out_shape):
    """Outputs some axis's coordinate of which lies outside the input
    (tf_crop_and_resize), or None."""
    masks = [np.broadcast_to(m.reshape([-1 if k == a else 1
                                        for k in range(len(out_shape))]),
                             out_shape)
             for a, _, _, _, m in tables if m is not None]
    return np.logical_or.reduce(masks) if masks else None


def interpolate(y, tables):
    """The 1-D passes of linear or cubic over `y` (float64 or exact
    Fractions in an object array), one resized axis after another."""
    for a, _, taps, weights, _ in tables:
        gathered = np.take(y, taps, axis=a)  # axis a becomes [out, k]
        w = weights.reshape([1] * a + list(weights.shape) +
                            [1] * (y.ndim - a - 1))
        y = (gathered * w).sum(axis=a + 1)
    return y


def resize(x, version, mode="nearest",
           coordinate_transformation_mode="half_pixel",
           nearest_mode="round_prefer_floor", cubic_coeff_a=-0.75,
           exclude_outside=0, extrapolation_value=0.0, scales=None,
           sizes=None, roi=None, axes=None,
           keep_aspect_ratio_policy="stretch", is_bf16=False, antialias=0):
    """Resize of `x` as `version` defines it; returns (Y, output shape).

    `scales` (float32 values), `sizes` (ints) and `roi` (any float type)
    describe `axes` (all axes when None). An empty `roi` is absent. For
    Resize-10 the coordinate and nearest arguments are ignored, and so is
    `antialias` before 18 and for nearest. Raises ResizeError on input the
    operator rejects."""
    x = np.asarray(x)
    if mode != "nearest" and x.dtype.kind not in "iuf":
        raise ResizeError("%s needs a numeric real type" % mode)
    out_shape, tables = resize_tables(
        x.shape, version, mode, coordinate_transformation_mode, nearest_mode,
        cubic_coeff_a, exclude_outside, scales, sizes, roi, axes,
        keep_aspect_ratio_policy, antialias)
    if x.size == 0 or 0 in out_shape:
        return np.zeros(out_shape, dtype=x.dtype), out_shape

    # The tf_crop_and_resize masks of the axes are applied at the end, so
    # that no extrapolated value feeds another axis's interpolation.
    extrapolated = extrapolated_mask(tables, out_shape)
    if mode == "nearest":
        y = x
        for a, index, _, _, _ in tables:
            y = np.take(y, index, axis=a)
        y = np.array(y)
        if extrapolated is not None:
            y[extrapolated] = extrapolation_element(extrapolation_value,
                                                    x.dtype, is_bf16)
        return y, out_shape
    y = to_element_type(interpolate(x.astype(np.float64), tables), x.dtype,
                        is_bf16)
    if extrapolated is not None:
        y[extrapolated] = extrapolation_element(extrapolation_value, x.dtype,
                                                is_bf16)
    return y, out_shape
