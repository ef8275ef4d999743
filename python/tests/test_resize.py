"""Tests of onnxc.resize, Resize-19 on an array. Expected values come from
the conformance suite's reference (test/Conformance/resize_reference.py,
written from the operator's definition), not from onnxc."""

import os
import sys
from fractions import Fraction

import numpy as np
import pytest

import onnxc

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "test", "Conformance"))
import resize_reference  # noqa: E402


def reference(x, **arguments):
    return resize_reference.resize(x, 19, **arguments)[0]


def check(x, **arguments):
    """onnxc.resize against the reference; integer results exactly (the
    cases' weights are dyadic, so no tie is lost to rounding)."""
    actual = onnxc.resize(x, **arguments)
    if arguments.get("scales") is not None:
        arguments["scales"] = np.float32(arguments["scales"])
    expected = reference(x, **arguments)
    assert actual.dtype == x.dtype and actual.shape == expected.shape
    if x.dtype.kind == "f":
        scale = max(1.0, float(np.abs(x).max()))
        np.testing.assert_allclose(actual, expected, rtol=1e-5,
                                   atol=1e-5 * scale)
    else:
        np.testing.assert_array_equal(actual, expected)


def test_resize_matches_the_reference():
    rng = np.random.default_rng(7)
    planes = rng.standard_normal((2, 3, 5, 7)).astype(np.float32)
    check(planes, scales=(1, 1, 2, 2), mode="linear")
    check(planes, sizes=(4, 3), axes=(2, 3), mode="cubic", antialias=1)
    # 7 * 0.5 is not an integer: ONNX and ONNX Runtime differ.
    with pytest.warns(UserWarning, match="^onnxc.resize: warning: .*axis 3"):
        check(planes, scales=(2, 0.5), axes=(-2, -1), mode="nearest",
              coordinate_transformation_mode="align_corners",
              nearest_mode="ceil")
    image = rng.integers(0, 256, (6, 10, 3), dtype=np.uint8)
    check(image, sizes=(12, 20), axes=(0, 1), mode="linear")
    check(image, scales=(0.5, 0.5), axes=(0, 1), mode="linear",
          antialias=1, exclude_outside=1)
    check(rng.standard_normal((4, 6)), scales=(2, 2), mode="linear",
          coordinate_transformation_mode="tf_crop_and_resize",
          roi=(0.25, -0.5, 1.0, 1.25), extrapolation_value=-1.0)
    check(rng.integers(-1000, 1000, (3, 5), dtype=np.int16),
          sizes=(9, 9), mode="nearest", keep_aspect_ratio_policy="not_larger")


@pytest.mark.parametrize("channels", [1, 2, 3, 4, 5])
def test_channels_last_matches_the_reference(channels):
    # Rows long enough that onnx-specialize-gathers splits them at their
    # period rather than unrolling them; five channels take another kernel.
    rng = np.random.default_rng(channels)
    image = rng.integers(0, 256, (2, 9, 200, channels), dtype=np.uint8)
    check(image, scales=(2, 2), axes=(1, 2), mode="linear")
    check(image, scales=(1.5, 1.5), axes=(1, 2), mode="nearest")
    check(image, scales=(0.5, 0.5), axes=(1, 2), mode="linear",
          antialias=1)
    check(image[0], sizes=(18, 400), axes=(0, 1), mode="linear",
          coordinate_transformation_mode="align_corners")
    real = rng.standard_normal((9, 200, channels)).astype(np.float32)
    check(real, scales=(2, 2), axes=(0, 1), mode="linear")
    check(real, scales=(1.5, 1.5), axes=(0, 1), mode="cubic")
    check(real, scales=(2, 2), axes=(0, 1), mode="linear",
          coordinate_transformation_mode="tf_crop_and_resize",
          roi=(0.1, -0.2, 0.9, 1.1), extrapolation_value=3.0)


def exact_integer_resize(x, **arguments):
    """Linear Resize-19 of the integers `x` from the exact value: the
    reference's tables, each weight taken as the fraction of denominator at
    most 64 that it rounds (the scales below have such coordinates), the
    sum in Fractions, rounded half to even and saturated."""
    arguments = dict(arguments, mode="linear")
    out_shape, tables = resize_reference.resize_tables(
        x.shape, 19, **arguments)
    exact = [(a, i, taps,
              np.vectorize(lambda w: Fraction(float(w)).limit_denominator(64),
                           otypes=[object])(weights), m)
             for a, i, taps, weights, m in tables]
    sums = resize_reference.interpolate(x.astype(object), exact)
    info = np.iinfo(x.dtype)
    rounded = np.vectorize(lambda v: min(max(round(v), info.min), info.max),
                           otypes=[object])(sums)
    return rounded.astype(x.dtype), sums


@pytest.mark.parametrize("dtype", ["uint8", "int8", "uint16", "int16",
                                   "int32"])
def test_integer_ties_round_half_to_even_exactly(dtype):
    # Scales whose weights are thirds, sixths and elevenths: many exact
    # values are ties (k + 1/2) that a double sum can miss.
    info = np.iinfo(dtype)
    rng = np.random.default_rng(3)
    ties = 0
    for shape, arguments in [
            ((5, 24), dict(scales=(1.5, 1.5))),
            ((6, 7, 3), dict(sizes=(18, 11), axes=(0, 1))),
            ((3, 4, 5), dict(scales=(3, 3), axes=(1, 2))),
            # Antialiased: weights of eighths, and with exclude_outside,
            # at the edges, sevenths.
            ((11, 26, 3), dict(scales=(0.5, 0.5), axes=(0, 1), antialias=1)),
            ((12, 30, 3), dict(scales=(0.5, 0.5), axes=(0, 1), antialias=1,
                               exclude_outside=1)),
            # Planes, one axis, and x0.25's wider edges: the edge outputs
            # that exclude_outside makes non-dyadic compute apart.
            ((2, 3, 10, 14), dict(scales=(0.5, 0.5), axes=(2, 3),
                                  antialias=1, exclude_outside=1)),
            ((5, 40), dict(scales=(0.25,), axes=(1,), antialias=1,
                           exclude_outside=1)),
            ((20, 9, 2), dict(sizes=(5, 3), axes=(0, 1), antialias=1,
                              exclude_outside=1)),
            ((2, 9, 12), dict(scales=(0.75, 0.75), axes=(1, 2))),
            ((4, 30, 3), dict(scales=(1.5, 1.5), axes=(0, 1),
                              coordinate_transformation_mode="align_corners")),
    ]:
        x = rng.integers(max(info.min, -300), min(info.max, 300) + 1, shape,
                         dtype=dtype)
        expected, sums = exact_integer_resize(x, **arguments)
        ties += sum(v.denominator == 2 for v in sums.flat)
        np.testing.assert_array_equal(
            onnxc.resize(x, mode="linear", **arguments), expected)
    assert ties > 0, "no tie to decide"


def test_resize_takes_strings_and_strided_arrays():
    words = np.array([["a", "b"], ["c", "d"]], dtype=object)
    np.testing.assert_array_equal(onnxc.resize(words, scales=(1, 2)),
                                  [["a", "a", "b", "b"], ["c", "c", "d", "d"]])
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(onnxc.resize(x.T, scales=(1, 2)),
                                  np.repeat(x.T, 2, axis=1))


def test_resize_writes_out_in_place():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = np.full((4, 6), np.nan, np.float32)
    assert onnxc.resize(x, scales=(2, 2), out=out, num_threads=1) is out
    np.testing.assert_array_equal(out, np.repeat(np.repeat(x, 2, 0), 2, 1))
    with pytest.raises(ValueError, match=r"shape \(4, 6\)"):
        onnxc.resize(x, scales=(2, 2), out=np.empty((4, 5), np.float32))
    with pytest.raises(ValueError, match="float32"):
        onnxc.resize(x, scales=(2, 2), out=np.empty((4, 6), np.float64))
    with pytest.raises(ValueError, match="C-contiguous"):
        onnxc.resize(x, scales=(2, 2),
                     out=np.empty((6, 4), np.float32).T)
    with pytest.raises(TypeError, match="numpy array"):
        onnxc.resize(x, scales=(2, 2), out=[[0.0] * 6] * 4)


def test_resize_compiles_once_per_shape(compile_cache):
    x = np.ones((5, 11), np.float32)
    onnxc.resize(x, scales=(3, 3), mode="linear")
    assert len(os.listdir(compile_cache)) == 1
    onnxc.resize(x + 1, scales=(3, 3), mode="linear")
    assert len(os.listdir(compile_cache)) == 1
    onnxc.resize(np.ones((5, 12), np.float32), scales=(3, 3), mode="linear")
    assert len(os.listdir(compile_cache)) == 2


def test_resize_names_what_is_wrong():
    x = np.ones((2, 2), np.float32)
    with pytest.raises(onnxc.Error, match="onnxc.resize: .*'scales'"):
        onnxc.resize(x)
    with pytest.raises(onnxc.Error, match="'scales' and 'sizes'"):
        onnxc.resize(x, sizes=(4, 4), scales=(2, 2))
    with pytest.raises(onnxc.Error, match="'mode' must be one of"):
        onnxc.resize(x, scales=(2, 2), mode="bilinear")
    with pytest.raises(TypeError, match="sizes must be a sequence of ints"):
        onnxc.resize(x, sizes=(4.0, 4.0))
    with pytest.raises(TypeError, match="mode must be a str"):
        onnxc.resize(x, scales=(2, 2), mode=1)
    with pytest.raises(TypeError, match="does not take"):
        onnxc.resize(np.ones(2, "datetime64[s]"), scales=(2,))
    with pytest.raises(ValueError, match="num_threads"):
        onnxc.resize(x, scales=(2, 2), num_threads=-1)


@pytest.mark.parametrize("case", ["linear", "cubic-crop", "nearest-axes",
                                  "resize10-nearest"])
def test_resize_between_inverse_transposes(tmp_path, case):
    # tf2onnx's NHWC form: Transpose to NCHW, Resize, Transpose back. The
    # expected values transpose with numpy around the reference's Resize.
    from onnx import TensorProto, helper, numpy_helper
    rng = np.random.default_rng(11)
    x = rng.standard_normal((2, 5, 7, 3)).astype(np.float32)
    nchw = np.ascontiguousarray(x.transpose(0, 3, 1, 2))
    floats = lambda name, v: numpy_helper.from_array(np.float32(v), name)
    if case == "linear":
        opset, attributes, inputs = 13, dict(mode="linear"), ["t", "", "s"]
        initializers = [floats("s", [1, 1, 2, 1.5])]
        arguments = dict(mode="linear", scales=np.float32([1, 1, 2, 1.5]))
    elif case == "cubic-crop":
        opset, inputs = 13, ["t", "roi", "", "sizes"]
        attributes = dict(mode="cubic",
                          coordinate_transformation_mode="tf_crop_and_resize",
                          extrapolation_value=-2.0)
        roi = [0, 0, 0.1, -0.2, 1, 1, 0.9, 1.0]
        initializers = [floats("roi", roi), numpy_helper.from_array(
            np.int64([2, 3, 9, 4]), "sizes")]
        arguments = dict(attributes, roi=np.float32(roi), sizes=(2, 3, 9, 4))
    elif case == "resize10-nearest":
        # tf2onnx at opset 10: Resize-10, whose nearest rounds up on the
        # axes it shrinks.
        opset, inputs = 10, ["t", "s"]
        attributes = dict(mode="nearest")
        initializers = [floats("s", [1, 1, 0.5, 3])]
        arguments = dict(mode="nearest", scales=np.float32([1, 1, 0.5, 3]))
    else:
        opset, inputs = 18, ["t", "", "s"]
        attributes = dict(mode="nearest", axes=[3, 2])
        initializers = [floats("s", [0.5, 3])]
        arguments = dict(mode="nearest", axes=(3, 2),
                         scales=np.float32([0.5, 3]))
    graph = helper.make_graph(
        [helper.make_node("Transpose", ["x"], ["t"], perm=[0, 3, 1, 2]),
         helper.make_node("Resize", inputs, ["r"], **attributes),
         helper.make_node("Transpose", ["r"], ["y"], perm=[0, 2, 3, 1])],
        "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        initializer=initializers)
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    session = onnxc.InferenceSession(
        onnxc.compile(model, str(tmp_path / "model.so")))
    (actual,) = session.run(None, {"x": x})
    version = 10 if opset == 10 else 19
    expected = resize_reference.resize(nchw, version, **arguments)[0]
    np.testing.assert_allclose(actual, expected.transpose(0, 2, 3, 1),
                               rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", ["nearest", "linear"])
def test_upsample_between_inverse_transposes(tmp_path, mode):
    # keras2onnx's channels-last Upsample (opset 9), against the
    # conformance suite's Upsample reference between numpy transposes.
    from onnx import TensorProto, helper, numpy_helper
    import reference as upsample_reference
    x = np.random.default_rng(5).standard_normal((2, 5, 7, 3)).astype(
        np.float32)
    scales = [1, 1, 2, 3]
    graph = helper.make_graph(
        [helper.make_node("Transpose", ["x"], ["t"], perm=[0, 3, 1, 2]),
         helper.make_node("Upsample", ["t", "s"], ["u"], mode=mode),
         helper.make_node("Transpose", ["u"], ["y"], perm=[0, 2, 3, 1])],
        "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        initializer=[numpy_helper.from_array(np.float32(scales), "s")])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 9)])
    model.ir_version = 8
    session = onnxc.InferenceSession(
        onnxc.compile(model, str(tmp_path / "model.so")))
    (actual,) = session.run(None, {"x": x})
    nchw = np.ascontiguousarray(x.transpose(0, 3, 1, 2))
    expected = (upsample_reference.upsample_nearest(nchw, scales)
                if mode == "nearest" else
                upsample_reference.upsample_linear(nchw, scales, "float"))
    np.testing.assert_allclose(actual, expected.transpose(0, 2, 3, 1),
                               rtol=1e-6, atol=1e-6)
