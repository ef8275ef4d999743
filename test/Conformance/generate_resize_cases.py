#!/usr/bin/python3
"""Generates onnxc's own Resize conformance cases in the ONNX node-test layout.

    generate_resize_cases.py OUT_DIR

Writes OUT_DIR/<case>/model.onnx and test_data_set_0/{input,output}_<i>.pb
(X is always input 0) covering docs/semantics.md's Resize section: every
version (opsets 10, 11, 13, 18, 19) x mode x coordinate_transformation_mode x
nearest_mode; every element type (nearest for all, linear and cubic for the
numeric real ones, integers near their limits so that rounding and
saturation show); ranks 1 to 5, output and input lengths of 1, empty axes;
scales, sizes and roi as initializers and as graph inputs (then with symbolic
dimensions); tf_crop_and_resize with rois reaching outside [0, 1]; axes and
keep_aspect_ratio_policy; exclude_outside; antialias. Then random
multi-node graphs of Resize, Clip and Upsample (generate_resize_graphs.py),
whose nodes the references apply one by one. Expected outputs come from
resize_reference.py (and reference.py); compare them with run_node_test.py
--resize-tolerance. A case whose inputs the runtime must reject has
test_data_set_0/expected_error holding a part of the message instead of
outputs.
"""

import itertools
import os
import shutil
import sys
from fractions import Fraction

import numpy as np
from onnx import helper

import resize_reference as rr
from generate_cases import Case, INTEGERS, TYPES, Values
from generate_resize_graphs import graph_cases

F32 = np.float32
# Every case's model opset (10, 11, 13, 18, 19) is the Resize version it
# resolves to.
NUMERIC = INTEGERS + ["float16", "float32", "float64", "bfloat16"]
ALL_TYPES = NUMERIC + ["bool", "string", "complex64", "complex128"]
ROI_DTYPES = {"float16": np.float16, "float32": np.float32,
              "float64": np.float64}


def fmt(values):
    """A list of numbers as a case-name fragment: [0.5, 2] -> 0.5_2."""
    return "_".join(("%g" % v).replace("-", "m") for v in values)


def resize_case(name, opset, x, type_name, mode=None, ctm=None,
                nearest_mode=None, cubic_coeff_a=None, exclude_outside=None,
                extrapolation_value=None, axes=None, kar=None, scales=None,
                sizes=None, roi=None, roi_type="float32", form="constant",
                x_decl=None, y_decl=None, decl=None, expected_error=None,
                antialias=None, keep_ties=False):
    """One Resize node of model opset `opset`.

    Attributes left None are not written (their defaults apply). `form`
    is "constant" (scales, sizes and roi as initializers), "runtime" (graph
    inputs) or a dict naming the form of each. Resize-11's unused roi or
    scales is an empty float32 initializer. `decl` maps run-time scales,
    sizes or roi to a declared shape (default: the actual one). With
    run-time inputs the declared output shape is symbolic unless `y_decl`
    says otherwise. Integer X is moved off results near a rounding
    boundary (without_near_ties) unless `keep_ties`."""
    version = opset
    if isinstance(form, str):
        form = {"roi": form, "scales": form, "sizes": form}
    # Float attributes must be written as floats, whatever was passed.
    if cubic_coeff_a is not None:
        cubic_coeff_a = float(cubic_coeff_a)
    if extrapolation_value is not None:
        extrapolation_value = float(extrapolation_value)
    attrs = {}
    for key, value in (("mode", mode),
                       ("coordinate_transformation_mode", ctm),
                       ("nearest_mode", nearest_mode),
                       ("cubic_coeff_a", cubic_coeff_a),
                       ("exclude_outside", exclude_outside),
                       ("extrapolation_value", extrapolation_value),
                       ("axes", axes), ("keep_aspect_ratio_policy", kar),
                       ("antialias", antialias)):
        if value is not None:
            attrs[key] = value
    c = Case(name, opset)
    c.input("X", x, type_name, x_decl)

    def feed(what, array, array_type):
        if form[what] == "runtime":
            return c.input(what, array, array_type, (decl or {}).get(what))
        return c.initializer(what, array, array_type)

    scales_a = None if scales is None else np.array(scales, F32)
    sizes_a = None if sizes is None else np.array(sizes, np.int64)
    roi_a = None if roi is None else np.array(roi, ROI_DTYPES[roi_type])
    if version == 10:
        inputs = ["X", feed("scales", scales_a, "float32")]
    else:
        if roi_a is not None:
            roi_name = feed("roi", roi_a, roi_type)
        elif version == 11:
            roi_name = c.initializer("roi", np.zeros([0], F32), "float32")
        else:
            roi_name = ""
        if scales_a is not None:
            scales_name = feed("scales", scales_a, "float32")
        elif version == 11:
            scales_name = c.initializer("scales", np.zeros([0], F32),
                                        "float32")
        else:
            scales_name = ""
        sizes_name = "" if sizes_a is None else feed("sizes", sizes_a,
                                                     "int64")
        inputs = ["X", roi_name, scales_name, sizes_name]
        while inputs[-1] == "":
            inputs.pop()
    c.node("Resize", inputs, "Y", **attrs)

    runtime = any(form[k] == "runtime" for k, v in (
        ("roi", roi_a), ("scales", scales_a), ("sizes", sizes_a))
        if v is not None and not (k == "roi" and ctm != "tf_crop_and_resize"))
    if expected_error:
        c.expected_error = expected_error
        c.output("Y", np.zeros([1] * x.ndim, TYPES[type_name][1]),
                 type_name, y_decl or ["out%d" % i for i in range(x.ndim)])
        return c
    if type_name in INTEGERS and mode in ("linear", "cubic") and not keep_ties:
        x = without_near_ties(x, type_name, rr.resize_tables(
            x.shape, version, mode,
            ctm or "half_pixel", "round_prefer_floor",
            float(F32(-0.75 if cubic_coeff_a is None else cubic_coeff_a)),
            exclude_outside or 0, scales_a, sizes_a, roi_a, axes,
            kar or "stretch", antialias or 0))
        c.inputs[0] = ("X", x) + c.inputs[0][2:]
    y, shape = rr.resize(
        x, version, mode=mode or "nearest",
        coordinate_transformation_mode=ctm or "half_pixel",
        nearest_mode=nearest_mode or "round_prefer_floor",
        # The attributes are float32.
        cubic_coeff_a=float(F32(-0.75 if cubic_coeff_a is None
                                else cubic_coeff_a)),
        exclude_outside=exclude_outside or 0,
        extrapolation_value=float(F32(extrapolation_value or 0.0)),
        scales=scales_a, sizes=sizes_a, roi=roi_a, axes=axes,
        keep_aspect_ratio_policy=kar or "stretch",
        is_bf16=type_name == "bfloat16", antialias=antialias or 0)
    if y_decl is None and (runtime or x_decl is not None):
        y_decl = ["out%d" % i for i in range(len(shape))]
    c.output("Y", y, type_name, y_decl)
    return c


def without_near_ties(x, type_name, resize):
    """`x` with integers nudged by one where an integer result lies too near
    a rounding boundary (k + 1/2) for the order of a double sum not to
    matter (see fragile_outputs).

    64-bit integers are left alone: their cases use dyadic weights and
    values of few significant bits (wide_integers), whose sums are exact."""
    out_shape, tables = resize
    if x.size == 0 or 0 in out_shape or type_name in ("int64", "uint64"):
        return x
    info = np.iinfo(TYPES[type_name][1])
    x = x.copy()
    for _ in range(50):
        fragile = fragile_outputs(x, resize)
        if not fragile.any():
            return x
        for out_index in np.argwhere(fragile):
            # The input of the largest weight moves by one.
            index = list(out_index)
            for a, _, taps, w, _ in tables:
                row = int(out_index[a])
                index[a] = int(taps[row][int(np.argmax(w[row]))])
            v = int(x[tuple(index)])
            x[tuple(index)] = v + 1 if v < info.max else v - 1
    raise AssertionError("could not move X off rounding boundaries")


def fragile_outputs(x, resize):
    """Mask of the integer results of linear or cubic Resize (`resize`: what
    resize_reference.resize_tables returns) of the integers `x` that lie too
    near a rounding boundary (k + 1/2) for the order of a double sum not to
    matter. The result is computed exactly from the double weights; it is
    fragile within a few units in the last place of sum |w * x| of such a
    boundary, and on one unless the whole sum lies on a grid of 2^-F (F the
    weights' fraction bits) that double holds exactly in any order, as with
    scales 2 and 0.5: those ties stay, they check rounding half to even.
    Values of `x` must be exact in double."""
    out_shape, tables = resize
    if x.size == 0 or 0 in out_shape:
        return np.zeros(out_shape, bool)
    # Weights of 0 / 0 (exclude_outside far outside the input) belong to
    # extrapolated outputs: 0 will do.
    tables = [(a, i, taps, np.nan_to_num(w), m) for a, i, taps, w, m in tables]
    exact_tables = [(a, i, taps, np.vectorize(Fraction, otypes=[object])(w),
                     m) for a, i, taps, w, m in tables]
    abs_tables = [(a, i, taps, np.abs(w), m) for a, i, taps, w, m in tables]
    bits = np.zeros(out_shape)
    for a, _, _, w, _ in exact_tables:
        rows = np.array([max(v.denominator for v in row).bit_length() - 1
                         for row in w])
        bits = bits + rows.reshape([-1 if k == a else 1
                                    for k in range(len(out_shape))])
    outside = rr.extrapolated_mask(tables, out_shape)
    half = Fraction(1, 2)
    wide = np.vectorize(lambda v: Fraction(float(v)), otypes=[object])(x)
    exact = rr.interpolate(wide, exact_tables)
    magnitude = rr.interpolate(np.abs(x.astype(np.float64)), abs_tables)
    distance = np.vectorize(
        lambda v: float(abs(v - (v.numerator // v.denominator) - half)),
        otypes=[float])(exact)
    on_grid = magnitude * 2.0**bits < 2.0**52
    fragile = (distance <= magnitude * 2.0**-48) & ~(
        (distance == 0) & on_grid)
    if outside is not None:
        fragile &= ~outside
    return fragile


class Data:
    """Test data: Values' per type, distinct float32 values (so that a
    wrong nearest index shows), integers towards the type's limits."""

    def __init__(self, seed):
        self.values = Values(seed)
        self.rng = np.random.default_rng(seed + 1)

    def distinct(self, shape):
        n = int(np.prod(shape))
        v = self.rng.permutation(n) * 0.75 - n * 0.375
        return (v + self.rng.uniform(-0.25, 0.25, n).round(3)).astype(
            F32).reshape(shape)

    def numeric(self, type_name, shape):
        """Values for linear and cubic: no NaN or infinity (whose product
        with a zero weight is unspecified), integers of the whole range."""
        if type_name in ("int64", "uint64"):
            return self.wide_integers(type_name, shape)
        return self.values(type_name, shape, special=False)

    def extremes(self, type_name, shape):
        """The type's smallest and largest integers in runs, which cubic
        overshoots on both sides, between random ones."""
        info = np.iinfo(TYPES[type_name][1])
        flat = self.numeric(type_name, shape).reshape(-1)
        pattern = [info.min, info.min, info.max, info.max, info.min,
                   info.max]
        for i in range(0, flat.size, 2):
            flat[i] = pattern[(i // 2) % len(pattern)]
        return flat.reshape(shape)

    def wide_integers(self, type_name, shape):
        """64-bit integers whose products with dyadic weights are exact in
        double: multiples of 2^50 and the type's limits (an exact integer
        result must not depend on the order of a sum)."""
        info = np.iinfo(TYPES[type_name][1])
        n = int(np.prod(shape))
        lo = -8 if info.min < 0 else 0
        v = self.rng.integers(lo, 8, n).astype(object) * (1 << 50)
        v[::3] = info.max
        v[1::5] = info.min
        return np.array(list(v), dtype=TYPES[type_name][1]).reshape(shape)


def modes_of(version):
    return ("nearest", "linear") if version == 10 else ("nearest", "linear",
                                                         "cubic")


def crop_roi(rank):
    """A roi reaching outside [0, 1] on the last two axes (exact in
    float16)."""
    starts = [0.0] * rank
    ends = [1.0] * rank
    starts[-1], ends[-1] = -0.125, 0.875
    if rank > 1:
        starts[-2], ends[-2] = 0.25, 1.25
    return starts + ends


# Shapes with scales or sizes for the version x mode x coordinate matrix:
# integer and fractional, up and down, on one case's different axes.
MATRIX_CONFIGS = [
    ([4, 6], "scales", [2, 0.5]),
    ([5, 4], "scales", [0.6, 1.7]),
    ([3, 5], "scales", [3, 1.3]),
    ([4, 5], "sizes", [7, 3]),
    ([2, 3, 5], "scales", [1, 2.5, 0.4]),
    ([6, 3], "sizes", [3, 8]),
    ([5, 7], "scales", [0.5, 1.7]),
]
V10_CONFIGS = [([4, 6], [2, 0.5]), ([5, 4], [0.6, 1.7]),
               ([3, 5], [3, 1.3]), ([2, 3, 5], [1, 2.5, 0.4])]


def matrix_cases(data):
    """Every version x mode x coordinate mode (x nearest mode) on float32."""
    cases = []
    index = 0
    for opset in (10, 11, 13, 18, 19):
        version = opset
        for mode in modes_of(version):
            ctms = rr.coordinate_modes(version)
            nearest_modes = rr.NEAREST_MODES if (
                mode == "nearest" and version > 10) else (None,)
            for ctm, nearest in itertools.product(ctms, nearest_modes):
                form = "runtime" if index % 2 else "constant"
                if version == 10:
                    shape, values = V10_CONFIGS[index % len(V10_CONFIGS)]
                    kind = "scales"
                else:
                    shape, kind, values = MATRIX_CONFIGS[
                        index % len(MATRIX_CONFIGS)]
                index += 1
                x = data.distinct(shape)
                crop = ctm == "tf_crop_and_resize"
                a = None
                if mode == "cubic":
                    a = -0.5 if index % 3 == 0 else -0.75
                name = "resize%d_%s_%s_%s%s_%s_%s_%s" % (
                    version, mode,
                    ctm if version > 10 else "v10",
                    nearest + "_" if nearest else "",
                    kind, fmt(values), "x".join(map(str, shape)), form)
                cases.append(resize_case(
                    name, opset, x, "float32", mode=mode,
                    ctm=ctm if version > 10 else None, nearest_mode=nearest,
                    cubic_coeff_a=a,
                    extrapolation_value=0.5 if crop else None,
                    roi=crop_roi(len(shape)) if crop else None,
                    scales=values if kind == "scales" else None,
                    sizes=values if kind == "sizes" else None, form=form,
                    x_decl=["N"] + shape[1:] if form == "runtime" and
                    index % 4 == 1 else None))
    return cases


def type_cases(data):
    """Every element type: nearest for all, linear and cubic for the numeric
    real ones."""
    cases = []
    for type_name in ALL_TYPES:
        for opset, ctm, nearest, kind, values, form in (
                (11, "half_pixel", "round_prefer_ceil", "scales",
                 [1, 1.5, 0.6], "constant"),
                (19, "asymmetric", "floor", "sizes", [3, 2, 7], "runtime")):
            if type_name == "bfloat16" and opset < 13:
                opset = 13
            x = data.values(type_name, [2, 3, 5])
            cases.append(resize_case(
                "resize%d_%s_nearest_%s_%s_%s" % (opset, type_name,
                                                  ctm, nearest, form),
                opset, x, type_name, mode="nearest", ctm=ctm,
                nearest_mode=nearest,
                scales=values if kind == "scales" else None,
                sizes=values if kind == "sizes" else None, form=form))
    # Resize-10's nearest for types whose values it only moves.
    for type_name in ("int8", "bool", "string", "complex128", "float16"):
        x = data.values(type_name, [3, 4])
        cases.append(resize_case(
            "resize10_%s_nearest_v10_scales_1.5_0.5" % type_name, 10, x,
            type_name, mode="nearest", scales=[1.5, 0.5]))
        cases.append(resize_case(
            "resize10_%s_nearest_v10_scales_1.5_0.5_runtime" % type_name, 10,
            x, type_name, scales=[1.5, 0.5], form="runtime"))

    # bfloat16 rows whose gathers end in odd-width shuffles (which CPUs with
    # AVX512-BF16 select only as i16 shuffles).
    for form in ("constant", "runtime"):
        cases.append(resize_case(
            "resize13_bfloat16_nearest_x2_rows_of_17_" + form, 13,
            data.values("bfloat16", [3, 17]), "bfloat16", scales=[2, 2],
            form=form))

    # Linear and cubic for every numeric type, five forms each. Integers
    # near their limits: cubic overshoots them, so the results saturate;
    # 64-bit integers only with dyadic weights (scales 2 and 0.5 with
    # half_pixel or asymmetric), whose double sums are exact.
    for type_name in NUMERIC:
        wide = type_name in ("int64", "uint64")
        bf16 = type_name == "bfloat16"
        is_int = type_name in INTEGERS
        for opset, mode, ctm, kind, values, form, extra in (
                (13, "linear", "half_pixel", "scales",
                 [2, 0.5] if wide else [1.3, 0.6], "constant", {}),
                (11, "linear", "asymmetric", "sizes", [8, 3] if wide
                 else [7, 3], "runtime", {}),
                (19, "cubic", "half_pixel", "scales", [2, 0.5] if wide
                 else [2.5, 0.6], "runtime", {}),
                (18, "cubic", "asymmetric" if wide else "align_corners",
                 "scales", [2, 2] if wide else [1.7, 3], "constant",
                 # Normalised weights are not dyadic: not for 64 bits.
                 {"cubic_coeff_a": -0.5, "exclude_outside": int(not wide)}),
                (13, "cubic", "half_pixel" if wide else "pytorch_half_pixel",
                 "sizes", [2, 12] if wide else [9, 11], "constant", {})):
            if bf16 and opset < 13:
                opset = 13
            shape = [4, 6]
            x = (data.extremes(type_name, shape) if is_int and
                 mode == "cubic" else data.numeric(type_name, shape))
            cases.append(resize_case(
                "resize%d_%s_%s_%s_%s_%s_%s" % (
                    opset, type_name, mode, ctm, kind, fmt(values),
                    form), opset, x, type_name, mode=mode, ctm=ctm,
                scales=values if kind == "scales" else None,
                sizes=values if kind == "sizes" else None, form=form,
                **extra))

    # Halves: the average of two neighbours is rounded half to even.
    for type_name in ("int8", "int32", "uint8", "int64"):
        x = np.array([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8], TYPES[
            type_name][1])
        if not type_name.startswith("u"):
            x[8:] = [-1, -2, -2, -3]
        cases.append(resize_case(
            "resize13_%s_linear_halves_to_even" % type_name, 13, x,
            type_name, mode="linear", scales=[0.5]))
    # A linear result beyond a narrow type's range cannot come from linear
    # (a convex sum); float16 cubic can overshoot past its largest value,
    # and saturates there.
    x = np.array([[-65504, 65504, 65504, -65504, 1, 2]], np.float16)
    cases.append(resize_case(
        "resize13_float16_cubic_overflow", 13, x, "float16", mode="cubic",
        scales=[1, 2.5]))
    return cases


def shape_cases(data):
    """Ranks 1 to 5, output and input lengths of 1, empty axes."""
    cases = []
    for shape, scales in (([7], [1.7]), ([9], [0.4]),
                          ([2, 1, 3, 2, 3], [1, 2, 0.7, 1.5, 1.3]),
                          ([1, 2, 3, 4], [1, 1.5, 2, 0.5])):
        for mode in ("nearest", "linear", "cubic"):
            x = data.distinct(shape)
            cases.append(resize_case(
                "resize19_float32_%s_rank%d_scales_%s" % (
                    mode, len(shape), fmt(scales)), 19, x, "float32",
                mode=mode, ctm="half_pixel", scales=scales))
    c = resize_case("resize13_uint8_linear_rank5_runtime", 13,
                    data.values("uint8", [2, 2, 3, 1, 4]), "uint8",
                    mode="linear", scales=[1.5, 0.5, 2, 3, 1.3],
                    form="runtime", x_decl=["A", "B", "C", "D", "E"])
    cases.append(c)

    # Output length 1: L = s * n = 1.25 or 1 from scales, L = out = 1 from
    # sizes, in every coordinate mode (pytorch_half_pixel and align_corners
    # then take coordinate 0, tf_crop_and_resize the roi's centre).
    for ctm in rr.coordinate_modes(19):
        for mode in ("linear", "cubic"):
            for kind, shape, values in (("scales", [3, 5], [1, 0.25]),
                                        ("scales", [3, 4], [1, 0.25]),
                                        ("sizes", [3, 5], [2, 1])):
                if mode == "linear" and shape == [3, 4]:
                    continue
                crop = ctm == "tf_crop_and_resize"
                roi = [0, 0.125, 1, 0.75] if crop else None
                cases.append(resize_case(
                    "resize19_float32_%s_%s_out1_%s_%s_%s" % (
                        mode, ctm, kind, fmt(values), "x".join(
                            map(str, shape))),
                    19, data.distinct(shape), "float32", mode=mode, ctm=ctm,
                    scales=values if kind == "scales" else None,
                    sizes=values if kind == "sizes" else None, roi=roi,
                    form="runtime" if kind == "sizes" else "constant"))
    for nearest in rr.NEAREST_MODES:
        cases.append(resize_case(
            "resize11_float32_nearest_%s_out1_tf_crop" % nearest, 11,
            data.distinct([4, 6]), "float32", ctm="tf_crop_and_resize",
            nearest_mode=nearest, sizes=[1, 1],
            roi=[0.25, 0.125, 0.75, 0.625]))

    # Input length 1, broadcast along an axis in every mode.
    for ctm in ("half_pixel", "align_corners", "asymmetric",
                "tf_crop_and_resize", "pytorch_half_pixel"):
        for mode in ("nearest", "linear", "cubic"):
            crop = ctm == "tf_crop_and_resize"
            cases.append(resize_case(
                "resize13_float32_%s_%s_in1" % (mode, ctm), 13,
                data.distinct([1, 3]), "float32", mode=mode, ctm=ctm,
                scales=[4, 1.7], roi=[0.25, 0, 0.5, 1] if crop else None,
                extrapolation_value=-1 if crop else None))

    # Empty axes: an empty input axis (only scales can resize it), an empty
    # output (scale below 1 / n, size 0).
    for name, shape, kind, values, form in (
            ("empty_in", [0, 3], "scales", [2, 2], "constant"),
            ("empty_in_runtime", [2, 0, 3], "scales", [1.5, 3, 0.5],
             "runtime"),
            ("empty_out_scale", [3, 4], "scales", [0.3, 2], "constant"),
            ("empty_out_scale_runtime", [3, 4], "scales", [1, 0.2],
             "runtime"),
            ("empty_out_size", [3, 4], "sizes", [0, 5], "runtime"),
            ("empty_in_sizes_kept", [0, 4], "sizes", [0, 6], "constant")):
        for mode in ("nearest", "linear"):
            cases.append(resize_case(
                "resize13_float32_%s_%s" % (mode, name), 13,
                data.distinct(shape) if 0 not in shape
                else np.zeros(shape, F32), "float32", mode=mode,
                scales=values if kind == "scales" else None,
                sizes=values if kind == "sizes" else None, form=form))

    # Longer rows: vector loops and their remainders.
    x = data.distinct([2, 3, 40, 37])
    for mode in ("nearest", "linear", "cubic"):
        cases.append(resize_case(
            "resize19_float32_%s_2x3x40x37_scales_1_1_1.7_0.6" % mode, 19,
            x, "float32", mode=mode, scales=[1, 1, 1.7, 0.6]))
    cases.append(resize_case(
        "resize18_uint8_linear_2x3x40x37_sizes", 18,
        data.values("uint8", [2, 3, 40, 37]), "uint8", mode="linear",
        sizes=[2, 3, 67, 100], form="runtime"))
    # 53 -> 121 half_pixel: ties that float32 coordinates would break
    # differently.
    for nearest in ("round_prefer_floor", "round_prefer_ceil"):
        for kind in ("sizes", "scales"):
            cases.append(resize_case(
                "resize13_float32_nearest_%s_53_to_121_%s" % (nearest, kind),
                13, data.distinct([53]), "float32", ctm="half_pixel",
                nearest_mode=nearest,
                sizes=[121] if kind == "sizes" else None,
                scales=[121 / 53] if kind == "scales" else None))
    return cases


def long_row_cases(data):
    """Rows longer than onnx-specialize-gathers unrolls (513 to 1920
    elements): split where their tables repeat, with unrolled ends; and
    rows whose tables do not repeat (align_corners), left as gathers."""
    cases = []
    for width in (513, 1001, 1920):
        for mode, ctm in (("linear", "half_pixel"), ("linear", "asymmetric"),
                          ("linear", "align_corners"), ("cubic", "half_pixel"),
                          ("nearest", "asymmetric")):
            for scale in (2, 3, 1.5, 0.5):
                scales = [1, 2, scale]
                cases.append(resize_case(
                    "resize13_float32_%s_%s_row_of_%d_x%s" % (
                        mode, ctm, width, fmt([scale])), 13,
                    data.distinct([2, 3, width]), "float32", mode=mode,
                    ctm=ctm, scales=scales))
    for type_name in ("float16", "uint8", "float64"):
        cases.append(resize_case(
            "resize19_%s_linear_row_of_1920_x2" % type_name, 19,
            data.numeric(type_name, [1, 4, 1920]), type_name,
            mode="linear", ctm="half_pixel", scales=[1, 2, 2]))
    cases.append(resize_case(
        "resize19_float32_linear_row_of_1920_sizes", 19,
        data.distinct([1, 5, 1920]), "float32", mode="linear",
        ctm="half_pixel", sizes=[1, 10, 3843]))
    return cases


def crop_cases(data):
    """tf_crop_and_resize: rois partly outside [0, 1], in float16, float32
    and float64, constant and run-time, extrapolation values."""
    cases = []
    for opset, roi_type, mode, form, ev in (
            (11, "float32", "linear", "constant", None),
            (11, "float16", "nearest", "runtime", 10.5),
            (11, "float64", "cubic", "runtime", -3.0),
            (13, "float16", "linear", "runtime", 2.0),
            (13, "float64", "nearest", "constant", -1.5),
            (13, "float32", "cubic", "constant", 7.0),
            (18, "float32", "linear", "runtime", -0.25),
            (19, "float64", "linear", "constant", 100.0),
            (19, "float16", "cubic", "runtime", 0.0)):
        x = data.distinct([2, 5, 6])
        roi = [0, -0.25, 0.125, 1, 0.75, 1.375]
        for kind, values in (("scales", [1, 1.5, 0.7]),
                             ("sizes", [2, 4, 9])):
            cases.append(resize_case(
                "resize%d_float32_%s_tf_crop_roi_%s_%s_%s" % (
                    opset, mode, roi_type, kind, form), opset, x,
                "float32", mode=mode, ctm="tf_crop_and_resize",
                extrapolation_value=ev, roi=roi, roi_type=roi_type,
                scales=values if kind == "scales" else None,
                sizes=values if kind == "sizes" else None, form=form))
    # Constant roi, run-time sizes and the other way round.
    x = data.distinct([4, 5])
    roi = [-0.5, 0.25, 0.5, 1.5]
    cases.append(resize_case(
        "resize13_float32_linear_tf_crop_constant_roi_runtime_sizes", 13, x,
        "float32", mode="linear", ctm="tf_crop_and_resize", roi=roi,
        sizes=[5, 6], form={"roi": "constant", "sizes": "runtime"},
        extrapolation_value=9))
    cases.append(resize_case(
        "resize13_float32_cubic_tf_crop_runtime_roi_constant_scales", 13, x,
        "float32", mode="cubic", ctm="tf_crop_and_resize", roi=roi,
        scales=[1.5, 1.2], form={"roi": "runtime", "scales": "constant"},
        extrapolation_value=9))
    # A roi entirely outside, an inverted one (end < start), no roi (the
    # whole range, 13+).
    cases.append(resize_case(
        "resize19_float32_linear_tf_crop_roi_outside", 19, x, "float32",
        mode="linear", ctm="tf_crop_and_resize",
        roi=[1.25, -1, 2, -0.5], sizes=[3, 3], extrapolation_value=4))
    cases.append(resize_case(
        "resize19_float32_linear_tf_crop_roi_inverted", 19, x, "float32",
        mode="linear", ctm="tf_crop_and_resize",
        roi=[0.75, 1, 0.125, 0], sizes=[4, 5], form="runtime"))
    for mode in ("nearest", "linear"):
        cases.append(resize_case(
            "resize13_float32_%s_tf_crop_no_roi" % mode, 13, x, "float32",
            mode=mode, ctm="tf_crop_and_resize", scales=[1.5, 0.8]))
    # An empty roi is the whole range too: Resize-11's required one as
    # exporters write it (float[0]), and an empty one given at run time.
    cases.append(resize_case(
        "resize11_float32_linear_tf_crop_empty_roi", 11, x, "float32",
        mode="linear", ctm="tf_crop_and_resize", sizes=[3, 7]))
    c = resize_case(
        "resize13_float32_linear_tf_crop_runtime_empty_roi", 13, x,
        "float32", mode="linear", ctm="tf_crop_and_resize", roi=[],
        sizes=[3, 7], form={"roi": "runtime", "sizes": "constant"},
        decl={"roi": ["R"]})
    cases.append(c)
    # Strings crop without extrapolating: a roi inside the input, constant
    # and at run time.
    for form in ("constant", "runtime"):
        cases.append(resize_case(
            "resize19_string_nearest_tf_crop_inside_" + form, 19,
            data.values("string", [3, 4]), "string",
            ctm="tf_crop_and_resize", roi=[0.5, 0, 1, 0.75], sizes=[2, 5],
            form={"roi": form, "sizes": "constant"}))
    # Scales of 1 with a cropping roi: the formulas apply, no copy of X.
    cases.append(resize_case(
        "resize13_float32_linear_tf_crop_scale1", 13, x, "float32",
        mode="linear", ctm="tf_crop_and_resize",
        roi=[0.25, 0.125, 0.75, 0.875], scales=[1, 1]))
    # A roi input with other modes is ignored.
    cases.append(resize_case(
        "resize11_float32_linear_half_pixel_roi_ignored", 11, x, "float32",
        mode="linear", ctm="half_pixel", roi=[0.5, 0.5, 0.25, 0.25],
        scales=[1.5, 0.8], form="runtime"))
    # extrapolation_value as an element of each type: integers truncated
    # toward zero and saturated, NaN 0; floats rounded to nearest (1e5 is
    # float16's infinity); bool value != 0, NaN true; complex value + 0i.
    # The same value on both sides of the input.
    for type_name, mode, ev in (("uint8", "nearest", -7.5),
                                ("uint8", "linear", 300),
                                ("int8", "cubic", -1000),
                                ("int16", "linear", 2.5),
                                ("int32", "nearest", 3.5),
                                ("int32", "linear", -3.75),
                                ("int32", "linear", np.nan),
                                ("uint16", "nearest", np.nan),
                                ("int64", "nearest", -1e30),
                                ("bool", "nearest", np.nan),
                                ("bool", "nearest", 0.25),
                                ("bool", "nearest", 0),
                                ("complex64", "nearest", 2.5),
                                ("complex128", "nearest", -1),
                                ("float16", "linear", 1e5),
                                ("float32", "nearest", np.nan),
                                ("bfloat16", "nearest", 1.00390625)):
        cases.append(resize_case(
            "resize13_%s_%s_tf_crop_extrapolation_%s" % (
                type_name, mode, fmt([ev])), 13,
            data.values(type_name, [3, 4]) if mode == "nearest"
            else data.numeric(type_name, [3, 4]), type_name, mode=mode,
            ctm="tf_crop_and_resize", extrapolation_value=ev,
            roi=[-0.5, 0, 1, 1.25], sizes=[4, 5]))
    return cases


def axes_cases(data):
    """axes (negative, unordered, a subset) and keep_aspect_ratio_policy."""
    cases = []
    x = data.distinct([2, 3, 5, 6])
    for opset, axes, kind, values, mode, form in (
            (18, [3, -2], "scales", [0.6, 1.5], "linear", "constant"),
            (18, [-1], "sizes", [4], "nearest", "runtime"),
            (19, [2, 0], "scales", [1.7, 2], "cubic", "runtime"),
            (19, [-3, -1], "sizes", [2, 11], "linear", "constant"),
            (18, [1, 3, 2], "scales", [0.5, 1.3, 2], "nearest", "runtime"),
            (19, [0, 1, 2, 3], "sizes", [3, 2, 4, 9], "cubic", "runtime")):
        cases.append(resize_case(
            "resize%d_float32_%s_axes_%s_%s_%s_%s" % (
                opset, mode, fmt(axes), kind, fmt(values), form), opset, x,
            "float32", mode=mode, axes=axes,
            scales=values if kind == "scales" else None,
            sizes=values if kind == "sizes" else None, form=form))
    # tf_crop_and_resize with axes: the roi holds the listed axes only.
    for axes, form in (([3, 2], "constant"), ([-2], "runtime")):
        roi = ([-0.25, 0.125, 1.0, 0.75] if len(axes) == 2
               else [0.25, 1.25])
        cases.append(resize_case(
            "resize18_float32_linear_tf_crop_axes_%s_%s" % (fmt(axes), form),
            18, x, "float32", mode="linear", ctm="tf_crop_and_resize",
            axes=axes, roi=roi, sizes=[4, 3][:len(axes)], form=form,
            extrapolation_value=-2))
    # keep_aspect_ratio_policy: one scale for the listed axes, lengths
    # rounded half up.
    for opset, kar, axes, values, mode, ctm, form in (
            (18, "not_larger", None, [2, 3, 7, 9], "nearest", "half_pixel",
             "constant"),
            (18, "not_smaller", None, [2, 3, 7, 9], "linear", "half_pixel",
             "runtime"),
            (19, "not_larger", [2, 3], [3, 9], "linear", "align_corners",
             "runtime"),
            (19, "not_smaller", [-1, -2], [3, 3], "cubic",
             "pytorch_half_pixel", "constant"),
            (18, "not_larger", [3, 2], [13, 7], "cubic", "asymmetric",
             "runtime"),
            (19, "not_smaller", [2, 3], [4, 5], "nearest",
             "half_pixel_symmetric", "constant"),
            (19, "not_larger", [2, 3], [8, 7], "linear",
             "half_pixel_symmetric", "runtime"),
            (18, "stretch", [2, 3], [3, 9], "linear", "half_pixel",
             "constant")):
        cases.append(resize_case(
            "resize%d_float32_%s_%s_%s_axes_%s_sizes_%s_%s" % (
                opset, mode, ctm, kar, fmt(axes or []), fmt(values), form),
            opset, x, "float32", mode=mode, ctm=ctm, kar=kar, axes=axes,
            sizes=values, form=form))
    # tf_crop_and_resize with keep_aspect_ratio_policy: L = out.
    for kar, form in (("not_larger", "constant"), ("not_smaller", "runtime")):
        cases.append(resize_case(
            "resize19_float32_linear_tf_crop_%s_axes_2_3_sizes_3_9_%s" % (
                kar, form), 19, x, "float32", mode="linear",
            ctm="tf_crop_and_resize", kar=kar, axes=[2, 3], sizes=[3, 9],
            roi=[0.125, -0.25, 1, 0.75], extrapolation_value=-5, form=form))
    # Resizes of so many axes that one gather would sum too many products
    # of taps (cubic over 4 axes, linear over 7) go axis by axis: floats,
    # integers (the reference's order), run-time scales, a crop whose
    # extrapolation is selected once at the end.
    for (opset, type_name, mode, ctm, shape, values, form, extra) in (
            (19, "float32", "cubic", "half_pixel", [3, 4, 5, 6],
             [1.5, 0.6, 2, 0.7], "constant", {}),
            (19, "uint8", "cubic", "align_corners", [3, 4, 5, 6],
             [1.5, 0.6, 2, 0.7], "runtime", {"exclude_outside": 1}),
            (13, "float64", "linear", "asymmetric", [2] * 7,
             [1.5, 1, 2, 0.5, 1.5, 2, 1.5], "runtime", {}),
            (13, "int16", "linear", "tf_crop_and_resize", [2, 3] * 3 + [2],
             [1.5] * 7, "constant",
             {"roi": [-0.25] * 7 + [1.25] * 7, "extrapolation_value": 7})):
        cases.append(resize_case(
            "resize%d_%s_%s_%s_rank%d_axis_by_axis_%s" % (
                opset, type_name, mode, ctm, len(shape), form), opset,
            data.numeric(type_name, shape), type_name, mode=mode, ctm=ctm, scales=values, form=form,
            **extra))
    # Passes of a Resize of rank over 4 see their operand as the axes
    # before the pass's, its own and the axes after: first, middle and last
    # axes resized, symbolic dimensions, antialias, integers.
    for (opset, type_name, mode, shape, values, symbolic, extra) in (
            (19, "float32", "cubic", [2, 3, 2, 3, 4, 3],
             [2, 1.5, 1, 2, 1.25, 2], True, {}),
            (19, "float32", "linear", [3, 2, 2, 2, 5],
             [0.5, 2, 2, 1.5, 0.6], True, {}),
            (18, "float32", "linear", [4, 2, 3, 2, 6],
             [0.5, 1, 0.7, 1, 0.5], False, {"antialias": 1}),
            (18, "uint8", "cubic", [2, 5, 2, 3, 6],
             [1.5, 0.6, 1, 2, 0.5], True, {"antialias": 1}),
            (13, "int32", "cubic", [2, 3, 2, 3, 2],
             [1.5, 2, 1, 1.5, 2], False, {})):
        cases.append(resize_case(
            "resize%d_%s_%s_rank%d_passes_of_three_axes%s%s" % (
                opset, type_name, mode, len(shape),
                "_antialias" if extra else "",
                "_symbolic" if symbolic else ""), opset,
            data.numeric(type_name, shape), type_name, mode=mode,
            scales=values,
            x_decl=["D%d" % i for i in range(len(shape))] if symbolic
            else None, **extra))
    # Axes not listed go through the formulas at scale 1, which with
    # tf_half_pixel_for_nn moves them by half an input.
    for mode in ("linear", "nearest", "cubic"):
        cases.append(resize_case(
            "resize18_float32_%s_tf_half_pixel_for_nn_axes_0" % mode, 18,
            data.distinct([3, 4]), "float32", mode=mode,
            ctm="tf_half_pixel_for_nn", nearest_mode="round_prefer_ceil",
            axes=[0], scales=[2]))
    # Axes of constant scale 1 and symbolic length are copies in every mode
    # but tf_half_pixel_for_nn and tf_crop_and_resize (there they go
    # through the formulas), beside resized ones.
    for mode, ctm, extra in (
            ("nearest", "half_pixel", {}),
            ("nearest", "tf_half_pixel_for_nn",
             {"nearest_mode": "round_prefer_ceil"}),
            ("nearest", "asymmetric", {"nearest_mode": "ceil"}),
            ("linear", "half_pixel", {}),
            ("linear", "align_corners", {}),
            ("linear", "pytorch_half_pixel", {}),
            ("linear", "half_pixel_symmetric", {}),
            ("linear", "tf_half_pixel_for_nn", {}),
            ("cubic", "half_pixel", {"exclude_outside": 1}),
            ("cubic", "asymmetric", {})):
        cases.append(resize_case(
            "resize19_float32_%s_%s_scale_1_symbolic_axes" % (mode, ctm), 19,
            data.distinct([2, 3, 4, 5]), "float32", mode=mode, ctm=ctm,
            scales=[1, 1, 2, 1.5], x_decl=["N", "C", "H", "W"], **extra))
    # An innermost axis of symbolic length and a constant integer scale is
    # computed by phases whose taps lie at fixed offsets, its ends clamped:
    # every such mode, factors 2 to 4, rows of 1 to 7 elements (shorter
    # than the clamped ends, too), other axes resized beside it.
    for (type_name, mode, ctm, shape, scales) in (
            ("float32", "linear", "half_pixel", [2, 3, 4, 5], [1, 1, 2, 2]),
            ("float32", "linear", "asymmetric", [1, 2, 3, 7], [1, 1, 1.5, 3]),
            ("float32", "linear", "pytorch_half_pixel", [1, 1, 6, 4],
             [1, 1, 0.5, 4]),
            ("float32", "linear", "half_pixel_symmetric", [2, 2, 3, 3],
             [1, 2, 1, 2]),
            ("float32", "linear", "tf_half_pixel_for_nn", [1, 2, 3, 5],
             [1, 1, 2, 2]),
            ("float32", "cubic", "half_pixel", [1, 2, 4, 6], [1, 1, 2, 2]),
            ("float32", "cubic", "asymmetric", [1, 1, 3, 2], [1, 1, 1, 3]),
            ("float32", "cubic", "half_pixel", [2, 1], [1, 4]),
            ("float32", "linear", "half_pixel", [3, 1], [2, 2]),
            ("float32", "linear", "half_pixel", [5], [2]),
            ("float64", "cubic", "pytorch_half_pixel", [2, 3, 3], [1, 2, 2]),
            ("float16", "linear", "half_pixel", [1, 2, 3, 4], [1, 1, 2, 2]),
            ("uint8", "linear", "half_pixel", [1, 3, 4, 5], [1, 1, 2, 2]),
            ("int16", "cubic", "asymmetric", [1, 2, 3, 4], [1, 1, 2, 4])):
        cases.append(resize_case(
            "resize19_%s_%s_%s_%s_symbolic_integer_factor" % (
                type_name, mode, ctm, fmt(scales)), 19,
            data.numeric(type_name, shape), type_name, mode=mode, ctm=ctm,
            scales=scales, x_decl=["D%d" % i for i in range(len(shape))]))
    # Nearest on such an axis: each phase reads one element at a fixed
    # offset, for every element type.
    for (opset, type_name, ctm, nearest_mode, shape, scales) in (
            (19, "float32", "half_pixel", None, [1, 2, 3, 5], [1, 1, 2, 2]),
            (19, "int64", "asymmetric", "ceil", [2, 4], [1, 3]),
            (13, "uint8", "tf_half_pixel_for_nn", "round_prefer_ceil",
             [2, 3], [1, 2]),
            (19, "string", "half_pixel", None, [5], [2]),
            (19, "bool", "pytorch_half_pixel", "floor", [2, 3], [1, 4]),
            (19, "complex64", "asymmetric", None, [2, 3], [2, 2]),
            (19, "float32", "half_pixel_symmetric", "round_prefer_ceil", [1],
             [3]),
            (10, "float32", None, None, [3, 4], [1, 2])):
        cases.append(resize_case(
            "resize%d_%s_nearest_%s_%s_%s_symbolic_integer_factor" % (
                opset, type_name, ctm or "v10", nearest_mode or "default",
                fmt(scales)), opset,
            data.values(type_name, shape), type_name,
            mode="nearest", ctm=ctm, nearest_mode=nearest_mode,
            scales=scales, x_decl=["D%d" % i for i in range(len(shape))]))
    # half_pixel_symmetric divides by s * n, not by the policy's rounded
    # output length.
    for kar, form in (("not_larger", "constant"), ("not_smaller", "runtime")):
        cases.append(resize_case(
            "resize19_float32_linear_half_pixel_symmetric_%s_sizes_5_4_%s" % (
                kar, form), 19, data.distinct([3, 4]), "float32",
            mode="linear", ctm="half_pixel_symmetric", kar=kar, sizes=[5, 4],
            form=form))
    # Empty axes take no part in keep_aspect_ratio_policy and stay empty.
    for kar, sizes, form in (("not_larger", [4, 0], "constant"),
                             ("not_smaller", [4, 3], "constant"),
                             ("not_larger", [4, 0], "runtime")):
        cases.append(resize_case(
            "resize18_float32_nearest_%s_empty_axis_sizes_%s_%s" % (
                kar, fmt(sizes), form), 18, np.zeros([2, 0], F32), "float32",
            kar=kar, sizes=sizes, form=form))
    cases.append(resize_case(
        "resize18_float32_nearest_not_smaller_all_empty", 18,
        np.zeros([0, 0], F32), "float32", kar="not_smaller", sizes=[0, 0]))
    # keep_aspect_ratio_policy has no effect with scales.
    cases.append(resize_case(
        "resize18_float32_linear_not_larger_with_scales", 18, x, "float32",
        mode="linear", kar="not_larger", scales=[1, 1, 2, 0.5]))
    return cases


def cubic_cases(data):
    """exclude_outside with both usual coefficients, at both edges."""
    cases = []
    for a, ex, ctm, values in ((-0.5, 1, "half_pixel", [3, 0.6]),
                               (-0.75, 1, "half_pixel", [0.5, 2.5]),
                               (-0.5, 1, "asymmetric", [1.7, 4]),
                               (-0.75, 1, "align_corners", [2, 0.7]),
                               (-0.75, 0, "tf_half_pixel_for_nn", [2, 0.7]),
                               (-0.5, 1, "tf_crop_and_resize", [1.3, 2])):
        opset = 11 if ctm == "tf_half_pixel_for_nn" else 13
        crop = ctm == "tf_crop_and_resize"
        cases.append(resize_case(
            "resize%d_float32_cubic_a%s_exclude%d_%s_%s" % (
                opset, fmt([a]), ex, ctm, fmt(values)), opset,
            data.distinct([5, 6]), "float32", mode="cubic", ctm=ctm,
            cubic_coeff_a=a, exclude_outside=ex, scales=values,
            roi=[-0.25, 0, 1, 1.25] if crop else None))
    # Real floats growing the last axis and another go axis by axis (one
    # pass per axis): every coordinate mode, both coefficients, with and
    # without exclude_outside, lengths of 1 and 2, scales of 1 on an axis,
    # sizes, unordered axes, and the float types.
    for i, (ctm, a, ex) in enumerate(itertools.product(
            ("half_pixel", "pytorch_half_pixel", "align_corners",
             "asymmetric", "half_pixel_symmetric"), (-0.5, -0.75), (0, 1))):
        shape, values = (([2, 3, 4], [1, 2, 2.5]), ([1, 1, 5], [1, 1.6, 3]),
                         ([2, 2, 1, 6], [1, 1, 4, 1.5]),
                         ([3, 2, 5], [1.5, 1, 2]))[i % 4]
        cases.append(resize_case(
            "resize19_float32_cubic_axis_by_axis_%s_a%s_exclude%d_%s_%s" % (
                ctm, fmt([a]), ex, "x".join(map(str, shape)), fmt(values)),
            19, data.distinct(shape), "float32", mode="cubic", ctm=ctm,
            cubic_coeff_a=a, exclude_outside=ex, scales=values))
    for type_name in ("float16", "bfloat16", "float64"):
        cases.append(resize_case(
            "resize13_%s_cubic_axis_by_axis" % type_name, 13,
            data.numeric(type_name, [2, 4, 5]), type_name, mode="cubic",
            ctm="half_pixel", scales=[1, 2, 1.4]))
    cases.append(resize_case(
        "resize18_float32_cubic_axis_by_axis_sizes_axes", 18,
        data.distinct([2, 3, 4]), "float32", mode="cubic", ctm="half_pixel",
        axes=[2, 1], sizes=[9, 7]))
    return cases


def misc_cases(data):
    """Attribute defaults, Resize-10's rules, tf_half_pixel_for_nn (and its
    leniency in 13+), scales of 1 (no shortcut)."""
    cases = []
    x = data.distinct([3, 4])
    for opset, scales in ((10, [2, 0.5]), (11, [1.5, 2.5]), (13, [0.7, 3]),
                          (18, [1.3, 0.5]), (19, [2.5, 1.5])):
        cases.append(resize_case(
            "resize%d_float32_defaults" % opset, opset, x, "float32",
            scales=scales))
        cases.append(resize_case(
            "resize%d_float32_cubic_defaults" % opset if opset > 10 else
            "resize10_float32_linear_defaults", opset, x, "float32",
            mode="cubic" if opset > 10 else "linear", scales=scales))
    # Resize-10: ceil below scale 1, floor from 1 on, per axis; linear
    # clamped at the edges; fractional scales; run-time scales with a
    # symbolic input.
    for scales, form in (([0.5, 0.75], "constant"), ([1, 0.6], "runtime"),
                         ([2.5, 1.3], "runtime"), ([0.34, 3], "constant"),
                         ([1.7, 0.9], "runtime")):
        for mode in ("nearest", "linear"):
            cases.append(resize_case(
                "resize10_float32_%s_v10_%s_%s" % (mode, fmt(scales), form),
                10, data.distinct([5, 7]), "float32", mode=mode,
                scales=scales, form=form,
                x_decl=["H", "W"] if form == "runtime" else None))
    # Output lengths floor(double(n) * double(s)): float32 1.3 and 0.7 lie
    # below 1.3 and 0.7, so 10 x 1.3 -> 12 and 10 x 0.7 -> 6.
    for opset, form in ((10, "constant"), (13, "runtime"), (19, "constant")):
        cases.append(resize_case(
            "resize%d_float32_linear_lengths_10_by_1.3_0.7_%s" % (opset,
                                                                   form),
            opset, data.distinct([10, 10]), "float32", mode="linear",
            scales=[1.3, 0.7], form=form))
    # Large and small factors; an explicit antialias=0; another cubic
    # coefficient.
    cases.append(resize_case(
        "resize19_float32_nearest_scales_8_0.1", 19, data.distinct([3, 30]),
        "float32", scales=[8, 0.1], nearest_mode="round_prefer_ceil"))
    c = resize_case("resize18_float32_linear_antialias0", 18,
                    data.distinct([4, 6]), "float32", mode="linear",
                    scales=[0.5, 0.6])
    c.nodes[0].attribute.extend([helper.make_attribute("antialias", 0)])
    cases.append(c)
    cases.append(resize_case(
        "resize13_float32_cubic_a_m0.6_scales_1.5_2.5", 13, x, "float32",
        mode="cubic", cubic_coeff_a=-0.6, scales=[1.5, 2.5]))
    # Resize-10 linear on other types.
    for type_name in ("int16", "uint8", "float16", "float64"):
        cases.append(resize_case(
            "resize10_%s_linear_v10_scales_1.7_0.6" % type_name, 10,
            data.numeric(type_name, [4, 5]), type_name, mode="linear",
            scales=[1.7, 0.6]))
    # tf_half_pixel_for_nn with a scale of 1 moves X by half an element.
    for opset, mode, nearest in ((11, "nearest", "ceil"),
                                 (11, "linear", None),
                                 (13, "nearest", "round_prefer_floor"),
                                 (18, "linear", None)):
        cases.append(resize_case(
            "resize%d_float32_%s_tf_half_pixel_for_nn_scale1%s" % (
                opset, mode, "_" + nearest if nearest else ""),
            opset, x, "float32", mode=mode, ctm="tf_half_pixel_for_nn",
            nearest_mode=nearest, scales=[1, 1]))
    # Scales of 1 through every other mode: formulas, not a copy.
    for ctm in ("pytorch_half_pixel", "align_corners", "half_pixel_symmetric"):
        cases.append(resize_case(
            "resize19_float32_cubic_%s_scale1" % ctm, 19, x, "float32",
            mode="cubic", ctm=ctm, scales=[1, 1], form="runtime"))
    # Coordinates in double, not float32: with the scale float32(2/3),
    # output 1 maps to 1 / s = 1.49999996 (float32 would say 1.5), so
    # linear gives X[1] + 0.49999996 (X[1] + 0.5 would round to even) and
    # nearest round_prefer_ceil takes X[1].
    two_thirds = float(F32(2 / 3))
    for opset, type_name, mode, form in ((13, "uint8", "linear", "constant"),
                                         (19, "int32", "linear", "runtime"),
                                         (10, "uint8", "linear", "constant"),
                                         (11, "float32", "nearest",
                                          "runtime"),
                                         (19, "int8", "nearest",
                                          "constant")):
        probe = np.array([[0, 1, 2], [4, 1000001, 1000002]][
            type_name == "int32"], TYPES[type_name][1])
        cases.append(resize_case(
            "resize%d_%s_%s_asymmetric_double_coordinates_%s" % (
                opset, type_name, mode, form), opset, probe, type_name,
            mode=mode, ctm="asymmetric" if opset > 10 else None,
            nearest_mode="round_prefer_ceil" if mode == "nearest" else None,
            scales=[two_thirds], form=form))
    # The declared output shape agrees with run-time scales.
    cases.append(resize_case(
        "resize13_float32_linear_runtime_declared_shape", 13, x, "float32",
        mode="linear", scales=[2, 0.5], form="runtime", y_decl=[6, 2]))
    # Rows of the largest float32s of either sign next to each other,
    # through the row groups of a graph output (x2 on both axes): weighted
    # as w0 a + w1 b they stay finite, where a + w1 (b - a) would overflow.
    extremes = np.full([4, 4], 3e38, F32)
    extremes[1::2] = -3e38
    for opset, ctm in ((19, "half_pixel"), (13, "asymmetric")):
        cases.append(resize_case(
            "resize%d_float32_linear_x2_extremes_%s" % (opset, ctm), opset,
            extremes, "float32", mode="linear", ctm=ctm, scales=[2, 2]))
    # An empty scales input of Resize-11 given at run time means sizes.
    c = resize_case("resize11_float32_linear_runtime_empty_scales", 11, x,
                    "float32", mode="linear", sizes=[5, 3],
                    form="runtime")
    c.initializers = [t for t in c.initializers if t.name != "scales"]
    c.input("scales", np.zeros([0], F32), "float32")
    cases.append(c)
    # The same with scales declared of unknown length, at 11 and 13: sizes
    # decides when the scales given are empty.
    for opset in (11, 13):
        c = resize_case(
            "resize%d_float32_linear_runtime_scales_of_any_length_empty" %
            opset, opset, x, "float32", mode="linear", sizes=[5, 3],
            form="runtime")
        c.initializers = [t for t in c.initializers if t.name != "scales"]
        c.input("scales", np.zeros([0], F32), "float32", ["K"])
        c.nodes[0].input[2] = "scales"
        cases.append(c)
    # half_pixel_symmetric coordinates that are integers in exact
    # arithmetic (1 here, at scale 0.4 of 3): floored as the reference's
    # double sum, added in its order, floors them.
    for form in ("constant", "runtime"):
        cases.append(resize_case(
            "resize19_uint8_nearest_half_pixel_symmetric_floor_tie_" + form,
            19, np.array([10, 20, 30], np.uint8), "uint8", mode="nearest",
            ctm="half_pixel_symmetric", nearest_mode="floor", scales=[0.4],
            form=form))
    return cases


def error_cases(data):
    """Run-time inputs the runtime must reject."""
    cases = []
    x = data.distinct([3, 4])
    for name, opset, kind, values, count_decl, message in (
            ("zero_scale", 13, "scales", [1, 0], None,
             "scales must be finite and > 0"),
            ("negative_scale", 19, "scales", [-2, 1], None,
             "scales must be finite and > 0"),
            ("nan_scale", 18, "scales", [np.nan, 2], None,
             "scales must be finite and > 0"),
            ("inf_scale", 11, "scales", [2, np.inf], None,
             "scales must be finite and > 0"),
            ("v10_zero_scale", 10, "scales", [0, 1], None,
             "scales must be finite and > 0"),
            ("negative_size", 13, "sizes", [3, -1], None,
             "sizes must be >= 0"),
            ("scale_count", 13, "scales", [1, 2, 2], ["K"],
             "'scales' must hold 2 values"),
            ("v10_scale_count", 10, "scales", [2], ["K"],
             "'scales' must hold 2 values")):
        cases.append(resize_case(
            "error_resize%d_%s" % (opset, name), opset, x,
            "float32", scales=values if kind == "scales" else None,
            sizes=values if kind == "sizes" else None, form="runtime",
            decl={kind: count_decl}, expected_error=message))
    cases.append(resize_case(
        "error_resize13_empty_to_nonempty", 13, np.zeros([0, 4], F32),
        "float32", sizes=[2, 4], form="runtime", x_decl=["N", 4],
        expected_error="an empty input dimension cannot be resized to a "
                       "non-empty one"))
    cases.append(resize_case(
        "error_resize13_declared_output", 13, x, "float32", scales=[2, 2],
        form="runtime", y_decl=[6, 7],
        expected_error="the output shape differs from the one the model "
                       "declares"))
    cases.append(resize_case(
        "error_resize18_axes_scale_count", 18, x, "float32", axes=[1],
        scales=[2, 2], form="runtime", decl={"scales": ["K"]},
        expected_error="'scales' must hold 1 values"))
    cases.append(resize_case(
        "error_resize19_sizes_count", 19, x, "float32", sizes=[2, 2, 2],
        form="runtime", decl={"sizes": ["K"]},
        expected_error="'sizes' must hold 2 values"))
    cases.append(resize_case(
        "error_resize13_roi_count", 13, x, "float32", mode="linear",
        ctm="tf_crop_and_resize", roi=[0, 0, 1], sizes=[2, 2],
        form="runtime", decl={"roi": ["R"]},
        expected_error="'roi' must hold 4 values"))
    cases.append(resize_case(
        "error_resize13_huge_scale", 13, x, "float32", scales=[1, 1e30],
        form="runtime", expected_error="an output dimension is too large"))
    # Scales beside sizes must be empty, decided per run.
    c = resize_case(
        "error_resize11_scales_and_sizes", 11, x, "float32", sizes=[5, 3],
        form="runtime",
        expected_error="takes exactly one of 'scales' and 'sizes', but has "
                       "both")
    c.initializers = [t for t in c.initializers if t.name != "scales"]
    c.input("scales", np.array([2, 2], F32), "float32", ["K"])
    cases.append(c)
    for value in (np.nan, np.inf):
        cases.append(resize_case(
            "error_resize13_roi_%s" % fmt([value]), 13, x, "float32",
            mode="linear", ctm="tf_crop_and_resize", roi=[0, value, 1, 1],
            sizes=[2, 2], form={"roi": "runtime", "sizes": "constant"},
            expected_error="roi must be finite"))
    # A string tensor has no extrapolation_value: a run-time roi that maps
    # an output outside the input is refused before the kernel.
    cases.append(resize_case(
        "error_resize19_string_tf_crop_outside", 19,
        data.values("string", [3, 4]), "string", ctm="tf_crop_and_resize",
        roi=[0, -0.5, 1, 1], sizes=[3, 3],
        form={"roi": "runtime", "sizes": "constant"},
        expected_error="tf_crop_and_resize maps outputs outside the input, "
                       "and a string tensor has no extrapolation_value"))
    return cases


def antialias_cases(data):
    """antialias (18+): linear and cubic shrinking with a kernel stretched
    by 1 / s, in every coordinate mode, with scales and sizes, axes and
    keep_aspect_ratio_policy, exclude_outside, tf_crop_and_resize's roi and
    extrapolation, an output of one element that every input reaches, axes
    growing beside shrinking ones (no effect there), every numeric kind of
    type (integers near their limits: cubic overshoots them)."""
    cases = []
    for (opset, type_name, mode, ctm, shape, kind, values, form,
         extra) in (
            (18, "float32", "linear", None, [1, 2, 9, 11], "scales",
             [1, 1, 0.5, 0.6], "constant", {}),
            (18, "float32", "cubic", "half_pixel", [2, 13, 10], "scales",
             [1, 0.3, 0.75], "runtime", {}),
            (19, "float32", "linear", "align_corners", [10, 13], "sizes",
             [4, 5], "constant", {}),
            (19, "float32", "cubic", "asymmetric", [12, 4], "scales",
             [0.25, 2], "runtime", {}),
            (19, "float32", "cubic", "half_pixel_symmetric", [11, 9],
             "scales", [0.6, 0.45], "constant", {}),
            (19, "float32", "linear", "half_pixel_symmetric", [11, 9],
             "sizes", [4, 5], "runtime", {}),
            (18, "float32", "cubic", "pytorch_half_pixel", [9, 12],
             "scales", [0.4, 0.7], "constant",
             {"cubic_coeff_a": -0.5, "exclude_outside": 1}),
            (19, "float32", "cubic", "half_pixel", [8, 7], "scales",
             [0.5, 0.6], "runtime", {"exclude_outside": 1}),
            (19, "float32", "linear", "half_pixel", [2, 3, 10, 14],
             "sizes", [5, 4], "constant",
             {"axes": [3, -2], "kar": "not_larger"}),
            (18, "float32", "cubic", "asymmetric", [2, 3, 10, 14], "sizes",
             [3, 9], "runtime", {"axes": [2, 3], "kar": "not_smaller"}),
            (18, "float32", "linear", "tf_half_pixel_for_nn", [6, 8],
             "scales", [0.5, 0.75], "constant", {}),
            (18, "float32", "linear", "tf_crop_and_resize", [9, 12],
             "scales", [0.6, 0.5], "constant",
             {"roi": [-0.25, 0.125, 0.875, 1.25],
              "extrapolation_value": -2}),
            (19, "float32", "cubic", "tf_crop_and_resize", [10, 11],
             "sizes", [4, 6], "runtime",
             {"roi": [0.125, -0.125, 1, 0.75], "exclude_outside": 1}),
            (19, "float32", "linear", "pytorch_half_pixel", [5, 7],
             "scales", [0.2, 0.15], "constant", {}),
            (19, "float32", "cubic", "half_pixel", [5, 7], "sizes", [1, 1],
             "runtime", {}),
            (18, "float32", "cubic", "half_pixel", [3, 4], "scales",
             [2, 1.5], "constant", {}),
            (18, "float32", "nearest", "half_pixel", [6, 8], "scales",
             [0.5, 0.6], "constant", {}),
            (19, "float32", "cubic", "half_pixel", [2, 3, 40, 37],
             "scales", [1, 1, 0.45, 0.3], "constant", {}),
            (18, "uint8", "linear", "half_pixel", [10, 12], "scales",
             [0.6, 0.5], "constant", {}),
            (19, "int16", "cubic", "half_pixel", [12, 10], "scales",
             [0.5, 0.35], "runtime", {}),
            (19, "int32", "cubic", "align_corners", [9, 11], "sizes",
             [4, 3], "constant", {}),
            (18, "float16", "linear", "asymmetric", [8, 15], "sizes",
             [3, 6], "runtime", {}),
            (19, "bfloat16", "cubic", "half_pixel", [9, 8], "scales",
             [0.7, 0.5], "constant", {}),
            (18, "float64", "cubic", "half_pixel", [20, 3], "scales",
             [0.2, 1], "runtime", {})):
        if type_name == "float32":
            x = data.distinct(shape)
        elif type_name in INTEGERS and mode == "cubic":
            x = data.extremes(type_name, shape)
        else:
            x = data.numeric(type_name, shape)
        name = "resize%d_%s_%s_antialias_%s_%s_%s_%s%s" % (
            opset, type_name, mode, ctm or "default", kind, fmt(values),
            "x".join(map(str, shape)),
            "".join("_%s_%s" % (k, v if isinstance(v, str) else
                                fmt(v if isinstance(v, list) else [v]))
                    for k, v in sorted(extra.items()) if k != "roi").replace(
                        "cubic_coeff_a", "a").replace(
                        "exclude_outside", "exclude").replace(
                        "extrapolation_value", "extrapolation"))
        cases.append(resize_case(
            name + "_" + form, opset, x, type_name, mode=mode, ctm=ctm,
            scales=values if kind == "scales" else None,
            sizes=values if kind == "sizes" else None, form=form,
            antialias=1, **extra))
    # Integer results that are exact ties in the reference's float64 sums
    # (1.5 and 17.5 among them; ONNX Runtime's own tests of these): each
    # axis's sum in the reference's order, unfused, rounds them to even.
    for type_name in ("uint8", "int8", "int32"):
        for mode, n, extra in (("linear", 4, {}),
                               ("cubic", 6, {"cubic_coeff_a": -0.5})):
            x = np.arange(n * n).reshape(1, 1, n, n).astype(
                TYPES[type_name][1])
            for form in ("constant", "runtime"):
                cases.append(resize_case(
                    "resize18_%s_%s_antialias_ties_sizes_1x1x%dx%d_%s" % (
                        type_name, mode, n, n, form), 18, x, type_name,
                    mode=mode, sizes=[1, 1, 3, 3], form=form, antialias=1,
                    exclude_outside=1, keep_ties=True, **extra))
    return cases


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    data = Data(seed=20260315)
    cases = (matrix_cases(data) + type_cases(data) + shape_cases(data) +
             long_row_cases(data) + crop_cases(data) + axes_cases(data) + cubic_cases(data) +
             misc_cases(data) + error_cases(data) + antialias_cases(data) +
             graph_cases(fragile_outputs))
    names = [c.name for c in cases]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    assert not duplicates, "duplicate case names: %s" % duplicates
    for c in cases:
        c.write(root)
    print("%d cases written to %s" % (len(cases), root))


if __name__ == "__main__":
    main()
