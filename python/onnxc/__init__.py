"""onnxc for Python: compile ONNX models ahead of time and run them.

    import numpy as np, onnxc
    library = onnxc.compile("model.onnx")          # -> "model.so"
    session = onnxc.InferenceSession(library)
    (y,) = session.run(None, {"x": np.ones([4], np.float32)})

The package is pure Python over the onnxc runtime (libonnxc_runtime.so,
through ctypes) and the onnx-compile tool. Sessions are shaped like ONNX
Runtime's: get_inputs()/get_outputs(), run(output_names, input_feed), and
an IO binding that writes into caller-provided arrays without copies.

Element types map to numpy dtypes; bfloat16 has no numpy type in Debian's
numpy (no ml_dtypes), so bfloat16 tensors are uint16 arrays holding the raw
bits (x.view(np.uint16) of float32 >> 16 truncates; round as you need).
String tensors are numpy object arrays of str.
"""

import ctypes
import ctypes.util
import operator
import os
import shutil
import subprocess
import tempfile

import numpy as np

__all__ = ["Error", "compile", "InferenceSession", "NodeArg", "IOBinding"]


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
        # Build tree: build/python/onnxc -> build/lib.
        os.path.join(_HERE, "..", "..", "lib", "libonnxc_runtime.so"),
        # Installed: PREFIX/lib/python3/dist-packages/onnxc -> PREFIX/lib.
        os.path.join(_HERE, "..", "..", "..", "libonnxc_runtime.so"),
    ]) or ctypes.util.find_library("onnxc_runtime")


def _compiler_path():
    return _first_existing([
        os.environ.get("ONNXC_COMPILE"),
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
_STRING = 8


# --- Compiling ------------------------------------------------------------

def _extension(options):
    """onnx-compile's default output extension for the `emit` option."""
    return {"lib": ".so", "obj": ".o", "asm": ".s",
            "llvm-ir": ".ll"}.get(options.get("emit", "lib"), ".mlir")


def compile(model, output=None, **options):
    """Compiles `model` (a path or an onnx.ModelProto) with onnx-compile and
    returns the path of what it wrote (a shared library by default).

    `output` defaults to the model's name with the extension of `emit` in the
    current directory. A ModelProto is written to a temporary directory for
    onnx-compile, which is removed afterwards unless `output` defaults to a
    file in it (then it holds that file alone, and is the caller's). Options
    mirror onnx-compile's flags: emit="lib", opt_level=3, mcpu=..., mtriple=...,
    entry=..., fuse=True, vectorize=True, vector_bits=...; any other keyword
    `name=value` is passed as --name=value.
    """
    compiler = _compiler_path()
    if not compiler:
        raise Error("onnx-compile not found (set ONNXC_COMPILE)")
    temporary = None
    output_in_temporary = False
    keep_temporary = False
    try:
        if not isinstance(model, (str, bytes, os.PathLike)):
            temporary = tempfile.mkdtemp(prefix="onnxc-")
            path = os.path.join(temporary, "model.onnx")
            with open(path, "wb") as f:
                f.write(model.SerializeToString())
            model = path
            if output is None:
                output = os.path.join(temporary,
                                      "model" + _extension(options))
                output_in_temporary = True
        command = [compiler]
        if output is not None:
            command += ["-o", os.fspath(output)]
        for name, value in options.items():
            if name == "opt_level":
                command.append("-O%d" % value)
                continue
            flag = "--" + name.replace("_", "-")
            if isinstance(value, bool):
                value = "true" if value else "false"
            command.append("%s=%s" % (flag, value))
        # "--": a model path that starts with '-' is still a path.
        command += ["--", os.fspath(model)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise Error(result.stderr.strip() or "onnx-compile failed")
        # The output is the caller's now, and with it its directory.
        keep_temporary = output_in_temporary
        if output is None:
            stem = os.path.splitext(os.path.basename(os.fspath(model)))[0]
            output = stem + _extension(options)
        output = os.path.abspath(output)
        if os.fspath(output) != os.devnull and not os.path.exists(output):
            raise Error("onnx-compile wrote no '%s'" % output)
        return output
    finally:
        if temporary is not None:
            if keep_temporary:
                os.remove(os.path.join(temporary, "model.onnx"))
            else:
                shutil.rmtree(temporary, ignore_errors=True)


# --- Sessions -------------------------------------------------------------

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


class IOBinding:
    """Inputs and caller-provided outputs for
    InferenceSession.run_with_iobinding: the model writes straight into the
    bound output arrays (C-contiguous, of the right dtype and shape)."""

    def __init__(self, session):
        self._session = session
        self._inputs, self._outputs = {}, {}

    def bind_input(self, name, array):
        self._inputs[name] = array

    def bind_output(self, name, array):
        self._outputs[name] = array

    def get_outputs(self):
        return [self._outputs[o.name] for o in self._session.get_outputs()]


class InferenceSession(_NotCopyable):
    """A compiled model library, loaded: like onnxruntime.InferenceSession."""

    def __init__(self, library, entry=None, num_threads=0):
        """num_threads: the most threads a run uses; 0 is the default
        (ONNXC_NUM_THREADS, else the CPUs the process may run on)."""
        lib = _runtime()
        handle = ctypes.c_void_p()
        _check(lib.onnxc_model_load(os.fspath(library).encode(),
                                    entry.encode() if entry else None,
                                    ctypes.byref(handle)))
        self._handle = handle
        self.num_threads = num_threads
        self._inputs = [_node_arg(lib.onnxc_model_input(handle, i).contents)
                        for i in range(lib.onnxc_model_num_inputs(handle))]
        self._outputs = [_node_arg(lib.onnxc_model_output(handle, i).contents)
                         for i in range(lib.onnxc_model_num_outputs(handle))]

    def __del__(self):
        if getattr(self, "_handle", None):
            _runtime().onnxc_model_destroy(self._handle)
            self._handle = None

    @property
    def num_threads(self):
        """The most threads a run uses, the calling thread included."""
        return _runtime().onnxc_model_num_threads(self._handle)

    @num_threads.setter
    def num_threads(self, count):
        count = operator.index(count)
        # The C API takes 32 bits: a larger count must not wrap around.
        if not -2**31 <= count < 2**31:
            raise Error("thread count %d is out of range" % count)
        _check(_runtime().onnxc_model_set_num_threads(self._handle, count))

    def get_inputs(self):
        return list(self._inputs)

    def get_outputs(self):
        return list(self._outputs)

    def signature(self):
        """The model's signature, as JSON text."""
        return _runtime().onnxc_model_signature(self._handle).decode()

    def io_binding(self):
        return IOBinding(self)

    def _input_tensors(self, feed):
        names = {i.name for i in self._inputs}
        unknown = set(feed) - names
        if unknown:
            raise Error("unknown inputs: %s" % ", ".join(sorted(unknown)))
        tensors = []
        for arg in self._inputs:
            if arg.name not in feed:
                raise Error("input '%s' is missing" % arg.name)
            tensors.append(self._wrap(arg, feed[arg.name], "input"))
        return tensors

    @staticmethod
    def _wrap(arg, value, what):
        dtype = _TYPES.get(arg._code, (None, None))[1]
        if dtype is None:
            raise Error("%s '%s' has an unsupported element type" %
                        (what, arg.name))
        if arg._code == _STRING:
            array = np.asarray(value, dtype=object)
        else:
            array = np.asarray(value)
            if array.dtype != np.dtype(dtype):
                raise Error("%s '%s' must be %s, not %s" % (
                    what, arg.name, np.dtype(dtype), array.dtype))
            if what == "input":
                # Inputs are only read: read-only arrays are fine.
                if not array.flags.c_contiguous:
                    array = array.copy(order="C")  # Keeps rank 0, unlike
                    # np.ascontiguousarray.
            elif not array.flags.c_contiguous or not array.flags.writeable:
                raise Error("output '%s' must be a writable C-contiguous "
                            "array" % arg.name)
        return _Tensor(array, arg._code)

    def workspace_bytes(self, input_feed):
        """Bytes of workspace a run on `input_feed` uses, as the model's
        shape function computes it (-1 when it cannot tell in advance)."""
        inputs = self._input_tensors(input_feed)
        handles = (ctypes.c_void_p * max(1, len(inputs)))(
            *[t.handle for t in inputs])
        bytes_ = ctypes.c_int64(-1)
        _check(_runtime().onnxc_model_workspace_bytes(
            self._handle, handles, len(inputs), ctypes.byref(bytes_)))
        return bytes_.value

    def _run(self, inputs, outputs):
        lib = _runtime()
        in_handles = (ctypes.c_void_p * max(1, len(inputs)))(
            *[t.handle for t in inputs])
        out_handles = (ctypes.c_void_p * max(1, len(outputs)))(
            *[t.handle if t else None for t in outputs])
        _check(lib.onnxc_model_run(self._handle, in_handles, len(inputs),
                                   out_handles, len(outputs)))
        return out_handles

    def run(self, output_names, input_feed):
        """Runs the model on `input_feed` ({name: array}) and returns the
        outputs named in `output_names` (all when None), as new arrays."""
        inputs = self._input_tensors(input_feed)
        handles = self._run(inputs, [None] * len(self._outputs))
        lib = _runtime()
        results = {}
        try:
            for arg, handle in zip(self._outputs, handles):
                results[arg.name] = _to_numpy(handle, arg._code)
        finally:
            for handle in handles:
                if handle:
                    lib.onnxc_tensor_destroy(handle)
        names = output_names or [o.name for o in self._outputs]
        missing = [n for n in names if n not in results]
        if missing:
            raise Error("unknown outputs: %s" % ", ".join(missing))
        return [results[n] for n in names]

    def run_with_iobinding(self, binding):
        """Runs with the binding's inputs, writing into its output arrays
        (every output must be bound): no copy of any output."""
        inputs = self._input_tensors(binding._inputs)
        outputs = []
        for arg in self._outputs:
            if arg.name not in binding._outputs:
                raise Error("output '%s' is not bound" % arg.name)
            if arg._code == _STRING:
                raise Error("string output '%s' cannot be bound; use run()" %
                            arg.name)
            outputs.append(self._wrap(arg, binding._outputs[arg.name],
                                      "output"))
        self._run(inputs, outputs)
