#!/usr/bin/python3
"""Generates onnxc's own conformance cases in the ONNX node-test layout.

    generate_cases.py OUT_DIR

Writes OUT_DIR/<case>/model.onnx and test_data_set_0/{input,output}_<i>.pb
for every op version, element type and mode of docs/semantics.md: static and dynamic
shapes, constant and run-time bounds and scales, NaN/inf/-0.0, min > max,
zero-size dimensions, ranks 0 to 5, scales where float32 rounding matters.
Expected outputs come from reference.py. A case whose inputs the runtime must
reject has test_data_set_0/expected_error holding a part of the message
instead of outputs.
"""

import itertools
import os
import shutil
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

import reference as ref
from generate_graphs import graph_cases

F32 = np.float32

# ONNX type name -> (TensorProto code, numpy dtype of the values).
TYPES = {
    "float32": (TensorProto.FLOAT, np.float32),
    "float64": (TensorProto.DOUBLE, np.float64),
    "float16": (TensorProto.FLOAT16, np.float16),
    "bfloat16": (TensorProto.BFLOAT16, np.float32),
    "int8": (TensorProto.INT8, np.int8),
    "int16": (TensorProto.INT16, np.int16),
    "int32": (TensorProto.INT32, np.int32),
    "int64": (TensorProto.INT64, np.int64),
    "uint8": (TensorProto.UINT8, np.uint8),
    "uint16": (TensorProto.UINT16, np.uint16),
    "uint32": (TensorProto.UINT32, np.uint32),
    "uint64": (TensorProto.UINT64, np.uint64),
    "bool": (TensorProto.BOOL, np.bool_),
    "string": (TensorProto.STRING, object),
    "complex64": (TensorProto.COMPLEX64, np.complex64),
    "complex128": (TensorProto.COMPLEX128, np.complex128),
}
FLOATS = ["float16", "float32", "float64"]
INTEGERS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
            "uint64"]


def make_tensor(name, array, type_name):
    code, _ = TYPES[type_name]
    if type_name == "bfloat16":
        t = TensorProto()
        t.name = name
        t.data_type = code
        t.dims.extend(array.shape)
        t.raw_data = ref.f32_to_bf16_bits(array).tobytes()
        return t
    if type_name == "string":
        t = TensorProto()
        t.name = name
        t.data_type = code
        t.dims.extend(array.shape)
        t.string_data.extend(s.encode() for s in array.ravel())
        return t
    t = numpy_helper.from_array(np.asarray(array, dtype=TYPES[type_name][1]),
                                name)
    return t


# Case.input's shape for an input declared without one.
UNSHAPED = object()


def value_info(name, type_name, shape):
    return helper.make_tensor_value_info(name, TYPES[type_name][0], shape)


class Case:
    """One model with its inputs and expected outputs."""

    def __init__(self, name, opset):
        self.name, self.opset = name, opset
        self.nodes, self.inputs, self.initializers, self.outputs = [], [], [], []
        self.expected_error = None
        # onnx-compile flags, and what compiling must print (a warning, or
        # the error that stops it): written beside model.onnx.
        self.compile_options = []
        self.expected_compile_warning = None
        self.expected_compile_error = None

    def input(self, name, array, type_name, shape=None):
        """`shape` is the declared shape (default: the array's), or UNSHAPED
        for an input the model gives no shape."""
        if shape is UNSHAPED:
            shape = None
        elif shape is None:
            shape = list(array.shape)
        self.inputs.append((name, array, type_name, shape))
        return name

    def initializer(self, name, array, type_name):
        self.initializers.append(make_tensor(name, array, type_name))
        return name

    def node(self, op, inputs, output, **attrs):
        self.nodes.append(helper.make_node(op, inputs, [output],
                                           name=output + "_node", **attrs))

    def output(self, name, expected, type_name, shape=None):
        if shape is UNSHAPED:
            shape = None
        elif shape is None:
            shape = list(expected.shape)
        self.outputs.append((name, expected, type_name, shape))

    def write(self, root):
        directory = os.path.join(root, self.name)
        data = os.path.join(directory, "test_data_set_0")
        os.makedirs(data)
        graph = helper.make_graph(
            self.nodes, self.name,
            [value_info(n, t, s) for n, _, t, s in self.inputs],
            [value_info(n, t, s) for n, _, t, s in self.outputs],
            initializer=self.initializers)
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", self.opset)],
            producer_name="onnxc-conformance")
        with open(os.path.join(directory, "model.onnx"), "wb") as f:
            f.write(model.SerializeToString())
        for file_name, text in (
                ("compile_options", "\n".join(self.compile_options)),
                ("expected_compile_warning", self.expected_compile_warning),
                ("expected_compile_error", self.expected_compile_error)):
            if text:
                with open(os.path.join(directory, file_name), "w") as f:
                    f.write(text + "\n")
        for i, (name, array, type_name, _) in enumerate(self.inputs):
            with open(os.path.join(data, "input_%d.pb" % i), "wb") as f:
                f.write(make_tensor(name, array, type_name).SerializeToString())
        if self.expected_error:
            with open(os.path.join(data, "expected_error"), "w") as f:
                f.write(self.expected_error)
            return
        for i, (name, array, type_name, _) in enumerate(self.outputs):
            with open(os.path.join(data, "output_%d.pb" % i), "wb") as f:
                f.write(make_tensor(name, array, type_name)
                        .SerializeToString())


class Values:
    """Deterministic test data per element type."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def __call__(self, type_name, shape, special=True, small=False):
        rng = self.rng
        n = int(np.prod(shape)) if shape else 1
        if type_name in ("float16", "float32", "float64", "bfloat16"):
            dtype = TYPES[type_name][1]
            v = (rng.uniform(-8, 8, n) * 4).round() / 4
            if special and n >= 6:
                v[:6] = [np.nan, np.inf, -np.inf, -0.0, 0.0, 7.25][:6]
            v = v.astype(dtype)
            if type_name == "bfloat16":
                v = ref.round_to_bf16(v)
            return v.reshape(shape)
        if type_name == "bool":
            return rng.integers(0, 2, n).astype(np.bool_).reshape(shape)
        if type_name == "string":
            words = ["alpha", "b", "", "delta éé", "epsilon", "zeta", "eta"]
            return np.array([words[i % len(words)] + str(i) for i in
                             range(n)], dtype=object).reshape(shape)
        if type_name.startswith("complex"):
            dtype = TYPES[type_name][1]
            v = (rng.uniform(-8, 8, n) + 1j * rng.uniform(-8, 8, n))
            return v.astype(dtype).reshape(shape)
        dtype = np.dtype(TYPES[type_name][1])
        info = np.iinfo(dtype)
        if small:
            lo, hi = max(info.min, -1000), min(info.max, 1000)
        else:
            lo, hi = int(info.min), int(info.max)
        v = rng.integers(lo, hi, n, dtype=dtype, endpoint=True)
        if not small and n >= 4:
            v[:4] = [info.min, info.max, 0, 1]
        return v.reshape(shape)


def scalar(value, type_name):
    dtype = TYPES[type_name][1]
    v = np.array(value, dtype=dtype)
    if type_name == "bfloat16":
        v = ref.round_to_bf16(v)
    return v


# --- Clip ---

def clip_cases(values):
    cases = []

    # Clip-1 and Clip-6: attribute bounds.
    for opset, version in ((1, 1), (5, 1), (6, 6), (10, 6)):
        for type_name in FLOATS:
            for bounds in ("both", "min", "max", "none"):
                attrs = {}
                if bounds in ("both", "min"):
                    attrs["min"] = -1.5
                if bounds in ("both", "max"):
                    attrs["max"] = 2.25
                if version == 1 and bounds == "both":
                    attrs["consumed_inputs"] = [0]
                c = Case("clip%d_opset%d_%s_%s" % (version, opset, type_name,
                                                    bounds), opset)
                x = values(type_name, [3, 4])
                dtype = TYPES[type_name][1]
                lo_default, hi_default = ref.lowest_and_max(np.dtype(dtype))
                if version == 6:
                    # float32's extremes converted to T are real bounds
                    # (+-inf in float16).
                    with np.errstate(over="ignore"):
                        lo_default = dtype(np.finfo(np.float32).min)
                        hi_default = dtype(np.finfo(np.float32).max)
                lo = dtype(F32(attrs["min"])) if "min" in attrs else lo_default
                hi = dtype(F32(attrs["max"])) if "max" in attrs else hi_default
                c.input("x", x, type_name)
                c.node("Clip", ["x"], "y", **attrs)
                c.output("y", ref.clip(x, lo, hi), type_name)
                cases.append(c)

    # Clip-6 on f64: the float32 default bound, not the f64 one, and min
    # -0.1 as float32(-0.1).
    c = Case("clip6_float64_float32_bounds", 6)
    x = np.array([1e39, -1e39, -0.1, -0.10000000149011612, -0.2, 3e38],
                 dtype=np.float64)
    c.input("x", x, "float64")
    c.node("Clip", ["x"], "y", min=-0.1)
    c.output("y", ref.clip(x, np.float64(F32(-0.1)),
                           np.float64(np.finfo(np.float32).max)), "float64")
    cases.append(c)

    # Clip-11 and later: bounds as inputs, initializers, omitted.
    versions = [(11, FLOATS), (12, FLOATS + INTEGERS),
                (13, FLOATS + INTEGERS + ["bfloat16"]),
                (18, ["float32", "int32", "uint8", "bfloat16"])]
    for opset, types in versions:
        for type_name in types:
            dtype = TYPES[type_name][1]
            is_int = type_name in INTEGERS
            x = values(type_name, [2, 3, 4])
            if is_int:
                info = np.iinfo(np.dtype(dtype))
                lo_v = scalar(info.min // 3, type_name)
                hi_v = scalar(info.max // 5 + (7 if info.min == 0 else 0),
                              type_name)
            else:
                lo_v, hi_v = scalar(-2.5, type_name), scalar(3.75, type_name)
            lowest, largest = ref.lowest_and_max(np.dtype(dtype),
                                                 type_name == "bfloat16")
            for form in ("inputs", "initializers", "min_only", "max_only",
                         "none"):
                if opset == 18 and form not in ("inputs", "max_only"):
                    continue
                c = Case("clip_opset%d_%s_%s" % (opset, type_name, form),
                         opset)
                c.input("x", x, type_name)
                lo, hi = lowest, largest
                if form == "inputs":
                    c.input("min", lo_v, type_name)
                    c.input("max", hi_v, type_name)
                    c.node("Clip", ["x", "min", "max"], "y")
                    lo, hi = lo_v, hi_v
                elif form == "initializers":
                    c.initializer("min", lo_v, type_name)
                    c.initializer("max", hi_v, type_name)
                    c.node("Clip", ["x", "min", "max"], "y")
                    lo, hi = lo_v, hi_v
                elif form == "min_only":
                    c.input("min", lo_v, type_name)
                    c.node("Clip", ["x", "min"], "y")
                    lo = lo_v
                elif form == "max_only":
                    c.input("max", hi_v, type_name)
                    c.node("Clip", ["x", "", "max"], "y")
                    hi = hi_v
                else:
                    c.node("Clip", ["x"], "y")
                c.output("y", ref.clip(x, dtype(lo), dtype(hi)), type_name)
                cases.append(c)

    # Specials: NaN bounds, min > max, -0.0, an infinite input with absent
    # bounds (becomes the largest finite value).
    for type_name in ("float32", "float16", "float64", "bfloat16"):
        dtype = TYPES[type_name][1]
        x = scalar([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.5, -1.5, 100.0],
                   type_name)
        for name, lo, hi in (("nan_min", np.nan, 1.0),
                             ("nan_max", -1.0, np.nan),
                             ("min_gt_max", 2.0, -2.0),
                             ("zero_bounds", 0.0, 0.0),
                             ("neg_zero_min", -0.0, 5.0)):
            c = Case("clip_opset13_%s_%s" % (type_name, name), 13)
            lo_v, hi_v = scalar(lo, type_name), scalar(hi, type_name)
            c.input("x", x, type_name)
            c.input("min", lo_v, type_name)
            c.input("max", hi_v, type_name)
            c.node("Clip", ["x", "min", "max"], "y")
            c.output("y", ref.clip(x, dtype(lo_v), dtype(hi_v)), type_name)
            cases.append(c)
        c = Case("clip_opset13_%s_inf_no_bounds" % type_name, 13)
        lowest, largest = ref.lowest_and_max(np.dtype(dtype),
                                             type_name == "bfloat16")
        c.input("x", x, type_name)
        c.node("Clip", ["x"], "y")
        c.output("y", ref.clip(x, dtype(lowest), dtype(largest)), type_name)
        cases.append(c)

    # Unsigned comparisons: 200 > 150 in uint8, not -56 < 150.
    c = Case("clip_opset13_uint8_unsigned_compare", 13)
    x = np.array([0, 1, 127, 128, 149, 150, 151, 200, 255], dtype=np.uint8)
    c.input("x", x, "uint8")
    c.initializer("min", np.array(100, dtype=np.uint8), "uint8")
    c.initializer("max", np.array(150, dtype=np.uint8), "uint8")
    c.node("Clip", ["x", "min", "max"], "y")
    c.output("y", ref.clip(x, np.uint8(100), np.uint8(150)), "uint8")
    cases.append(c)
    c = Case("clip_opset12_uint64_unsigned_compare", 12)
    x = np.array([0, 2**63 - 1, 2**63, 2**64 - 1, 5], dtype=np.uint64)
    lo, hi = np.uint64(3), np.uint64(2**63 + 10)
    c.input("x", x, "uint64")
    c.input("min", np.array(lo), "uint64")
    c.input("max", np.array(hi), "uint64")
    c.node("Clip", ["x", "min", "max"], "y")
    c.output("y", ref.clip(x, lo, hi), "uint64")
    cases.append(c)

    # Ranks 0 to 5, zero-size dimensions, [1]-shaped bounds, long rows
    # (vector loops with remainders).
    for shape in ([], [1], [7], [0], [3, 0, 2], [2, 3, 4, 5],
                  [1, 2, 3, 2, 3], [1000], [4, 257], [33, 17]):
        for type_name in ("float32", "int16", "float16"):
            c = Case("clip_opset13_%s_shape_%s" % (
                type_name, "x".join(map(str, shape)) or "scalar"), 13)
            x = values(type_name, shape, special=False)
            lo_v = scalar([-3] if type_name != "float16" else [-3.5],
                          type_name)
            hi_v = scalar([4], type_name)
            c.input("x", x, type_name)
            c.initializer("min", lo_v, type_name)
            c.input("max", hi_v, type_name)
            c.node("Clip", ["x", "min", "max"], "y")
            dtype = TYPES[type_name][1]
            c.output("y", ref.clip(x, dtype(lo_v[0]), dtype(hi_v[0])),
                     type_name)
            cases.append(c)

    # Dynamic shapes: symbolic and unknown dimensions, a bound of dynamic
    # shape holding one element.
    c = Case("clip_opset13_float32_dynamic", 13)
    x = values("float32", [5, 3])
    c.input("x", x, "float32", ["N", None])
    c.input("min", np.array([-1.0], dtype=np.float32), "float32", ["M"])
    c.node("Clip", ["x", "min"], "y")
    c.output("y", ref.clip(x, F32(-1.0), F32(np.finfo(np.float32).max)),
             "float32", ["N", None])
    cases.append(c)

    # Two chained Clips with different versions' semantics in one model.
    c = Case("clip_opset12_int32_chained", 12)
    x = values("int32", [6, 5])
    c.input("x", x, "int32")
    c.initializer("lo", np.array(-1000, dtype=np.int32), "int32")
    c.initializer("hi", np.array(1000, dtype=np.int32), "int32")
    c.initializer("lo2", np.array(0, dtype=np.int32), "int32")
    c.nodes.append(helper.make_node("Clip", ["x", "lo", "hi"], ["t"]))
    c.nodes.append(helper.make_node("Clip", ["t", "lo2"], ["y"]))
    c.output("y", ref.clip(ref.clip(x, np.int32(-1000), np.int32(1000)),
                           np.int32(0), np.int32(2**31 - 1)), "int32")
    cases.append(c)

    # Run-time errors.
    c = Case("error_clip_bound_two_elements", 13)
    c.input("x", values("float32", [3]), "float32")
    c.input("min", np.array([1.0, 2.0], dtype=np.float32), "float32", [None])
    c.node("Clip", ["x", "min"], "y")
    c.output("y", np.zeros([3], np.float32), "float32")
    c.expected_error = "bound 'min' must hold exactly one element"
    cases.append(c)
    c = Case("error_clip_symbolic_dims", 13)
    c.input("x", values("float32", [3]), "float32", ["N"])
    c.input("max", np.array([1.0], dtype=np.float32), "float32", ["N"])
    c.node("Clip", ["x", "", "max"], "y")
    c.output("y", np.zeros([3], np.float32), "float32", ["N"])
    c.expected_error = "another input set 'N' to 3"
    cases.append(c)
    return cases


# --- Upsample ---

LINEAR_KIND = {"float16": "float", "float32": "float", "float64": "f64",
               "bfloat16": "bf16", "complex64": "complex64",
               "complex128": "complex128"}


def upsample_expected(x, scales, mode, type_name):
    if mode == "nearest":
        return ref.upsample_nearest(x, scales)
    return ref.upsample_linear(x, scales, LINEAR_KIND.get(type_name, "int"))


def linear_case(name, x, type_name, scales):
    """Upsample-9, linear, of the given X by constant scales."""
    c = Case(name, 9)
    c.input("X", x, type_name)
    c.initializer("scales", np.array(scales, np.float32), "float32")
    c.node("Upsample", ["X", "scales"], "Y", mode="linear")
    c.output("Y", upsample_expected(x, scales, "linear", type_name),
             type_name)
    return c


def constant_scales_case(name, values, type_name, shape, scales, mode):
    """Upsample-9 of an input X by constant scales."""
    c = Case(name, 9)
    x = values(type_name, shape, special=False, small=True)
    c.input("X", x, type_name)
    c.initializer("scales", np.array(scales, np.float32), "float32")
    c.node("Upsample", ["X", "scales"], "Y", mode=mode)
    c.output("Y", upsample_expected(x, scales, mode, type_name), type_name)
    return c


def upsample_cases(values):
    cases = []

    # Upsample-1: height and width scales of a 4-D input.
    for opset in (1, 6):
        for type_name in ("bool", "float16", "float32", "float64", "int32",
                          "int64"):
            for mode in ("nearest", "bilinear"):
                if mode == "bilinear" and type_name == "bool":
                    continue
                for h, w in ((2.0, 2.0), (1.0, 3.0), (1.5, 2.5)):
                    c = Case("upsample1_opset%d_%s_%s_%gx%g" % (
                        opset, type_name, mode, h, w), opset)
                    x = values(type_name, [1, 2, 3, 4], special=False,
                               small=True)
                    c.input("X", x, type_name)
                    attrs = {"height_scale": h, "width_scale": w}
                    if mode != "nearest" or opset == 6:
                        attrs["mode"] = mode
                    c.node("Upsample", ["X"], "Y", **attrs)
                    expected = upsample_expected(
                        x, [1, 1, h, w],
                        "linear" if mode == "bilinear" else mode, type_name)
                    c.output("Y", expected, type_name)
                    cases.append(c)

    # Upsample-7 and later: every element type, both modes, several scales.
    all_types = ["bool"] + INTEGERS + FLOATS + ["complex64", "complex128",
                                                "string"]
    scale_sets = [[1, 1, 2, 2], [1, 2, 1.5, 3], [1, 1, 1.3, 2.7]]
    for opset, version in ((7, 7), (8, 7), (9, 9), (10, 10), (13, 10)):
        for type_name in all_types:
            for mode in ("nearest", "linear"):
                if mode == "linear" and type_name in ("bool", "string"):
                    continue
                for si, scales in enumerate(scale_sets):
                    # Keep the case count sane: every type and scale set at
                    # opsets 7 and 9, every type with one scale set at 10,
                    # a sample at the others.
                    if opset == 10 and si != 1:
                        continue
                    if opset in (8, 13) and (si != 1 or type_name not in
                                             ("float32", "uint8", "string",
                                              "complex64")):
                        continue
                    c = Case("upsample%d_opset%d_%s_%s_s%d" % (
                        version, opset, type_name, mode, si), opset)
                    x = values(type_name, [2, 1, 3, 4], special=False,
                               small=True)
                    c.input("X", x, type_name)
                    attrs = {"mode": mode}
                    if version == 7:
                        attrs["scales"] = [float(s) for s in scales]
                        c.node("Upsample", ["X"], "Y", **attrs)
                    else:
                        s = np.array(scales, dtype=np.float32)
                        if si == 2:
                            c.input("scales", s, "float32")
                        else:
                            c.initializer("scales", s, "float32")
                        c.node("Upsample", ["X", "scales"], "Y", **attrs)
                    c.output("Y", upsample_expected(x, scales, mode,
                                                    type_name), type_name)
                    cases.append(c)

    # float32 rounding of the output length and index: 10 * 1.3f = 13.
    for mode in ("nearest", "linear"):
        for scale in (1.3, 2.7, 1.1, 3.0, 1.0, 4.5):
            c = Case("upsample9_float32_%s_n10_s%g" % (mode, scale), 9)
            x = values("float32", [10], special=False)
            c.input("X", x, "float32")
            c.initializer("scales", np.array([scale], np.float32), "float32")
            c.node("Upsample", ["X", "scales"], "Y", mode=mode)
            c.output("Y", upsample_expected(x, [scale], mode, "float32"),
                     "float32")
            cases.append(c)

    # Ranks 1 to 5, axes of length 1, zero-size dimensions.
    shapes = {1: ([5], [2.5]), 2: ([3, 4], [2, 1.5]),
              3: ([2, 3, 2], [1.5, 2, 3]), 4: ([1, 3, 1, 4], [1, 1, 3, 2]),
              5: ([1, 2, 2, 3, 2], [1, 1, 2, 1.5, 2])}
    for rank, (shape, scales) in shapes.items():
        for mode in ("nearest", "linear"):
            for type_name in ("float32", "int8"):
                cases.append(constant_scales_case(
                    "upsample9_%s_%s_rank%d" % (type_name, mode, rank),
                    values, type_name, shape, scales, mode))
    for mode in ("nearest", "linear"):
        c = Case("upsample9_float32_%s_zero_size" % mode, 9)
        x = np.zeros([2, 0, 3], np.float32)
        c.input("X", x, "float32")
        c.initializer("scales", np.array([2, 2, 2], np.float32), "float32")
        c.node("Upsample", ["X", "scales"], "Y", mode=mode)
        c.output("Y", np.zeros([4, 0, 6], np.float32), "float32")
        cases.append(c)
    # A zero-length dimension anywhere, with and without interpolated axes:
    # an empty output of the shape the scales give.
    for shape in ([0, 3, 4], [2, 0, 4], [2, 3, 0], [0, 0, 0], [1, 0], [0],
                  [0, 5], [3, 0, 2, 2]):
        for mode in ("nearest", "linear"):
            all_scales = {tuple([1.0] * len(shape)),
                          tuple([2.0, 1.5, 3.0, 2.0][:len(shape)]),
                          tuple([1.0, 2.0, 2.0, 2.0][:len(shape)])}
            for scales in sorted(all_scales):
                c = Case("upsample9_float32_%s_empty_%s_x%s" % (
                    mode, "x".join(map(str, shape)),
                    "_".join("%g" % v for v in scales)), 9)
                x = np.zeros(shape, np.float32)
                c.input("X", x, "float32")
                c.initializer("scales", np.array(scales, np.float32),
                              "float32")
                c.node("Upsample", ["X", "scales"], "Y", mode=mode)
                out = [ref.output_length(n, v) for n, v in zip(shape, scales)]
                c.output("Y", np.zeros(out, np.float32), "float32")
                cases.append(c)

    # Linear x2 on both sides of the longest output row read through tables
    # (512 elements; 256 for 64-bit elements, where narrow vectors bound
    # it), and with the innermost axis a copy: each form of the interior.
    for shape, scales in (([3, 127], [2, 2]), ([3, 128], [2, 2]),
                          ([3, 256], [2, 2]), ([3, 257], [2, 2]),
                          ([5, 3], [2, 1]), ([2, 3, 4], [2, 2, 1])):
        for type_name in ("float32", "float64", "float16", "int8", "uint16"):
            cases.append(constant_scales_case(
                "upsample9_%s_linear_%s_x%s" % (
                    type_name, "x".join(map(str, shape)),
                    "_".join("%g" % v for v in scales)),
                values, type_name, shape, scales, "linear"))

    # Linear with special values: inf and NaN spread to their neighbours as
    # the corner sums say; an axis with scale 1 copies exactly. In 2-D the
    # weights are 0 and powers of two (fused multiply-adds), and a zero
    # weight times inf is still NaN. The last column's outputs weigh it 0.5
    # and 0.5: an inf there stays inf, where the even outputs before it
    # (weights 1 and 0) would make it NaN.
    specials = np.array([[1.0, np.inf, 3.0, -2.0], [np.nan, 0.5, -0.0, 8.0],
                         [-np.inf, 2.0, 1e-40, -1e38]], np.float32)
    # Rows of more than 512 outputs are computed by phases over all but
    # their last input, which is a slab of its own. x4 has four phases (x3
    # three), each with its own weights at the last input (0.5 and 0.5).
    edges = np.array([[1.0, np.inf, np.inf], [3.0, -2.0, -np.inf],
                      [np.nan, 4.0, -0.0]], np.float32)
    long_rows = (np.arange(2 * 260, dtype=np.float32).reshape(2, 260) - 200) / 7
    long_rows[0, -1], long_rows[1, -2:] = np.inf, [np.inf, -0.0]
    for suffix, x, scales in (("", specials[:2], [1, 2]),
                              ("_2d", specials, [2, 2]),
                              ("_edge", edges, [1, 2]),
                              ("_edge_2d", edges, [2, 2]),
                              ("_long_rows", long_rows, [2, 2]),
                              ("_long_row_1d", long_rows[1], [2]),
                              ("_edge_3d", np.stack([edges, edges[::-1]]),
                               [2, 2, 2]),
                              ("_edge_x4", edges, [1, 4]),
                              ("_edge_2d_x4", edges, [4, 4]),
                              ("_long_rows_x4", long_rows[:, -130:], [1, 4]),
                              ("_long_row_1d_x4", long_rows[1, -130:], [4]),
                              ("_rows_x4", long_rows[:, -37:], [2, 4]),
                              ("_edge_x3", edges, [1, 3]),
                              ("_long_rows_x3", long_rows, [1, 3]),
                              ("_rows_x3", long_rows[:, -37:], [3, 3])):
        c = Case("upsample9_float32_linear_specials" + suffix, 9)
        c.input("X", x, "float32")
        c.initializer("scales", np.array(scales, np.float32), "float32")
        c.node("Upsample", ["X", "scales"], "Y", mode="linear")
        c.output("Y", upsample_expected(x, scales, "linear", "float32"),
                 "float32")
        cases.append(c)

    # 8-bit linear with dyadic weights (m / 2^e: scales of 2, 4, 8, 16) is
    # computed in 16-bit fixed point: the extremes of each type, and
    # negative sums that truncate toward zero, with 1 to 4 fraction bits
    # (x2 on 1 to 3 axes, x4 and x16 on one, x4 on two), 7 (the most whose
    # sums fit 16 bits: x2 on 7 axes, or x8, x8 and x2) and 8 (float32
    # again: x2 on 8 axes, x8 x8 x4, x16 x16); x3's thirds stay in float32
    # too. Rows of 64, 70, 129 and 130 input
    # elements cross and end inside 512-bit vectors of bytes: x2 along the
    # innermost axis computes each phase at input resolution there and
    # interleaves them, its last tile reading the clamped second taps; a row
    # of 300 (600 outputs) does so but for its last input, a slab.
    for type_name in ("int8", "uint8"):
        info = np.iinfo(TYPES[type_name][1])
        for shape, scales in (([9], [2]), ([3, 5], [2, 2]),
                              ([2, 3, 4], [2, 2, 2]), ([2, 5], [1, 4]),
                              ([1] * 6 + [3], [2] * 7),
                              ([1] * 7 + [3], [2] * 8),
                              ([3, 64], [2, 2]), ([2, 3, 7, 70], [1, 1, 2, 2]),
                              ([4, 129], [1, 2]), ([2, 130], [2, 2]),
                              ([2, 300], [2, 2]), ([300], [2]),
                              ([2, 3, 300], [2, 1, 2]),
                              ([9], [16]), ([3, 64], [4, 4]),
                              ([2, 70], [1, 8]), ([2, 3, 5], [8, 8, 2]),
                              ([2, 3, 5], [8, 8, 4]), ([2, 3], [16, 16]),
                              ([4, 7], [3, 3]), ([2, 130], [1, 4]),
                              ([2, 3, 37], [4, 1, 4]), ([2, 200], [1, 3]),
                              ([2, 3, 37], [3, 1, 3])):
            x = values(type_name, shape, special=False)
            flat = x.reshape(-1)
            flat[:3] = [info.min, info.max, info.min]
            if type_name == "int8" and flat.size > 6:
                flat[3:6] = [-1, -3, -127]
            cases.append(linear_case("upsample9_%s_linear_fixed_%s_x%s" % (
                type_name, "x".join(map(str, shape)),
                "_".join("%g" % v for v in scales)), x, type_name, scales))

    # Run-time scales and dynamic shapes (symbolic and unknown dims), in both
    # modes; a scale of 1 at run time is an exact copy in linear mode.
    for mode in ("nearest", "linear"):
        for type_name in ("float32", "uint16", "float64"):
            for scales in ([1, 2.5, 1], [2, 1, 1.5]):
                c = Case("upsample10_%s_%s_runtime_%s" % (
                    type_name, mode, "_".join("%g" % s for s in scales)), 10)
                x = values(type_name, [3, 2, 5], special=False, small=True)
                if type_name == "float32" and mode == "linear":
                    x[0, 0, 0] = np.inf
                c.input("X", x, type_name, ["N", None, "W"])
                c.input("scales", np.array(scales, np.float32), "float32",
                        [None])
                c.node("Upsample", ["X", "scales"], "Y", mode=mode)
                c.output("Y", upsample_expected(x, scales, mode, type_name),
                         type_name, [None, None, None])
                cases.append(c)

    # With every scale 1, linear is an exact copy, also of integers that
    # float32 cannot hold (beyond 2^24, the type's extremes): scales known
    # at compile time, and scales of 1 given at run time. With a scale of 2,
    # float32 rounds the largest values up past the type's range (int32's
    # to 2^31): those outputs are the type's largest value.
    for type_name, scale in itertools.product(
            ("int32", "uint32", "int64", "uint64"), (1, 2)):
        info = np.iinfo(TYPES[type_name][1])
        x = np.array([[info.min, info.max, info.max, (1 << 24) + 1],
                      [info.max - 1, 123456789, info.min + 1, info.max]],
                     TYPES[type_name][1])
        for opset, form in ((9, "constant"), (10, "runtime")):
            c = Case("upsample%d_%s_linear_%s_%s" % (
                opset, type_name, form,
                "ones_exact" if scale == 1 else "x2_extremes"), opset)
            c.input("X", x, type_name, [None, "W"] if form == "runtime"
                    else None)
            scales = np.array([1, scale], np.float32)
            if form == "runtime":
                c.input("scales", scales, "float32", [None])
            else:
                c.initializer("scales", scales, "float32")
            c.node("Upsample", ["X", "scales"], "Y", mode="linear")
            c.output("Y", upsample_expected(x, [1, scale], "linear",
                                            type_name),
                     type_name, [None, None] if form == "runtime" else None)
            cases.append(c)

    # Subnormal terms, which fused multiply-adds round differently: the last
    # bit, or the sign of a zero, of such results may differ (--exact lets
    # them).
    x = np.array([-2.0**-149, 2.0**-148, -1e-45, 0.0, 3e-39, -2.0**-126],
                 np.float32)
    cases.append(linear_case("upsample9_float32_linear_subnormal_terms", x,
                             "float32", [2]))

    # Weights of a scale with many fraction bits may add up to 1 + 2^-25 in
    # float32: two axes of them take a sum of the smallest values below
    # the type's range, which is the smallest value.
    for type_name in ("int32", "int64"):
        info = np.iinfo(TYPES[type_name][1])
        x = np.full([2, 2], info.min, TYPES[type_name][1])
        cases.append(linear_case(
            "upsample9_%s_linear_below_range" % type_name, x, type_name,
            [2.190561294555664, 2.190561294555664]))

    # Nearest with large integer scale on a longer row (the broadcast form)
    # and Upsample feeding Clip.
    c = Case("upsample9_uint8_nearest_x4_long", 9)
    x = values("uint8", [2, 3, 37], special=False)
    c.input("X", x, "uint8")
    c.initializer("scales", np.array([1, 2, 4], np.float32), "float32")
    c.node("Upsample", ["X", "scales"], "Y", mode="nearest")
    c.output("Y", upsample_expected(x, [1, 2, 4], "nearest", "uint8"),
             "uint8")
    cases.append(c)
    c = Case("upsample9_then_clip11_float32", 11)
    x = values("float32", [1, 2, 3, 3], special=False)
    c.input("X", x, "float32")
    c.initializer("scales", np.array([1, 1, 2, 2], np.float32), "float32")
    c.initializer("lo", np.array(-1.0, np.float32), "float32")
    c.nodes.append(helper.make_node("Upsample", ["X", "scales"], ["U"],
                                    mode="linear"))
    c.nodes.append(helper.make_node("Clip", ["U", "lo"], ["Y"]))
    up = upsample_expected(x, [1, 1, 2, 2], "linear", "float32")
    c.output("Y", ref.clip(up, F32(-1.0), F32(np.finfo(np.float32).max)),
             "float32")
    cases.append(c)

    # Rows of several vector tiles with fractional constant scales: each
    # tile's taps are compile-time constants (loads and shuffles), then a
    # partial tile; element widths give 8 to 64 lanes.
    for mode in ("nearest", "linear"):
        for type_name in ("float32", "int8", "float64", "uint16", "float16"):
            for shape, scales in (([2, 3, 40], [1, 1.5, 1.5]),
                                  ([1, 5, 100], [1, 2.5, 1.3])):
                cases.append(constant_scales_case(
                    "upsample9_%s_%s_tiles_%s" % (
                        type_name, mode, "_".join("%g" % s for s in scales)),
                    values, type_name, shape, scales, mode))

    # Planes of rows whose weights are not periodic (x1.5 in float32): the
    # plane loop is unroll-and-jammed, 4 planes a row loop sharing the row
    # weights, then the last plane alone.
    for type_name in ("float32", "int8", "float64", "uint16", "float16"):
        cases.append(constant_scales_case(
            "upsample9_%s_linear_planes_1_1_1.5_1.5" % type_name, values,
            type_name, [1, 5, 90, 20], [1, 1, 1.5, 1.5], "linear"))

    # Axes longer than 65536 outputs: tables computed at run time from
    # constant scales, for the gather and the integer-factor forms.
    for mode in ("nearest", "linear"):
        for type_name, shape, scales in (("float32", [50000], [1.5]),
                                         ("float32", [40000], [2]),
                                         ("int8", [2, 30000], [1, 2.5])):
            cases.append(constant_scales_case(
                "upsample9_%s_%s_long_axis_%s" % (
                    type_name, mode, "_".join("%g" % s for s in scales)),
                values, type_name, shape, scales, mode))

    # Run-time errors.
    for name, scales, message in (
            ("below_one", [1, 0.5], "scales must be finite and >= 1"),
            ("nan", [np.nan, 1], "scales must be finite and >= 1"),
            ("inf", [1, np.inf], "scales must be finite and >= 1")):
        c = Case("error_upsample_scales_%s" % name, 9)
        c.input("X", values("float32", [2, 2]), "float32")
        c.input("scales", np.array(scales, np.float32), "float32")
        c.node("Upsample", ["X", "scales"], "Y")
        c.output("Y", np.zeros([2, 2], np.float32), "float32",
                 [None, None])
        c.expected_error = message
        cases.append(c)
    c = Case("error_upsample_scale_count", 9)
    c.input("X", values("float32", [2, 2]), "float32")
    c.input("scales", np.array([1, 2, 2], np.float32), "float32", [None])
    c.node("Upsample", ["X", "scales"], "Y")
    c.output("Y", np.zeros([2, 2], np.float32), "float32", [None, None])
    c.expected_error = "scales must hold one value per input dimension"
    cases.append(c)
    c = Case("error_upsample_declared_output", 9)
    c.input("X", values("float32", [1, 1, 2, 2]), "float32")
    c.input("scales", np.array([1, 1, 2, 2], np.float32), "float32")
    c.node("Upsample", ["X", "scales"], "Y")
    c.output("Y", np.zeros([1, 1, 4, 6], np.float32), "float32")
    c.expected_error = "output dimension 3 is declared as 6"
    cases.append(c)
    c = Case("error_upsample_input_shape", 9)
    c.input("X", values("float32", [2, 3]), "float32", [2, 2])
    c.initializer("scales", np.array([1, 2], np.float32), "float32")
    c.node("Upsample", ["X", "scales"], "Y")
    c.output("Y", np.zeros([2, 4], np.float32), "float32")
    c.expected_error = "input 'X' dimension 1 must be 2, but is 3"
    cases.append(c)
    return cases


def nearest_then_linear_case(name, x, x_shape, nearest, linear, y_shape):
    """Upsample-9 nearest, then linear, of a float32 X by constant scales."""
    c = Case(name, 9)
    c.input("x", x, "float32", x_shape)
    c.initializer("s1", np.array(nearest, np.float32), "float32")
    c.initializer("s2", np.array(linear, np.float32), "float32")
    c.node("Upsample", ["x", "s1"], "u", mode="nearest")
    c.node("Upsample", ["u", "s2"], "y", mode="linear")
    y = ref.upsample_linear(ref.upsample_nearest(x, nearest), linear, "float")
    c.output("y", y, "float32", y_shape)
    return c


def regression_cases(values):
    """Graphs a differential run against ONNX Runtime found onnxc failing to
    compile (each was a crash or a verifier error in the pipeline)."""
    cases = []
    # The second Clip is the constant 127: its payload yields a constant.
    c = Case("graph_int8_clip_to_constant", 12)
    x = values("int8", [2, 3])
    lo, hi = np.int8(0), np.int8(127)
    c.input("x", x, "int8")
    c.initializer("lo", np.array(lo), "int8")
    c.initializer("hi", np.array(hi), "int8")
    c.node("Clip", ["x", "lo"], "u")
    c.node("Clip", ["u", "hi"], "y")
    largest = ref.lowest_and_max(np.dtype(np.int8))[1]
    c.output("y", ref.clip(ref.clip(x, lo, largest), hi, largest), "int8")
    cases.append(c)
    # Linear over an axis of length 1 into a column of length 2.
    cases.append(linear_case("upsample9_float32_linear_1x1_to_2x1",
                             values("float32", [1, 1]), "float32", [2, 1]))
    # Run-time scales, then constant ones along the axis of size 1 between.
    c = Case("graph_int8_nearest_runtime_then_constant", 9)
    x = values("int8", [1, 1, 1])
    runtime = np.array([1, 4, 1], np.float32)
    c.input("x", x, "int8")
    c.input("s", runtime, "float32")
    c.initializer("s2", np.array([1, 4, 1], np.float32), "float32")
    c.node("Upsample", ["x", "s"], "u", mode="nearest")
    c.node("Upsample", ["u", "s2"], "y", mode="nearest")
    y = ref.upsample_nearest(ref.upsample_nearest(x, runtime), runtime)
    c.output("y", y, "int8", [None, None, None])
    cases.append(c)
    # Nearest along a symbolic innermost axis, then linear along the rows.
    cases.append(nearest_then_linear_case(
        "graph_float32_nearest_symbolic_then_linear",
        values("float32", [1, 1, 4, 3], special=False), [1, 1, 4, "W"],
        [1, 1, 1, 2], [1, 1, 2, 1], [1, 1, 8, None]))
    # Channels repeated, then rows interpolated: each tile reads one row.
    cases.append(nearest_then_linear_case(
        "graph_float32_nearest_channels_then_linear_rows",
        values("float32", [1, 2, 1, 1], special=False), None,
        [1, 3, 1, 1.75], [1, 1, 4, 1], None))
    # Empty tensors with symbolic dimensions beside the empty one.
    c = Case("clip12_float32_empty_symbolic", 12)
    x = np.zeros([2, 1, 0, 2], np.float32)
    c.input("x", x, "float32", ["A", "B", 0, 2])
    c.input("lo", np.array(np.float32(-1)), "float32")
    c.initializer("hi", np.array(np.float32(0.5)), "float32")
    c.node("Clip", ["x", "lo", "hi"], "y")
    c.output("y", x.copy(), "float32", ["A", "B", 0, 2])
    cases.append(c)
    return cases


def shape_cases(values):
    """Models as they come: inputs without a shape, given with
    --input-shape, and declared shapes that contradict the computed ones
    (a warning and the computed shape, or an error with --strict-shapes)."""
    cases = []
    x = values("float32", [2, 4])
    lo, hi = np.float32(-1), np.float32(2)
    for name, options, error in (
            ("input_shape_symbolic", ["--input-shape=x=N,4"], None),
            ("input_shape_by_position", ["--input-shape=0=2,4"], None),
            ("input_shape_missing", [],
             "graph input 'x' has no shape, and onnxc needs the rank of "
             "every tensor: give it with --input-shape x=DIMS")):
        c = Case("clip13_float32_" + name, 13)
        c.input("x", x, "float32", UNSHAPED)
        c.initializer("lo", np.array(lo), "float32")
        c.initializer("hi", np.array(hi), "float32")
        c.node("Clip", ["x", "lo", "hi"], "y")
        c.output("y", ref.clip(x, lo, hi), "float32", UNSHAPED)
        c.compile_options = options
        c.expected_compile_error = error
        cases.append(c)
    # A Clip of [2,4] declared as [2,3]; a 4-D Upsample declared a scalar.
    for strict in (False, True):
        c = Case("clip13_float32_declared_output_contradicts" +
                 ("_strict" if strict else ""), 13)
        c.input("x", x, "float32")
        c.node("Clip", ["x"], "y")
        c.output("y", ref.clip(x, *ref.lowest_and_max(x.dtype)), "float32",
                 [2, 3])
        message = ("the model declares 'y' as 'tensor<2x3xf32>', but the "
                   "node computes 'tensor<2x4xf32>'")
        if strict:
            c.compile_options = ["--strict-shapes"]
            c.expected_compile_error = message
        else:
            c.expected_compile_warning = message + "; using the computed shape"
        cases.append(c)
    c = Case("upsample9_float32_declared_scalar_output", 9)
    u = values("float32", [1, 1, 2, 2])
    c.input("x", u, "float32")
    c.initializer("s", np.array([1, 1, 2, 3], np.float32), "float32")
    c.node("Upsample", ["x", "s"], "y", mode="nearest")
    c.output("y", ref.upsample_nearest(u, [1, 1, 2, 3]), "float32", [])
    c.expected_compile_warning = (
        "the model declares 'y' as 'tensor<f32>', but the node computes "
        "'tensor<1x1x4x6xf32>'")
    cases.append(c)
    return cases


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    values = Values(seed=20261129)
    cases = (clip_cases(values) + upsample_cases(values) +
             graph_cases(Case, values) + regression_cases(values) +
             shape_cases(values))
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    for c in cases:
        c.write(root)
    print("%d cases written to %s" % (len(cases), root))


if __name__ == "__main__":
    main()
