"""Tests of the onnxc Python package: compile, sessions, every element type,
IO binding, errors. Expected values come from numpy, not from onnxc."""

import os
import warnings

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import onnxc

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def model(nodes, inputs, outputs, initializers=(), opset=13):
    graph = helper.make_graph(nodes, "g", inputs, outputs,
                              initializer=list(initializers))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    return m


def session_of(m, tmp_path, **options):
    return onnxc.InferenceSession(
        onnxc.compile(m, str(tmp_path / "model.so"), **options))


def test_compile_a_file_and_run(tmp_path):
    library = onnxc.compile(os.path.join(ROOT, "examples", "relu6.onnxtxt"),
                            str(tmp_path / "relu6.so"))
    assert library.endswith("relu6.so") and os.path.exists(library)
    session = onnxc.InferenceSession(library)
    x = np.array([-2.0, 0.5, 3.0, 6.5, 100.0], np.float32)
    (y,) = session.run(None, {"x": x})
    np.testing.assert_array_equal(y, np.clip(x, 0.0, 6.0))


def test_inputs_and_outputs_describe_the_signature(tmp_path):
    m = model([helper.make_node("Clip", ["x"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.INT16,
                                             ["N", 3])],
              [helper.make_tensor_value_info("y", TensorProto.INT16,
                                             ["N", 3])])
    session = session_of(m, tmp_path)
    (i,), (o,) = session.get_inputs(), session.get_outputs()
    assert (i.name, i.shape, i.type) == ("x", ["N", 3], "tensor(int16)")
    assert (o.name, o.shape, o.type) == ("y", ["N", 3], "tensor(int16)")
    assert '"onnxc_abi"' in session.signature()


CLIP_TYPES = [
    (TensorProto.FLOAT, np.float32), (TensorProto.DOUBLE, np.float64),
    (TensorProto.FLOAT16, np.float16), (TensorProto.INT8, np.int8),
    (TensorProto.INT16, np.int16), (TensorProto.INT32, np.int32),
    (TensorProto.INT64, np.int64), (TensorProto.UINT8, np.uint8),
    (TensorProto.UINT16, np.uint16), (TensorProto.UINT32, np.uint32),
    (TensorProto.UINT64, np.uint64),
]


@pytest.mark.parametrize("code,dtype", CLIP_TYPES)
def test_clip_of_every_numeric_type(tmp_path, code, dtype):
    m = model([helper.make_node("Clip", ["x", "lo", "hi"], ["y"])],
              [helper.make_tensor_value_info("x", code, [7]),
               helper.make_tensor_value_info("lo", code, []),
               helper.make_tensor_value_info("hi", code, [])],
              [helper.make_tensor_value_info("y", code, [7])])
    session = session_of(m, tmp_path)
    x = np.array([0, 1, 2, 3, 5, 8, 13], dtype)
    lo, hi = np.array(2, dtype), np.array(6, dtype)
    (y,) = session.run(["y"], {"x": x, "lo": lo, "hi": hi})
    assert y.dtype == dtype
    np.testing.assert_array_equal(y, np.minimum(np.maximum(x, lo), hi))


def test_bfloat16_as_uint16_bits(tmp_path):
    m = model([helper.make_node("Clip", ["x", "lo"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.BFLOAT16, [4]),
               helper.make_tensor_value_info("lo", TensorProto.BFLOAT16, [])],
              [helper.make_tensor_value_info("y", TensorProto.BFLOAT16, [4])])
    session = session_of(m, tmp_path)
    assert session.get_inputs()[0].type == "tensor(bfloat16)"
    values = np.array([-3.0, -0.5, 1.5, 2.0], np.float32)
    bits = (values.view(np.uint32) >> 16).astype(np.uint16)  # exact values
    lo = (np.array(-1.0, np.float32).view(np.uint32) >> 16).astype(np.uint16)
    (y,) = session.run(None, {"x": bits, "lo": lo})
    assert y.dtype == np.uint16
    got = (y.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(got, np.maximum(values, -1.0))


@pytest.mark.parametrize("code,values", [
    (TensorProto.BOOL, np.array([[True, False], [False, True]])),
    (TensorProto.COMPLEX64, np.array([[1 + 2j, 3 - 1j], [0j, -5j]],
                                     np.complex64)),
    (TensorProto.COMPLEX128, np.array([[1 + 2j, 3 - 1j], [0j, -5j]],
                                      np.complex128)),
    (TensorProto.STRING, np.array([["a", "bc"], ["", "déf"]], object)),
])
def test_nearest_upsample_of_other_types(tmp_path, code, values):
    m = model([helper.make_node("Upsample", ["x", "s"], ["y"])],
              [helper.make_tensor_value_info("x", code, [2, 2])],
              [helper.make_tensor_value_info("y", code, [4, 2])],
              [numpy_helper.from_array(np.array([2, 1], np.float32), "s")],
              opset=9)
    session = session_of(m, tmp_path)
    (y,) = session.run(None, {"x": values})
    expected = np.repeat(values, 2, axis=0)
    assert y.shape == (4, 2)
    assert y.tolist() == expected.tolist()


def test_io_binding_writes_into_caller_arrays(tmp_path):
    m = model([helper.make_node("Upsample", ["x", "s"], ["y"],
                                mode="linear")],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 6])],
              [numpy_helper.from_array(np.array([1, 2], np.float32), "s")],
              opset=9)
    session = session_of(m, tmp_path)
    y = np.full([1, 6], -1.0, np.float32)
    binding = session.io_binding()
    binding.bind_input("x", np.array([[0.0, 2.0, 4.0]], np.float32))
    binding.bind_output("y", y)
    session.run_with_iobinding(binding)
    np.testing.assert_array_equal(y, [[0, 1, 2, 3, 4, 4]])
    assert binding.get_outputs()[0].data_ptr() == y.ctypes.data


def test_errors_carry_the_runtime_message(tmp_path):
    m = model([helper.make_node("Clip", ["x"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    session = session_of(m, tmp_path)
    with pytest.raises(onnxc.Error, match="dimension 0 must be 3, but is 2"):
        session.run(None, {"x": np.zeros(2, np.float32)})
    with pytest.raises(onnxc.Error, match="must be float32, not float64"):
        session.run(None, {"x": np.zeros(3)})
    with pytest.raises(onnxc.Error, match="input 'x' is missing"):
        session.run(None, {})
    bad = model([helper.make_node("Sigmoid", ["x"], ["y"])],
                [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
                [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    with pytest.raises(onnxc.Error, match="Sigmoid"):
        onnxc.compile(bad, str(tmp_path / "bad.so"))
    with pytest.raises(onnxc.Error):
        onnxc.InferenceSession(str(tmp_path / "missing.so"))


def test_workspace_bytes_follow_the_inputs(tmp_path):
    # Linear x2 then Clip on a symbolic shape: the linear Upsample's output
    # is kept for its two consumers, so the workspace holds at least that
    # intermediate: N*2 floats * 4 bytes, and grows with N.
    m = model([helper.make_node("Upsample", ["x", "s"], ["u"], mode="linear"),
               helper.make_node("Clip", ["u"], ["y"], min=0.0, max=1.0),
               helper.make_node("Clip", ["u"], ["z"], min=-1.0, max=0.0)],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N"])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [None]),
               helper.make_tensor_value_info("z", TensorProto.FLOAT, [None])],
              [numpy_helper.from_array(np.array([2.0], np.float32), "s")],
              opset=9)
    session = session_of(m, tmp_path)
    small = session.workspace_bytes({"x": np.zeros(16, np.float32)})
    large = session.workspace_bytes({"x": np.zeros(4096, np.float32)})
    assert small >= 16 * 2 * 4
    assert large >= 4096 * 2 * 4 and large > small
    with pytest.raises(onnxc.Error, match="input 'x' is missing"):
        session.workspace_bytes({})


def test_compile_options_reach_onnx_compile(tmp_path):
    m = model([helper.make_node("Clip", ["x"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    path = onnxc.compile(m, str(tmp_path / "m.ll"), emit="llvm-ir",
                         entry="mine", opt_level=0, fuse=False)
    with open(path) as f:
        assert "@mine_model" in f.read()


def test_align_corners_as_onnx_runtime_computes_it(tmp_path):
    # align_corners with scales 1.7 on 3 elements: the operator divides by
    # s * n - 1 = 4.1 (with a warning), ONNX Runtime by out - 1 = 4.
    m = model([helper.make_node(
                  "Resize", ["x", "", "s"], ["y"], mode="linear",
                  coordinate_transformation_mode="align_corners")],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [5])],
              [numpy_helper.from_array(np.array([1.7], np.float32), "s")])
    x = np.array([0, 10, 20], np.float32)
    with pytest.warns(UserWarning, match="align_corners on axis 0"):
        onnx_way = session_of(m, tmp_path)
    ort_way = onnxc.InferenceSession(
        m, compile_options={"resize_align_corners": "onnxruntime"})
    positions = np.arange(5)
    np.testing.assert_allclose(onnx_way.run(None, {"x": x})[0],
                               positions * 2 / 4.1 * 10, rtol=1e-6)
    np.testing.assert_allclose(ort_way.run(None, {"x": x})[0],
                               positions * 5.0, rtol=1e-6)


@pytest.mark.parametrize("op", ["Add", "Sub", "Mul", "Div", "Max", "Min"])
@pytest.mark.parametrize("code,dtype", [
    (TensorProto.FLOAT, np.float32), (TensorProto.DOUBLE, np.float64),
    (TensorProto.INT8, np.int8), (TensorProto.INT32, np.int32),
    (TensorProto.UINT16, np.uint16), (TensorProto.INT64, np.int64)])
def test_elementwise_arithmetic_on_data_broadcasts(tmp_path, op, code, dtype):
    # [2, 1, 4] with [3, 1]: both sides broadcast.
    m = model([helper.make_node(op, ["a", "b"], ["c"])],
              [helper.make_tensor_value_info("a", code, [2, 1, 4]),
               helper.make_tensor_value_info("b", code, [3, 1])],
              [helper.make_tensor_value_info("c", code, [2, 3, 4])], opset=14)
    rng = np.random.default_rng(7)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        a = rng.integers(max(info.min, -100), 100, [2, 1, 4]).astype(dtype)
        b = rng.integers(max(info.min, -9), 10, [3, 1]).astype(dtype)
        b[b == 0] = 3
    else:
        a = rng.standard_normal([2, 1, 4]).astype(dtype)
        b = rng.standard_normal([3, 1]).astype(dtype)
    (c,) = session_of(m, tmp_path).run(None, {"a": a, "b": b})
    if op == "Div" and np.issubdtype(dtype, np.integer):
        expected = np.trunc(a.astype(np.float64) / b).astype(dtype)
    else:
        expected = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply,
                    "Div": np.divide, "Max": np.maximum,
                    "Min": np.minimum}[op](a, b).astype(dtype)
    np.testing.assert_array_equal(c, expected)


@pytest.mark.parametrize("code,dtype", [
    (TensorProto.FLOAT, np.float32), (TensorProto.INT8, np.int8),
    (TensorProto.UINT16, np.uint16), (TensorProto.BOOL, np.bool_),
    (TensorProto.STRING, object)])
def test_concat_and_transpose_move_data(tmp_path, code, dtype):
    m = model([helper.make_node("Concat", ["a", "b"], ["c"], axis=-1),
               helper.make_node("Transpose", ["c"], ["t"], perm=[2, 0, 1]),
               helper.make_node("Transpose", ["c"], ["r"])],
              [helper.make_tensor_value_info("a", code, [2, 3, 1]),
               helper.make_tensor_value_info("b", code, [2, 3, 2])],
              [helper.make_tensor_value_info("t", code, [3, 2, 3]),
               helper.make_tensor_value_info("r", code, [3, 3, 2])])
    values = np.arange(18).reshape(2, 3, 3)
    if dtype is object:
        values = values.astype(str).astype(object)
    else:
        values = (values % 2 if dtype is np.bool_ else values).astype(dtype)
    a, b = values[:, :, :1].copy(), values[:, :, 1:].copy()
    t, r = session_of(m, tmp_path).run(None, {"a": a, "b": b})
    np.testing.assert_array_equal(t, values.transpose(2, 0, 1))
    np.testing.assert_array_equal(r, values.transpose())


@pytest.mark.parametrize("opset", [13, 14])
def test_reshapes_of_data(tmp_path, opset):
    # Reshape's 0 copies a dimension and -1 takes the rest; Squeeze and
    # Unsqueeze with input axes (13 on).
    m = model([helper.make_node("Reshape", ["x", "shape"], ["r"]),
               helper.make_node("Unsqueeze", ["r", "one"], ["u"]),
               helper.make_node("Squeeze", ["u", "one"], ["s"])],
              [helper.make_tensor_value_info("x", TensorProto.INT16,
                                             [2, 3, 4])],
              [helper.make_tensor_value_info("r", TensorProto.INT16, [2, 12]),
               helper.make_tensor_value_info("u", TensorProto.INT16,
                                             [2, 1, 12]),
               helper.make_tensor_value_info("s", TensorProto.INT16, [2, 12])],
              [numpy_helper.from_array(np.array([0, -1], np.int64), "shape"),
               numpy_helper.from_array(np.array([1], np.int64), "one")],
              opset=opset)
    x = np.arange(24, dtype=np.int16).reshape(2, 3, 4)
    r, u, s = session_of(m, tmp_path).run(None, {"x": x})
    np.testing.assert_array_equal(r, x.reshape(2, 12))
    np.testing.assert_array_equal(u, x.reshape(2, 1, 12))
    np.testing.assert_array_equal(s, x.reshape(2, 12))


@pytest.mark.parametrize("dims", [[2, 3], [300, 300]])
@pytest.mark.parametrize("code,dtype,fill", [
    (TensorProto.FLOAT, np.float32, 1.5), (TensorProto.UINT8, np.uint8, 200),
    (TensorProto.BOOL, np.bool_, True), (TensorProto.INT64, np.int64, -7)])
def test_constant_of_shape(tmp_path, dims, code, dtype, fill):
    # Small ones fold to a constant; large ones are filled at run time. The
    # shape comes from the input's Shape, as exporters write it.
    value = helper.make_tensor("value", code, [1], [fill])
    m = model([helper.make_node("Shape", ["x"], ["shape"]),
               helper.make_node("ConstantOfShape", ["shape"], ["y"],
                                value=value)],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, dims)],
              [helper.make_tensor_value_info("y", code, dims)])
    (y,) = session_of(m, tmp_path).run(
        None, {"x": np.zeros(dims, np.float32)})
    np.testing.assert_array_equal(y, np.full(dims, fill, dtype))


def test_integer_division_by_zero_does_not_trap(tmp_path):
    m = model([helper.make_node("Div", ["a", "b"], ["c"])],
              [helper.make_tensor_value_info("a", TensorProto.INT32, [3]),
               helper.make_tensor_value_info("b", TensorProto.INT32, [3])],
              [helper.make_tensor_value_info("c", TensorProto.INT32, [3])],
              opset=14)
    a = np.array([7, -2147483648, 5], np.int32)
    b = np.array([0, -1, 2], np.int32)
    (c,) = session_of(m, tmp_path).run(None, {"a": a, "b": b})
    np.testing.assert_array_equal(c, [0, -2147483648, 2])


def test_default_output_follows_emit(tmp_path):
    m = model([helper.make_node("Clip", ["x"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    assert onnxc.compile(m, emit="llvm-ir").endswith(".ll")
    assert onnxc.compile(m, emit="obj").endswith(".o")
    header = onnxc.compile(m, emit="header")
    assert header.endswith("_model.h")
    with open(header) as f:
        assert "_model(void)" in f.read()


def test_compiling_a_model_proto_leaves_no_temporary_files(
        tmp_path, monkeypatch, compile_cache):
    # onnx-compile reads the ModelProto from a temporary directory, which
    # goes whether the compile succeeds or fails; without an output path,
    # the output goes to the compile cache.
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(temporary))
    m = model([helper.make_node("Clip", ["x"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    assert os.path.exists(onnxc.compile(m, str(tmp_path / "m.ll"),
                                        emit="llvm-ir"))
    assert os.listdir(temporary) == []
    bad = model([helper.make_node("Sigmoid", ["x"], ["y"])],
                [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
                [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    with pytest.raises(onnxc.Error, match="Sigmoid"):
        onnxc.compile(bad)
    assert os.listdir(temporary) == []
    # onnx-compile not even run: a bad option value.
    with pytest.raises(TypeError):
        onnxc.compile(m, opt_level="3")
    assert os.listdir(temporary) == []
    output = onnxc.compile(m, emit="llvm-ir")
    assert os.listdir(temporary) == []
    assert os.listdir(compile_cache) == [os.path.basename(output)]


def test_messages_about_models_in_memory_name_no_temporary_file(tmp_path):
    # onnx-compile reads a model given as bytes or a ModelProto from a
    # temporary file; its messages name "<model bytes>" instead.
    bad = model([helper.make_node("Sigmoid", ["x"], ["y"])],
                [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
                [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    for source in (bad.SerializeToString(), bad):
        with pytest.raises(onnxc.Error) as error:
            onnxc.InferenceSession(source)
        message = str(error.value)
        assert message.startswith("<model bytes>: error: ") and \
            "Sigmoid" in message
        assert "model.onnx" not in message and "onnxc-" not in message
    with pytest.raises(onnxc.Error, match="^<model bytes>: error: "):
        onnxc.compile(bad.SerializeToString(), str(tmp_path / "bad.so"))
    with pytest.warns(UserWarning) as record:
        onnxc.compile(clip_model(shape=[2, 4], out_shape=[2, 3]))
    assert [str(w.message).split(": ")[:2] for w in record] == [
        ["<model bytes>", "warning"]]


def test_misspelled_compile_options_are_type_errors(tmp_path):
    # As for any Python function, before onnx-compile runs.
    m = clip_model()
    with pytest.raises(TypeError, match=r"^compile\(\) got an unexpected "
                       "keyword argument 'opt_levl'$"):
        onnxc.compile(m, str(tmp_path / "m.so"), opt_levl=2)
    with pytest.raises(TypeError, match="unexpected keyword argument "
                       "'opt_levl'"):
        onnxc.compile(m, opt_levl=2)
    assert not os.path.exists(tmp_path / "m.so")
    # The session's compile options are compile()'s, checked at once even
    # when the model compiles at its first run.
    for m in (clip_model(), clip_model(shape=None, out_shape=None)):
        with pytest.raises(TypeError, match=r"^InferenceSession\(\) got an "
                           "unexpected compile option 'opt_levl'$"):
            onnxc.InferenceSession(m, compile_options={"opt_levl": 2})
    # The options compile() documents still reach onnx-compile.
    assert os.path.exists(onnxc.compile(
        clip_model(shape=None, out_shape=None), str(tmp_path / "m.so"),
        opt_level=2, streaming_stores="never", input_shapes={"x": [3]}))


def test_thread_count_is_a_session_option(tmp_path):
    m = model([helper.make_node("Clip", ["x", "lo", "hi"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1 << 20])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1 << 20])],
              [numpy_helper.from_array(np.array(-0.5, np.float32), "lo"),
               numpy_helper.from_array(np.array(0.5, np.float32), "hi")])
    library = onnxc.compile(m, str(tmp_path / "clip.so"))
    x = np.linspace(-2, 2, 1 << 20, dtype=np.float32)
    results = []
    for threads in (1, 2, 3):
        session = onnxc.InferenceSession(library, num_threads=threads)
        assert session.num_threads == threads
        (y,) = session.run(None, {"x": x})
        results.append(y)
    np.testing.assert_array_equal(results[0], np.clip(x, -0.5, 0.5))
    for y in results[1:]:
        assert y.tobytes() == results[0].tobytes()
    with pytest.raises(onnxc.Error, match="thread count"):
        session.num_threads = -1


def strings_session(tmp_path):
    m = model([helper.make_node("Upsample", ["x", "s"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.STRING, [2])],
              [helper.make_tensor_value_info("y", TensorProto.STRING, [4])],
              [numpy_helper.from_array(np.array([2], np.float32), "s")],
              opset=9)
    return session_of(m, tmp_path)


def test_string_inputs_hold_strings_or_utf8_bytes(tmp_path):
    session = strings_session(tmp_path)
    (y,) = session.run(None, {"x": np.array(["a", b"\xc3\xa9"], dtype=object)})
    assert y.tolist() == ["a", "a", "\u00e9", "\u00e9"]
    bad = [(np.array(["a", 5], dtype=object), "element 1 is a int"),
           (np.array([None, "a"], dtype=object), "element 0 is a NoneType"),
           (np.array(["a", b"\xff"], dtype=object), "element 1 is not valid "
            "UTF-8"),
           (np.array(["a\ud800", "b"], dtype=object), "element 0 is not valid "
            "Unicode"),
           (np.array(["a\0b", "c"], dtype=object), "element 0 contains a NUL")]
    for value, message in bad:
        with pytest.raises(onnxc.Error, match=message):
            session.run(None, {"x": value})


def test_sessions_and_tensors_refuse_copies(tmp_path):
    import copy
    import pickle
    session = strings_session(tmp_path)
    for make_copy in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="InferenceSession cannot be"):
            make_copy(session)
    tensor = onnxc._native._Tensor(np.zeros(2, np.float32), TensorProto.FLOAT)
    with pytest.raises(TypeError, match="_Tensor cannot be copied"):
        copy.copy(tensor)
    # The session still works.
    (y,) = session.run(None, {"x": np.array(["p", "q"], dtype=object)})
    assert y.tolist() == ["p", "p", "q", "q"]


def test_read_only_inputs_are_accepted(tmp_path):
    m = model([helper.make_node("Clip", ["x", "lo"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])],
              [numpy_helper.from_array(np.array(0, np.float32), "lo")])
    session = session_of(m, tmp_path)
    x = np.frombuffer(np.array([-1, 2, -3], np.float32).tobytes(), np.float32)
    assert not x.flags.writeable
    (y,) = session.run(None, {"x": x})
    np.testing.assert_array_equal(y, [0, 2, 0])
    binding = session.io_binding()
    binding.bind_input("x", x)
    binding.bind_output("y", np.frombuffer(bytes(12), np.float32))
    with pytest.raises(onnxc.Error, match="output 'y' must be a writable"):
        session.run_with_iobinding(binding)


def test_thread_counts_out_of_range_are_refused(tmp_path):
    session = strings_session(tmp_path)
    for count in (2**32 + 2, 2**31, -2**31 - 1):
        with pytest.raises(onnxc.Error, match="thread count .* out of range"):
            session.num_threads = count
    with pytest.raises(TypeError):
        session.num_threads = 2.5
    session.num_threads = 2
    assert session.num_threads == 2


def test_compile_passes_paths_starting_with_a_dash(tmp_path, monkeypatch):
    m = model([helper.make_node("Clip", ["x"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    monkeypatch.chdir(tmp_path)
    with open("--version", "wb") as f:
        f.write(m.SerializeToString())
    library = onnxc.compile("--version", str(tmp_path / "dash.so"))
    assert os.path.exists(library)
    (y,) = onnxc.InferenceSession(library).run(
        None, {"x": np.array([1, 2, 3], np.float32)})
    np.testing.assert_array_equal(y, [1, 2, 3])


def clip_model(shape=(3,), out_shape=None, code=TensorProto.FLOAT):
    out_shape = shape if out_shape is None else out_shape
    m = model([helper.make_node("Clip", ["x", "lo", "hi"], ["y"])],
              [helper.make_tensor_value_info("x", code, shape)],
              [helper.make_tensor_value_info("y", code, out_shape)],
              [numpy_helper.from_array(np.array(-1, np.float32), "lo"),
               numpy_helper.from_array(np.array(2, np.float32), "hi")])
    m.producer_name = "clip-maker"
    m.graph.name = "clipper"
    return m


def test_sessions_from_a_path_bytes_or_a_proto_share_the_cache(
        tmp_path, compile_cache):
    m = clip_model()
    path = tmp_path / "clip.onnx"
    path.write_bytes(m.SerializeToString())
    x = np.array([-5, 0.5, 7], np.float32)
    for source in (str(path), path, m.SerializeToString(), m):
        (y,) = onnxc.InferenceSession(source).run(None, {"x": x})
        np.testing.assert_array_equal(y, np.clip(x, -1, 2))
    # The bytes, proto and path (with its own key: external data is found
    # beside it) compiled twice in all, and nothing partial is left.
    assert sorted(f[-3:] for f in os.listdir(compile_cache)) == [".so"] * 2
    # Other options make another library.
    onnxc.InferenceSession(m, compile_options={"vectorize": False})
    assert len(os.listdir(compile_cache)) == 3


def test_an_onnx_runtime_script_runs_with_the_import_changed(tmp_path):
    import onnxc as ort
    path = tmp_path / "clip.onnx"
    path.write_bytes(clip_model().SerializeToString())
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.graph_optimization_level = \
        ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    with pytest.warns(UserWarning, match="ignores"):
        session = ort.InferenceSession(str(path), options,
                                       providers=["CPUExecutionProvider"])
    assert session.get_providers() == ["CPUExecutionProvider"]
    assert ort.get_available_providers() == ["CPUExecutionProvider"]
    assert session.num_threads == 1
    meta = session.get_modelmeta()
    assert (meta.producer_name, meta.graph_name) == ("clip-maker", "clipper")
    name = session.get_inputs()[0].name
    x = np.array([-5, 0.5, 7], np.float32)
    (y,) = session.run(None, {name: x}, ort.RunOptions())
    np.testing.assert_array_equal(y, np.clip(x, -1, 2))
    # IO binding, the session allocating the output.
    binding = session.io_binding()
    binding.bind_cpu_input(name, x)
    binding.bind_output("y")
    session.run_with_iobinding(binding)
    np.testing.assert_array_equal(binding.copy_outputs_to_cpu()[0], y)
    np.testing.assert_array_equal(binding.get_outputs()[0].numpy(), y)
    # IO binding to caller memory given by pointer: written in place.
    out = np.zeros(3, np.float32)
    binding.bind_output("y", "cpu", 0, np.float32, [3], out.ctypes.data)
    session.run_with_iobinding(binding)
    np.testing.assert_array_equal(out, y)
    # A wrong-shape output says what shape the inputs give.
    binding.bind_output("y", np.zeros(4, np.float32))
    with pytest.raises(onnxc.Error, match=r"must be float32\[3\] \(the "
                       r"shape the inputs give\), not float32\[4\]"):
        session.run_with_iobinding(binding)
    binding.bind_output("y", out)
    held = np.array([1.5, -3, 9], np.float32)
    binding.bind_input(name, "cpu", 0, np.float32, [3], held.ctypes.data)
    session.run_with_iobinding(binding)
    np.testing.assert_array_equal(out, np.clip(held, -1, 2))


def test_ort_values_in_and_out(tmp_path):
    session = onnxc.InferenceSession(clip_model())
    x = np.array([-5, 0.5, 7], np.float32)
    value = onnxc.OrtValue.ortvalue_from_numpy(x)
    assert (value.shape(), value.data_type(), value.element_type()) == \
        ([3], "tensor(float)", TensorProto.FLOAT)
    assert value.device_name() == "cpu"
    assert value.is_tensor() and value.has_value()
    # The value shares the array's memory, as in ONNX Runtime.
    assert value.data_ptr() == x.ctypes.data
    x[0] = 1.5
    outputs = session.run_with_ort_values(["y"], {"x": value})
    assert [type(o) for o in outputs] == [onnxc.OrtValue]
    (y,) = outputs
    assert (y.shape(), y.data_type()) == ([3], "tensor(float)")
    np.testing.assert_array_equal(y.numpy(), [1.5, 0.5, 2])
    y.numpy()[0] = 9  # A copy.
    np.testing.assert_array_equal(y.numpy(), [1.5, 0.5, 2])
    (y,) = session.run_with_ort_values(None, {"x": value})
    np.testing.assert_array_equal(y.numpy(), [1.5, 0.5, 2])
    with pytest.raises(TypeError, match="input 'x' is a ndarray, not an "
                       "OrtValue"):
        session.run_with_ort_values(None, {"x": x})
    # Memory for outputs, by numpy type or ONNX element type.
    z = onnxc.OrtValue.ortvalue_from_shape_and_type([2, 3], np.int64)
    assert (z.shape(), z.data_type()) == ([2, 3], "tensor(int64)")
    np.testing.assert_array_equal(z.numpy(), np.zeros([2, 3], np.int64))
    b = onnxc.OrtValue.ortvalue_from_shape_and_type([4], TensorProto.BFLOAT16)
    assert (b.data_type(), b.element_type(), b.numpy().dtype) == \
        ("tensor(bfloat16)", TensorProto.BFLOAT16, np.uint16)
    with pytest.raises(onnxc.Error, match="CPU memory only"):
        onnxc.OrtValue.ortvalue_from_numpy(x, "cuda", 0)
    # Strings: numpy's str arrays become string tensors.
    session = strings_session(tmp_path)
    (s,) = session.run_with_ort_values(
        None, {"x": onnxc.OrtValue.ortvalue_from_numpy(np.array(["p", "q"]))})
    assert s.data_type() == "tensor(string)"
    assert s.numpy().tolist() == ["p", "p", "q", "q"]


def test_io_binding_of_ort_values(tmp_path):
    m = model([helper.make_node("Clip", ["x"], ["y"], min=-1.0, max=2.0),
               helper.make_node("Clip", ["x"], ["z"], min=0.0, max=1.0)],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3]),
               helper.make_tensor_value_info("z", TensorProto.FLOAT, [3])],
              opset=9)
    session = onnxc.InferenceSession(m)
    x = np.array([-5, 0.5, 7], np.float32)
    binding = session.io_binding()
    binding.bind_ortvalue_input("x", onnxc.OrtValue.ortvalue_from_numpy(x))
    z = onnxc.OrtValue.ortvalue_from_shape_and_type([3], np.float32)
    address = z.data_ptr()
    binding.bind_ortvalue_output("z", z)
    binding.bind_output("y", "cpu")
    binding.synchronize_inputs()
    session.run_with_iobinding(binding)
    binding.synchronize_outputs()
    # OrtValues, in the order bound; z is written in place.
    outputs = binding.get_outputs()
    assert outputs[0] is z and z.data_ptr() == address
    np.testing.assert_array_equal(z.numpy(), np.clip(x, 0, 1))
    assert isinstance(outputs[1], onnxc.OrtValue)
    np.testing.assert_array_equal(outputs[1].numpy(), np.clip(x, -1, 2))
    copies = binding.copy_outputs_to_cpu()
    assert [type(c) for c in copies] == [np.ndarray, np.ndarray]
    np.testing.assert_array_equal(copies[1], np.clip(x, -1, 2))
    # An output left unbound is computed and dropped.
    binding.clear_binding_outputs()
    y = onnxc.OrtValue.ortvalue_from_shape_and_type([3], np.float32)
    binding.bind_ortvalue_output("y", y)
    session.run_with_iobinding(binding)
    (output,) = binding.get_outputs()
    assert output is y
    np.testing.assert_array_equal(y.numpy(), np.clip(x, -1, 2))
    # ONNX Runtime's refusals.
    with pytest.raises(ValueError, match="`element_type` and `shape` are to "
                       "be provided"):
        binding.bind_output("y", "cpu", 0, None, None, address)
    with pytest.raises(TypeError, match="a ndarray is not an OrtValue"):
        binding.bind_ortvalue_output("y", np.zeros(3, np.float32))
    binding.bind_output("w")
    with pytest.raises(onnxc.Error, match="unknown outputs: w"):
        session.run_with_iobinding(binding)


def test_the_package_knows_its_version():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        assert "project(onnxc VERSION %s " % onnxc.__version__ in f.read()


def test_providers_onnxc_lacks_warn_and_the_cpu_runs(tmp_path):
    # The usual "GPU if there is one" list: ONNX Runtime's warning, once,
    # and the CPU runs the model; so it does for a list without the CPU.
    m = clip_model()
    x = np.array([-5, 0.5, 7], np.float32)
    for providers in (["CUDAExecutionProvider", "CPUExecutionProvider"],
                      [("CUDAExecutionProvider", {"device_id": 0}),
                       "CUDAExecutionProvider"]):
        with pytest.warns(UserWarning) as record:
            session = onnxc.InferenceSession(m, providers=providers)
        assert [str(w.message) for w in record] == [
            "Specified provider 'CUDAExecutionProvider' is not in available "
            "provider names. Available providers: 'CPUExecutionProvider'; "
            "onnxc runs the model on the CPU"]
        assert record[0].filename == __file__
        assert session.get_providers() == ["CPUExecutionProvider"]
        (y,) = session.run(None, {"x": x})
        np.testing.assert_array_equal(y, np.clip(x, -1, 2))
    with pytest.warns(UserWarning, match="'TensorrtExecutionProvider'"):
        session.set_providers(["TensorrtExecutionProvider"])
    assert "CUDAExecutionProvider" in onnxc.get_all_providers()
    # A name ONNX Runtime does not know is an error, as there.
    with pytest.raises(onnxc.Error, match="'CudaExecutionProvider' is not an "
                       "execution provider"):
        onnxc.InferenceSession(m, providers=["CudaExecutionProvider"])
    with pytest.raises(ValueError, match="strings or"):
        onnxc.InferenceSession(m, providers=[("CPUExecutionProvider",)])


def test_session_options_onnxc_ignores_make_one_warning(tmp_path):
    # The settings ONNX Runtime scripts commonly make: setting them warns of
    # nothing; a session made with them says in one warning what it
    # ignores, and nothing of intra_op_num_threads, which it uses.
    options = onnxc.SessionOptions()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        options.graph_optimization_level = \
            onnxc.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.execution_mode = onnxc.ExecutionMode.ORT_SEQUENTIAL
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        options.intra_op_num_threads = 2
        options.log_severity_level = 2
    with pytest.warns(UserWarning) as record:
        session = onnxc.InferenceSession(clip_model(), options)
    assert [str(w.message) for w in record] == [
        "onnxc ignores these SessionOptions: graph_optimization_level, "
        "execution_mode, inter_op_num_threads, log_severity_level"]
    assert record[0].filename == __file__
    assert session.num_threads == 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        onnxc.InferenceSession(clip_model(), onnxc.SessionOptions())


def test_device_and_profiling_answer_as_onnx_runtime_does(tmp_path):
    assert onnxc.get_device() == "CPU"
    session = onnxc.InferenceSession(clip_model())
    session.run(None, {"x": np.zeros(3, np.float32)})
    assert session.end_profiling() == ""
    # Asked for, profiling is among the settings onnxc ignores.
    options = onnxc.SessionOptions()
    options.enable_profiling = True
    with pytest.warns(UserWarning, match="ignores these SessionOptions: "
                      "enable_profiling"):
        session = onnxc.InferenceSession(clip_model(), options)
    assert session.end_profiling() == ""


def test_providers_and_options_onnxc_lacks(tmp_path):
    m = clip_model()
    session = onnxc.InferenceSession(
        m, providers=[("CPUExecutionProvider", {})])
    binding = session.io_binding()
    with pytest.raises(onnxc.Error, match="CPU memory only"):
        binding.bind_output("y", "cuda", 0, np.float32, [3], 0)


def test_a_model_without_input_shapes_compiles_for_each_rank(
        tmp_path, compile_cache):
    m = clip_model(shape=None, out_shape=None)
    session = onnxc.InferenceSession(m)
    (arg,) = session.get_inputs()
    assert (arg.name, arg.shape, arg.type) == ("x", None, "tensor(float)")
    for shape in ([4], [2, 3], [5]):
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape) - 2
        (y,) = session.run(None, {"x": x})
        np.testing.assert_array_equal(y, np.clip(x, -1, 2))
    # One library per rank: [4] and [5] share one.
    assert len(os.listdir(compile_cache)) == 2
    # Without the session, compile needs the shape, and says how to give it.
    with pytest.raises(onnxc.Error, match="--input-shape x=DIMS"):
        onnxc.compile(m, str(tmp_path / "m.so"))
    library = onnxc.compile(m, str(tmp_path / "m.so"),
                            input_shapes={"x": ["N", 2]})
    (i,) = onnxc.InferenceSession(library).get_inputs()
    assert i.shape == ["N", 2]
    library = onnxc.compile(m, str(tmp_path / "m.so"),
                            input_shapes={0: [3, None]})
    (i,) = onnxc.InferenceSession(library).get_inputs()
    assert i.shape == [3, None]


def test_contradicting_declared_shapes_warn_or_fail(tmp_path):
    m = clip_model(shape=[2, 4], out_shape=[2, 3])
    with pytest.warns(UserWarning, match="declares 'y' as 'tensor<2x3xf32>'"
                      ", but the node computes 'tensor<2x4xf32>'"):
        library = onnxc.compile(m, str(tmp_path / "m.so"))
    x = np.ones([2, 4], np.float32) * 3
    (y,) = onnxc.InferenceSession(library).run(None, {"x": x})
    np.testing.assert_array_equal(y, np.full([2, 4], 2, np.float32))
    with pytest.raises(onnxc.Error, match="declares 'y'"):
        onnxc.compile(m, str(tmp_path / "strict.so"), strict_shapes=True)


def test_processes_racing_to_compile_one_model(tmp_path, compile_cache):
    import subprocess
    import sys
    path = tmp_path / "clip.onnx"
    path.write_bytes(clip_model().SerializeToString())
    script = ("import numpy as np, onnxc\n"
              "s = onnxc.InferenceSession(%r)\n"
              "print(s.run(None, {'x': np.ones(3, np.float32) * 5})[0])\n"
              % str(path))
    processes = [subprocess.Popen([sys.executable, "-c", script],
                                  stdout=subprocess.PIPE, text=True)
                 for _ in range(3)]
    outputs = [p.communicate()[0] for p in processes]
    assert [p.returncode for p in processes] == [0, 0, 0]
    assert all(o.strip() == "[2. 2. 2.]" for o in outputs)
    assert len(os.listdir(compile_cache)) == 1


def test_ort_value_element_types_are_checked():
    # bfloat16 and uint16 share a numpy dtype; an OrtValue knows which it
    # holds, and a run refuses the other.
    m = model([helper.make_node("Identity", ["x"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.UINT16, [3])],
              [helper.make_tensor_value_info("y", TensorProto.UINT16, [3])])
    session = onnxc.InferenceSession(m)
    bits = onnxc.OrtValue.ortvalue_from_numpy_with_onnx_type(
        np.array([1, 2, 3], np.uint16), TensorProto.BFLOAT16)
    with pytest.raises(onnxc.Error, match=r"input 'x' is tensor\(uint16\), "
                       r"but the OrtValue holds tensor\(bfloat16\)"):
        session.run_with_ort_values(None, {"x": bits})
    value = onnxc.OrtValue.ortvalue_from_numpy(np.array([1, 2, 3], np.uint16))
    (y,) = session.run_with_ort_values(None, {"x": value})
    np.testing.assert_array_equal(y.numpy(), [1, 2, 3])


def test_io_binding_keywords_as_onnx_runtime_names_them():
    session = onnxc.InferenceSession(clip_model())
    x = np.array([-5, 0.5, 7], np.float32)
    out = np.zeros(3, np.float32)
    binding = session.io_binding()
    binding.bind_input(name="x", device_type="cpu", device_id=0,
                       element_type=np.float32, shape=[3],
                       buffer_ptr=x.ctypes.data)
    binding.bind_output(name="y", device_type="cpu", device_id=0,
                        element_type=np.float32, shape=[3],
                        buffer_ptr=out.ctypes.data)
    session.run_with_iobinding(binding)
    np.testing.assert_array_equal(out, np.clip(x, -1, 2))
    # A pointer says nothing of what it points to.
    with pytest.raises(ValueError, match="element_type"):
        binding.bind_input("x", "cpu", 0, None, [3], x.ctypes.data)


def test_update_inplace_writes_a_strided_value():
    # Rows of 3 in rows of 6: no 1-D view covers them.
    base = np.zeros((4, 6), np.float32)
    value = onnxc.OrtValue(base[:, :3])
    value.update_inplace(np.arange(12, dtype=np.float32))
    np.testing.assert_array_equal(base[:, :3], np.arange(12).reshape(4, 3))
    assert not base[:, 3:].any()
