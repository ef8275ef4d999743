"""The onnxc runtime's C API through ctypes: the library, element types,
tensors, and the errors it reports."""

import ctypes
import ctypes.util
import os
import shutil

import numpy as np

class Error(RuntimeError):
    """A failure of the onnxc runtime or compiler, with its message."""


# --- Locating the runtime library and the compiler ------------------------

_HERE = os.path.dirname(os.path.abspath(__file__))


def _first_existing(candidates):
    for candidate in candidates:
        if candidate and os.path.exists(candidate):
            return os.path.abspath(candidate)
    return None


def _runtime_path():
    return _first_existing([
        os.environ.get("ONNXC_RUNTIME_LIBRARY"),
        # Installed by pip: beside the package (python/packaging).
        os.path.join(_HERE, "_prefix", "lib", "libonnxc_runtime.so"),
        # Build tree: build/python/onnxc -> build/lib.
        os.path.join(_HERE, "..", "..", "lib", "libonnxc_runtime.so"),
        # Installed: PREFIX/lib/python3.X/dist-packages/onnxc -> PREFIX/lib.
        os.path.join(_HERE, "..", "..", "..", "libonnxc_runtime.so"),
    ]) or ctypes.util.find_library("onnxc_runtime")


def _compiler_path():
    return _first_existing([
        os.environ.get("ONNXC_COMPILE"),
        os.path.join(_HERE, "_prefix", "bin", "onnx-compile"),
        os.path.join(_HERE, "..", "..", "bin", "onnx-compile"),
        os.path.join(_HERE, "..", "..", "..", "..", "bin", "onnx-compile"),
    ]) or shutil.which("onnx-compile")


# --- The C API ------------------------------------------------------------

class _ModelIO(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("elem_type", ctypes.c_int32),
                ("rank", ctypes.c_int32),
                ("dims", ctypes.POINTER(ctypes.c_int64)),
                ("dim_params", ctypes.POINTER(ctypes.c_char_p))]


_lib = None


def _runtime():
    global _lib
    if _lib is not None:
        return _lib
    path = _runtime_path()
    if not path:
        raise Error("libonnxc_runtime.so not found (set ONNXC_RUNTIME_LIBRARY)")
    lib = ctypes.CDLL(path)
    p, i32, i64, size = (ctypes.c_void_p, ctypes.c_int32, ctypes.c_int64,
                         ctypes.c_size_t)
    signatures = {
        "onnxc_last_error": (ctypes.c_char_p, []),
        "onnxc_element_size": (size, [i32]),
        "onnxc_tensor_wrap": (i32, [i32, i32, ctypes.POINTER(i64), p, size,
                                    ctypes.POINTER(p)]),
        "onnxc_tensor_destroy": (None, [p]),
        "onnxc_tensor_rank": (i32, [p]),
        "onnxc_tensor_dims": (ctypes.POINTER(i64), [p]),
        "onnxc_tensor_size_bytes": (size, [p]),
        "onnxc_tensor_num_elements": (i64, [p]),
        "onnxc_tensor_const_data": (p, [p]),
        "onnxc_model_load": (i32, [ctypes.c_char_p, ctypes.c_char_p,
                                   ctypes.POINTER(p)]),
        "onnxc_model_destroy": (None, [p]),
        "onnxc_model_signature": (ctypes.c_char_p, [p]),
        "onnxc_model_num_inputs": (size, [p]),
        "onnxc_model_num_outputs": (size, [p]),
        "onnxc_model_input": (ctypes.POINTER(_ModelIO), [p, size]),
        "onnxc_model_output": (ctypes.POINTER(_ModelIO), [p, size]),
        "onnxc_model_run": (i32, [p, ctypes.POINTER(p), size,
                                  ctypes.POINTER(p), size]),
        "onnxc_model_set_num_threads": (i32, [p, i32]),
        "onnxc_model_num_threads": (i32, [p]),
        "onnxc_model_workspace_bytes": (i32, [p, ctypes.POINTER(p), size,
                                              ctypes.POINTER(i64)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype, function.argtypes = restype, argtypes
    _lib = lib
    return lib


def _check(status):
    if status != 0:
        raise Error(_runtime().onnxc_last_error().decode("utf-8", "replace"))


# onnxc element type code -> (ONNX type string, numpy dtype). The codes and
# names are those of onnxc_model_abi.h.
_TYPES = {
    1: ("tensor(float)", np.float32), 2: ("tensor(uint8)", np.uint8),
    3: ("tensor(int8)", np.int8), 4: ("tensor(uint16)", np.uint16),
    5: ("tensor(int16)", np.int16), 6: ("tensor(int32)", np.int32),
    7: ("tensor(int64)", np.int64), 8: ("tensor(string)", object),
    9: ("tensor(bool)", np.bool_), 10: ("tensor(float16)", np.float16),
    11: ("tensor(double)", np.float64), 12: ("tensor(uint32)", np.uint32),
    13: ("tensor(uint64)", np.uint64), 14: ("tensor(complex64)", np.complex64),
    15: ("tensor(complex128)", np.complex128),
    16: ("tensor(bfloat16)", np.uint16),
}
_STRING, _BFLOAT16 = 8, 16


class NodeArg:
    """An input or output: name, shape (ints; str for symbolic dimensions,
    None for unknown ones) and type ("tensor(float)", ...)."""

    def __init__(self, name, shape, type, code):
        self.name, self.shape, self.type = name, shape, type
        self._code = code

    def __repr__(self):
        return "NodeArg(name=%r, type=%r, shape=%r)" % (self.name, self.type,
                                                        self.shape)


def _node_arg(io):
    shape = []
    for d in range(io.rank):
        dim = io.dims[d]
        param = io.dim_params[d] if io.dim_params else None
        shape.append(dim if dim >= 0 else
                     (param.decode() if param else None))
    type_name = _TYPES.get(io.elem_type, ("tensor(undefined)", None))[0]
    return NodeArg(io.name.decode(), shape, type_name, io.elem_type)


def _encode_string(value, index):
    """Element `index` of a string tensor as NUL-terminated UTF-8: a str, or
    bytes holding UTF-8, without NUL characters (the runtime's strings end
    at the first)."""
    if isinstance(value, str):
        try:
            encoded = value.encode("utf-8")
        except UnicodeEncodeError as e:
            raise Error("string element %d is not valid Unicode: %s" %
                        (index, e)) from None
    elif isinstance(value, bytes):
        try:
            value.decode("utf-8")
        except UnicodeDecodeError as e:
            raise Error("string element %d is not valid UTF-8: %s" %
                        (index, e)) from None
        encoded = value
    else:
        raise Error("string element %d is a %s, not a str or bytes" %
                    (index, type(value).__name__))
    if b"\0" in encoded:
        raise Error("string element %d contains a NUL character" % index)
    return encoded


class _NotCopyable:
    """Owns a native handle that only one object may destroy: copies would
    destroy it twice, and use it after that."""

    def __copy__(self):
        raise TypeError("%s cannot be copied: it owns a native handle; "
                        "share the object instead" % type(self).__name__)

    def __deepcopy__(self, memo):
        self.__copy__()

    def __reduce__(self):
        raise TypeError("%s cannot be pickled: it owns a native handle" %
                        type(self).__name__)


class _Tensor(_NotCopyable):
    """An onnxc_tensor wrapping a numpy array (kept alive with it)."""

    def __init__(self, array, code):
        lib = _runtime()
        keep = [array]
        if code == _STRING:
            encoded = [_encode_string(s, i)
                       for i, s in enumerate(array.ravel())]
            pointers = (ctypes.c_char_p * max(1, len(encoded)))(*encoded)
            keep += [encoded, pointers]
            data, size = ctypes.cast(pointers, ctypes.c_void_p), \
                len(encoded) * ctypes.sizeof(ctypes.c_char_p)
        else:
            data = ctypes.c_void_p(array.ctypes.data)
            size = array.nbytes
        dims = (ctypes.c_int64 * max(1, array.ndim))(*array.shape)
        handle = ctypes.c_void_p()
        _check(lib.onnxc_tensor_wrap(code, array.ndim, dims, data, size,
                                     ctypes.byref(handle)))
        self.handle, self._keep = handle, keep

    def __del__(self):
        if getattr(self, "handle", None):
            _runtime().onnxc_tensor_destroy(self.handle)
            self.handle = None


def _to_numpy(handle, code):
    """Copies a runtime-allocated tensor into a new numpy array."""
    lib = _runtime()
    rank = lib.onnxc_tensor_rank(handle)
    dims = lib.onnxc_tensor_dims(handle)
    shape = tuple(dims[i] for i in range(rank))
    data = lib.onnxc_tensor_const_data(handle)
    count = lib.onnxc_tensor_num_elements(handle)
    if code == _STRING:
        pointers = ctypes.cast(data, ctypes.POINTER(ctypes.c_char_p))
        values = [pointers[i].decode("utf-8") for i in range(count)]
        result = np.empty(count, dtype=object)
        result[:] = values
        return result.reshape(shape)
    dtype = np.dtype(_TYPES[code][1])
    nbytes = lib.onnxc_tensor_size_bytes(handle)
    buffer = (ctypes.c_char * nbytes).from_address(data) if nbytes else b""
    return np.frombuffer(bytes(buffer), dtype=dtype).reshape(shape).copy()
