"""Reference semantics of Clip and Upsample, written from docs/semantics.md.

Everything here follows the SPEC text, not onnxc's lowering: float32
arithmetic for coordinates and weights (numpy float32 scalars and arrays stay
float32), truncation toward zero, the 2^k corners of the interpolated axes
summed in lexicographic order.
"""

import itertools

import numpy as np

F32 = np.float32

# Extremes of each type, for absent Clip bounds.
BF16_LARGEST = F32(3.3895313892515355e38)


def lowest_and_max(dtype, is_bf16=False):
    if is_bf16:
        return -BF16_LARGEST, BF16_LARGEST
    if np.issubdtype(dtype, np.floating):
        info = np.finfo(dtype)
        return dtype.type(info.min), dtype.type(info.max)
    info = np.iinfo(dtype)
    return dtype.type(info.min), dtype.type(info.max)


def clip(x, lo, hi):
    """t = x < min ? min : x; y = max < t ? max : t, ordered comparisons."""
    t = np.where(x < lo, lo, x).astype(x.dtype)
    return np.where(hi < t, hi, t).astype(x.dtype)


# --- bfloat16, stored as float32 values that bfloat16 represents exactly ---

def f32_to_bf16_bits(a):
    """Round float32 to bfloat16, to nearest even; NaN stays NaN."""
    a = np.atleast_1d(np.asarray(a, dtype=np.float32))
    bits = a.view(np.uint32).astype(np.uint64)
    u = np.uint64
    rounded = ((bits + u(0x7FFF) + ((bits >> u(16)) & u(1))) >> u(16))
    rounded = np.where(np.isnan(a), u(0x7FC0), rounded)
    return rounded.astype(np.uint16)


def bf16_bits_to_f32(bits):
    return (np.asarray(bits, dtype=np.uint32) << 16).view(np.float32)


def round_to_bf16(a):
    shape = np.shape(a)
    return bf16_bits_to_f32(f32_to_bf16_bits(a)).reshape(shape)


# --- Upsample ---

def output_length(n, scale):
    """trunc(float32(n) *f s)."""
    return int(F32(n) * F32(scale))


def nearest_index(o, scale, n):
    scale = F32(scale)
    if scale == F32(1):
        return o
    return min(int(F32(o) / scale), n - 1)


def linear_taps(o, scale, n, compute_dtype):
    """(i0, i1, w0, w1): w1 weighs X[i1], w0 weighs X[i0]."""
    scale = F32(scale)
    c = F32(o) if scale == F32(1) else F32(o) / scale
    c = min(max(c, F32(0)), F32(n - 1))
    i0 = min(int(c), n - 1)
    i1 = min(i0 + 1, n - 1)
    if i0 == i1:
        half = compute_dtype(0.5)
        return i0, i1, half, half
    # The coordinate is float32; the weights are computed in the compute type
    # (f64 for f64 inputs: "the same coordinates").
    cc = compute_dtype(c)
    return (i0, i1, compute_dtype(abs(cc - compute_dtype(i1))),
            compute_dtype(abs(cc - compute_dtype(i0))))


def upsample_nearest(x, scales):
    out_shape = [output_length(n, s) for n, s in zip(x.shape, scales)]
    if x.size == 0 or 0 in out_shape:
        return np.zeros(out_shape, dtype=x.dtype)
    tables = [np.array([nearest_index(o, s, n) for o in range(out)],
                       dtype=np.int64)
              for n, s, out in zip(x.shape, scales, out_shape)]
    return x[np.ix_(*tables)]


def _interpolate(x, scales, compute_dtype):
    """Linear interpolation of a real array already in the compute type."""
    rank = x.ndim
    out_shape = [output_length(n, s) for n, s in zip(x.shape, scales)]
    if x.size == 0 or 0 in out_shape:
        return np.zeros(out_shape, dtype=compute_dtype)
    interpolated = [d for d in range(rank) if F32(scales[d]) != F32(1)]
    if not interpolated:
        return x.copy()
    taps = {}
    for d in interpolated:
        rows = [linear_taps(o, scales[d], x.shape[d], compute_dtype)
                for o in range(out_shape[d])]
        taps[d] = (np.array([r[0] for r in rows], dtype=np.int64),
                   np.array([r[1] for r in rows], dtype=np.int64),
                   np.array([r[2] for r in rows], dtype=compute_dtype),
                   np.array([r[3] for r in rows], dtype=compute_dtype))
    acc = None
    for corner in itertools.product((0, 1), repeat=len(interpolated)):
        indices, weight = [], None
        for d in range(rank):
            if d not in taps:
                indices.append(np.arange(out_shape[d]))
                continue
            second = corner[interpolated.index(d)]
            i0, i1, w0, w1 = taps[d]
            indices.append(i1 if second else i0)
            w = (w1 if second else w0).reshape(
                [-1 if k == d else 1 for k in range(rank)])
            weight = w if weight is None else (weight * w).astype(
                compute_dtype)
        term = (weight * x[np.ix_(*indices)]).astype(compute_dtype)
        acc = term if acc is None else (acc + term).astype(compute_dtype)
    return acc


def upsample_linear(x, scales, kind):
    """`kind`: 'float' (f16/f32), 'f64', 'bf16', 'int', 'complex64',
    'complex128'."""
    if kind == "complex64" or kind == "complex128":
        ct = np.float32 if kind == "complex64" else np.float64
        re = _interpolate(x.real.astype(ct), scales, ct)
        im = _interpolate(x.imag.astype(ct), scales, ct)
        return (re + 1j * im).astype(x.dtype)
    # With every scale 1 nothing is interpolated: Y is X, exactly (no trip
    # through float32, which would round integers beyond 2^24).
    if all(F32(s) == F32(1) for s in scales):
        return x.copy()
    if kind == "f64":
        return _interpolate(x.astype(np.float64), scales, np.float64)
    y = _interpolate(x.astype(np.float32), scales, np.float32)
    if kind == "bf16":
        return round_to_bf16(y)
    if np.issubdtype(x.dtype, np.integer):
        # Truncated toward zero; a sum that float32 rounded past the type's
        # range (2^31 from int32's largest) is its largest or smallest value.
        info = np.iinfo(x.dtype)
        wide = y.astype(np.float64)
        over = wide >= float(info.max) + 1
        under = wide < float(info.min)
        out = np.where(over | under, 0, y).astype(x.dtype)
        out[over] = info.max
        out[under] = info.min
        return out
    # f16: round to nearest even.
    return y.astype(x.dtype)
