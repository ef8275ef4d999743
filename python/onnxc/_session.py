"""Sessions shaped like ONNX Runtime's: InferenceSession, IOBinding,
SessionOptions, RunOptions and providers."""

import ctypes
import enum
import operator
import os
import warnings

import numpy as np

from . import _model_file
from ._compiler import _cached_library, _check_options, _model_bytes
from ._native import (Error, NodeArg, _NotCopyable, _STRING, _TYPES, _Tensor,
                      _check, _node_arg, _runtime, _to_numpy)
from ._ortvalue import OrtValue, _as_array, _check_device, _element_type

def _array_at(buffer_ptr, element_type, shape):
    """A numpy array over `shape` elements of `element_type` (a numpy
    dtype or type, or an ONNX element type) at the address `buffer_ptr`,
    which the caller keeps alive: ONNX Runtime's (device, pointer) form of
    a binding."""
    dtype = _element_type(element_type)[1]
    count = int(np.prod(shape, dtype=np.int64)) if len(shape) else 1
    if count and not buffer_ptr:
        raise Error("a binding of %d elements has a null buffer_ptr" % count)
    buffer = (ctypes.c_char * (count * dtype.itemsize)).from_address(
        buffer_ptr) if count else bytearray()
    return np.frombuffer(buffer, dtype=dtype, count=count).reshape(shape)


class IOBinding:
    """Inputs and outputs bound for InferenceSession.run_with_iobinding, in
    ONNX Runtime's forms. An output bound to memory (an OrtValue, a buffer
    pointer, or a C-contiguous array, of the output's dtype and shape) is
    written in place, without a copy; one bound by name (and device) alone
    is allocated by the run. Outputs left unbound are computed and dropped.
    The memory is the CPU's: synchronize_inputs() and synchronize_outputs()
    have nothing to wait for."""

    def __init__(self, session):
        self._session = session
        self._inputs, self._outputs = {}, {}
        self._results = {}  # Output name -> OrtValue, of the last run.

    def bind_input(self, name, device_type="cpu", device_id=0,
                   element_type=None, shape=None, buffer_ptr=None):
        """ONNX Runtime's bind_input(name, device_type, device_id,
        element_type, shape, buffer_ptr), or bind_input(name, array)."""
        if not isinstance(device_type, str):
            self._inputs[name] = device_type  # An array.
            return
        _check_device(device_type, device_id)
        if element_type is None or shape is None:
            raise ValueError("`element_type` and `shape` are to be provided "
                             "with buffer_ptr")
        self._inputs[name] = _array_at(buffer_ptr, element_type, shape)

    def bind_cpu_input(self, name, array):
        """Binds an input to a numpy array, which each run reads."""
        self._inputs[name] = array

    def bind_ortvalue_input(self, name, ortvalue):
        """Binds an input to an OrtValue, which each run reads."""
        self._check_ortvalue(ortvalue)
        self._inputs[name] = ortvalue

    def bind_output(self, name, device_type="cpu", device_id=0,
                    element_type=None, shape=None, buffer_ptr=None):
        """bind_output(name) for an output the run allocates; ONNX
        Runtime's bind_output(name, device_type, device_id, element_type,
        shape, buffer_ptr) for caller memory; or bind_output(name,
        array)."""
        if not isinstance(device_type, str):
            self._bind_output(name, device_type)  # An array.
            return
        _check_device(device_type, device_id)
        if buffer_ptr is None:
            self._bind_output(name, None)
        elif element_type is None or shape is None:
            raise ValueError("`element_type` and `shape` are to be provided "
                             "if pre-allocated memory is provided")
        else:
            self._bind_output(name, _array_at(buffer_ptr, element_type,
                                              shape))

    def bind_ortvalue_output(self, name, ortvalue):
        """Binds an output to an OrtValue, which each run writes into."""
        self._check_ortvalue(ortvalue)
        self._bind_output(name, ortvalue)

    @staticmethod
    def _check_ortvalue(value):
        if not isinstance(value, OrtValue):
            raise TypeError("a %s is not an OrtValue" % type(value).__name__)

    def _bind_output(self, name, value):
        self._outputs[name] = value
        self._results.pop(name, None)

    def clear_binding_inputs(self):
        self._inputs.clear()

    def clear_binding_outputs(self):
        self._outputs.clear()
        self._results.clear()

    def synchronize_inputs(self):
        pass

    def synchronize_outputs(self):
        pass

    def get_outputs(self):
        """The bound outputs of the last run, as OrtValues, in the order
        they were bound: those bound to an OrtValue are that OrtValue; those
        bound to memory share it."""
        return [self._results[name] for name in self._outputs
                if name in self._results]

    def copy_outputs_to_cpu(self):
        """Copies of get_outputs(), as numpy arrays."""
        return [value.numpy() for value in self.get_outputs()]


# The execution providers ONNX Runtime names (onnxruntime.get_all_providers()
# of its recent releases), in its order of precedence.
_ALL_PROVIDERS = [
    "NvTensorRTRTXExecutionProvider", "TensorrtExecutionProvider",
    "CUDAExecutionProvider", "MIGraphXExecutionProvider",
    "ROCMExecutionProvider", "OpenVINOExecutionProvider",
    "DnnlExecutionProvider", "TvmExecutionProvider",
    "VitisAIExecutionProvider", "QNNExecutionProvider",
    "NnapiExecutionProvider", "VSINPUExecutionProvider",
    "JsExecutionProvider", "CoreMLExecutionProvider",
    "ArmNNExecutionProvider", "ACLExecutionProvider",
    "DmlExecutionProvider", "RknpuExecutionProvider",
    "WebNNExecutionProvider", "WebGpuExecutionProvider",
    "XnnpackExecutionProvider", "CANNExecutionProvider",
    "SNPEExecutionProvider", "AzureExecutionProvider",
    "CPUExecutionProvider",
]
_PROVIDERS = ["CPUExecutionProvider"]


def get_available_providers():
    """The execution providers onnxc has, as ONNX Runtime names them."""
    return list(_PROVIDERS)


def get_device():
    """The device models run on, as ONNX Runtime's CPU builds say: "CPU"."""
    return "CPU"


def get_all_providers():
    """Every execution provider ONNX Runtime names, in its order of
    precedence: the names a providers list may hold. onnxc has those of
    get_available_providers()."""
    return list(_ALL_PROVIDERS)


class SessionOptions:
    """ONNX Runtime's SessionOptions, for code written for it: onnxc uses
    intra_op_num_threads (the most threads a run uses; 0 is the default);
    any other attribute is accepted and ignored, and a session made with
    the options says which in one warning (ONNX Runtime scripts commonly
    set several)."""

    def __init__(self):
        object.__setattr__(self, "intra_op_num_threads", 0)
        object.__setattr__(self, "_ignored", [])  # Their names, as set.

    def __setattr__(self, name, value):
        if name != "intra_op_num_threads" and name not in self._ignored:
            self._ignored.append(name)
        object.__setattr__(self, name, value)


class GraphOptimizationLevel(enum.IntEnum):
    """ONNX Runtime's levels, for SessionOptions (onnxc ignores them)."""
    ORT_DISABLE_ALL = 0
    ORT_ENABLE_BASIC = 1
    ORT_ENABLE_EXTENDED = 2
    ORT_ENABLE_ALL = 99


class ExecutionMode(enum.IntEnum):
    """ONNX Runtime's modes, for SessionOptions (onnxc ignores them)."""
    ORT_SEQUENTIAL = 0
    ORT_PARALLEL = 1


class RunOptions:
    """ONNX Runtime's RunOptions, accepted by run() and ignored."""


def _check_providers(providers, provider_options=None):
    """Checks a providers list as ONNX Runtime does: its entries are names
    or (name, options dict) tuples; a name ONNX Runtime does not know is an
    error; one it knows but onnxc lacks (CUDAExecutionProvider, ...) gets
    ONNX Runtime's warning, once, and is skipped, as ONNX Runtime skips the
    providers its build lacks. The model runs on CPUExecutionProvider
    whatever the list holds, even when it names no provider onnxc has."""
    if providers is None:
        return
    if isinstance(providers, (str, bytes)) or not hasattr(providers,
                                                          "__len__"):
        raise ValueError("'providers' should be a sequence.")
    if provider_options is not None and \
            len(provider_options) != len(providers):
        raise ValueError("'providers' and 'provider_options' should be the "
                         "same length if both are given.")
    warned = set()
    for provider in providers:
        if isinstance(provider, (tuple, list)) and len(provider) == 2 and \
                isinstance(provider[0], str) and isinstance(provider[1], dict):
            name = provider[0]
        elif isinstance(provider, str):
            name = provider
        else:
            raise ValueError("'providers' values must be either strings or "
                             "(string, dict) tuples.")
        if name not in _ALL_PROVIDERS:
            raise Error("'%s' is not an execution provider (onnxc has %s; "
                        "onnxc.get_all_providers() lists ONNX Runtime's)" %
                        (name, ", ".join(_PROVIDERS)))
        if name not in _PROVIDERS and name not in warned:
            warned.add(name)
            # ONNX Runtime's words, which warning filters match.
            warnings.warn("Specified provider '%s' is not in available "
                          "provider names. Available providers: '%s'; onnxc "
                          "runs the model on the CPU" %
                          (name, ", ".join(_PROVIDERS)), stacklevel=3)


def _is_library(path):
    """Whether `path` names a model library rather than an ONNX model: an
    ELF file, or anything but a regular file (the runtime says why it is
    not a library)."""
    try:
        if not os.path.isfile(path):
            return True
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return True


class _LoadedModel(_NotCopyable):
    """One loaded model library: its native handle, inputs and outputs."""

    def __init__(self, library, entry):
        lib = _runtime()
        handle = ctypes.c_void_p()
        _check(lib.onnxc_model_load(os.fspath(library).encode(),
                                    entry.encode() if entry else None,
                                    ctypes.byref(handle)))
        self.handle = handle
        self.inputs = [_node_arg(lib.onnxc_model_input(handle, i).contents)
                       for i in range(lib.onnxc_model_num_inputs(handle))]
        self.outputs = [_node_arg(lib.onnxc_model_output(handle, i).contents)
                        for i in range(lib.onnxc_model_num_outputs(handle))]

    def __del__(self):
        if getattr(self, "handle", None):
            _runtime().onnxc_model_destroy(self.handle)
            self.handle = None


class InferenceSession(_NotCopyable):
    """A model, compiled and loaded: like onnxruntime.InferenceSession.

    `model` is a library onnx-compile wrote, or an ONNX model: a path, an
    onnx.ModelProto or its serialized bytes. A model is compiled once into
    the compile cache ($XDG_CACHE_HOME/onnxc, by default ~/.cache/onnxc),
    keyed by its bytes, `compile_options` (onnxc.compile's keywords) and the
    compiler. When some inputs have no shape in the model, it is compiled at
    the first run, for the ranks of the inputs fed (their dimensions stay
    dynamic), and once more for each other combination of ranks.

    sess_options (a SessionOptions), providers and provider_options are
    ONNX Runtime's: the model runs on CPUExecutionProvider; the providers
    list may name others ONNX Runtime knows, such as CUDAExecutionProvider,
    which are skipped with ONNX Runtime's warning, once for each (a name it
    does not know is an error). num_threads, when given, overrides
    sess_options.intra_op_num_threads: the most threads a run uses; 0 is the
    default (ONNXC_NUM_THREADS, else the CPUs the process may run on).
    """

    def __init__(self, model, sess_options=None, providers=None,
                 provider_options=None, *, entry=None, num_threads=None,
                 compile_options=None):
        _check_providers(providers, provider_options)
        ignored = getattr(sess_options, "_ignored", None)
        if ignored:
            warnings.warn("onnxc ignores these SessionOptions: %s" %
                          ", ".join(ignored), stacklevel=2)
        if num_threads is None:
            num_threads = getattr(sess_options, "intra_op_num_threads", 0)
        self._entry = entry
        self._compile_options = dict(compile_options or {})
        _check_options(self._compile_options, "InferenceSession()",
                       "compile option")
        self._models = {}  # Ranks of the unshaped inputs -> _LoadedModel.
        self._unshaped = []  # Positions of the inputs without a shape.
        self._declared = None  # Their inputs and outputs, as declared.
        self._data = self._path = self._metadata = None
        data = _model_bytes(model)
        if data is None and _is_library(os.fspath(model)):
            self._models[()] = _LoadedModel(model, entry)
        else:
            self._open_model(data, None if data is not None else
                             os.fspath(model))
        self.num_threads = num_threads or 0

    def _open_model(self, data, path):
        if data is None:
            with open(path, "rb") as f:
                data = f.read()
        self._data, self._path = data, path
        inputs = None
        # ONNX text syntax is left to onnx-compile (it starts with '<').
        if not data.lstrip().startswith(b"<"):
            try:
                inputs, outputs = _model_file.graph_inputs_and_outputs(data)
                self._metadata = _model_file.model_metadata(data)
            except _model_file.FormatError:
                pass  # onnx-compile says what is wrong with it.
        if inputs is not None:
            self._unshaped = [i for i, v in enumerate(inputs)
                              if v.shape is None]
        if not self._unshaped:
            self._models[()] = self._compile_and_load({})
            return
        # Compiled at the first run: inputs and outputs as declared.
        self._declared = ([self._declared_arg(v) for v in inputs],
                          [self._declared_arg(v) for v in outputs])

    @staticmethod
    def _declared_arg(info):
        type_name = _TYPES.get(info.elem_type, ("tensor(undefined)", None))[0]
        return NodeArg(info.name, info.shape, type_name, info.elem_type)

    def _compile_and_load(self, input_shapes):
        options = dict(self._compile_options)
        if input_shapes:
            options["input_shapes"] = dict(
                options.get("input_shapes", {}), **input_shapes)
        library = _cached_library(self._data, self._path, options)
        model = _LoadedModel(library, None)
        if hasattr(self, "_num_threads"):
            _check(_runtime().onnxc_model_set_num_threads(
                model.handle, self._num_threads))
        return model

    def _model_for(self, feed):
        """The loaded model for a feed: the only one, or the one compiled
        for the ranks of its unshaped inputs."""
        if not self._unshaped:
            return self._models[()]
        inputs = self._declared[0]
        ranks = []
        for position in self._unshaped:
            name = inputs[position].name
            if name not in feed:
                raise Error("input '%s' is missing" % name)
            ranks.append(np.ndim(_as_array(feed[name])))
        ranks = tuple(ranks)
        if ranks not in self._models:
            shapes = {inputs[p].name: [None] * rank
                      for p, rank in zip(self._unshaped, ranks)}
            self._models[ranks] = self._compile_and_load(shapes)
        return self._models[ranks]

    @property
    def num_threads(self):
        """The most threads a run uses, the calling thread included."""
        return self._num_threads

    @num_threads.setter
    def num_threads(self, count):
        count = operator.index(count)
        # The C API takes 32 bits: a larger count must not wrap around.
        if not -2**31 <= count < 2**31:
            raise Error("thread count %d is out of range" % count)
        lib = _runtime()
        for model in self._models.values():
            _check(lib.onnxc_model_set_num_threads(model.handle, count))
        models = list(self._models.values())
        self._num_threads = (lib.onnxc_model_num_threads(models[0].handle)
                             if models else count)

    def get_providers(self):
        return list(_PROVIDERS)

    def set_providers(self, providers=None, provider_options=None):
        """Checks `providers` as InferenceSession does; the model keeps
        running on CPUExecutionProvider."""
        _check_providers(providers, provider_options)

    def end_profiling(self):
        """The file ONNX Runtime's profiler wrote: onnxc does not profile,
        so '', as ONNX Runtime returns when SessionOptions.enable_profiling
        is off (onnxc ignores that setting)."""
        return ""

    def get_overridable_initializers(self):
        """None: onnxc compiles initializers into the library."""
        return []

    def get_provider_options(self):
        return {p: {} for p in _PROVIDERS}

    def get_session_options(self):
        options = SessionOptions()
        options.intra_op_num_threads = self._num_threads
        return options

    def get_modelmeta(self):
        """The model's metadata (producer, graph name, ...); empty fields
        for a session made from a library."""
        return self._metadata or _model_file.ModelMetadata()

    def get_inputs(self):
        if self._declared:
            return list(self._declared[0])
        return list(self._models[()].inputs)

    def get_outputs(self):
        if self._declared:
            return list(self._declared[1])
        return list(self._models[()].outputs)

    def signature(self):
        """The model's signature, as JSON text."""
        if self._declared:
            raise Error("the model has inputs without a shape: it is "
                        "compiled for the ranks of each run's inputs, and "
                        "has no signature of its own")
        return _runtime().onnxc_model_signature(
            self._models[()].handle).decode()

    def io_binding(self):
        return IOBinding(self)

    @staticmethod
    def _input_tensors(model, feed):
        names = {i.name for i in model.inputs}
        unknown = set(feed) - names
        if unknown:
            raise Error("unknown inputs: %s" % ", ".join(sorted(unknown)))
        tensors = []
        for arg in model.inputs:
            if arg.name not in feed:
                raise Error("input '%s' is missing" % arg.name)
            tensors.append(InferenceSession._wrap(arg, feed[arg.name],
                                                  "input"))
        return tensors

    @staticmethod
    def _wrap(arg, value, what):
        # An OrtValue's element type is its own: bfloat16 and uint16 share
        # a numpy dtype, which cannot tell them apart.
        if isinstance(value, OrtValue) and value._code != arg._code:
            raise Error("%s '%s' is %s, but the OrtValue holds %s" % (
                what, arg.name, arg.type, value.data_type()))
        value = _as_array(value)
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
        model = self._model_for(input_feed)
        inputs = self._input_tensors(model, input_feed)
        handles = (ctypes.c_void_p * max(1, len(inputs)))(
            *[t.handle for t in inputs])
        bytes_ = ctypes.c_int64(-1)
        _check(_runtime().onnxc_model_workspace_bytes(
            model.handle, handles, len(inputs), ctypes.byref(bytes_)))
        return bytes_.value

    @staticmethod
    def _run(model, inputs, outputs):
        lib = _runtime()
        in_handles = (ctypes.c_void_p * max(1, len(inputs)))(
            *[t.handle for t in inputs])
        out_handles = (ctypes.c_void_p * max(1, len(outputs)))(
            *[t.handle if t else None for t in outputs])
        _check(lib.onnxc_model_run(model.handle, in_handles, len(inputs),
                                   out_handles, len(outputs)))
        return out_handles

    def _run_feed(self, output_names, input_feed):
        """The outputs named in `output_names` (all when None) of a run on
        `input_feed`, as (NodeArg, new array) pairs."""
        model = self._model_for(input_feed)
        inputs = self._input_tensors(model, input_feed)
        handles = self._run(model, inputs, [None] * len(model.outputs))
        lib = _runtime()
        results = {}
        try:
            for arg, handle in zip(model.outputs, handles):
                results[arg.name] = (arg, _to_numpy(handle, arg._code))
        finally:
            for handle in handles:
                if handle:
                    lib.onnxc_tensor_destroy(handle)
        names = output_names or [o.name for o in model.outputs]
        missing = [n for n in names if n not in results]
        if missing:
            raise Error("unknown outputs: %s" % ", ".join(missing))
        return [results[n] for n in names]

    def run(self, output_names, input_feed, run_options=None):
        """Runs the model on `input_feed` ({name: array or OrtValue}) and
        returns the outputs named in `output_names` (all when None), as new
        arrays. run_options (ONNX Runtime's RunOptions) is ignored."""
        return [array for _, array in self._run_feed(output_names,
                                                     input_feed)]

    def run_with_ort_values(self, output_names, input_dict_ort_values,
                            run_options=None):
        """run() in OrtValues: the inputs are OrtValues ({name: OrtValue}),
        and so are the outputs returned, new ones."""
        for name, value in input_dict_ort_values.items():
            if not isinstance(value, OrtValue):
                raise TypeError("input '%s' is a %s, not an OrtValue" %
                                (name, type(value).__name__))
        return [OrtValue(array, arg._code) for arg, array in
                self._run_feed(output_names, input_dict_ort_values)]

    def run_with_iobinding(self, binding, run_options=None):
        """Runs with the binding's inputs. Outputs bound to memory are
        written in place (no copy); those bound by name alone are allocated
        by the run; unbound ones are dropped."""
        model = self._model_for(binding._inputs)
        inputs = self._input_tensors(model, binding._inputs)
        names = {o.name for o in model.outputs}
        unknown = [n for n in binding._outputs if n not in names]
        if unknown:
            raise Error("unknown outputs: %s" % ", ".join(unknown))
        outputs = []
        for arg in model.outputs:
            value = binding._outputs.get(arg.name)
            if value is None:
                outputs.append(None)
                continue
            if arg._code == _STRING:
                raise Error("string output '%s' cannot be bound to memory; "
                            "bind it by name" % arg.name)
            outputs.append(self._wrap(arg, value, "output"))
        handles = self._run(model, inputs, outputs)
        lib = _runtime()
        results = {}
        try:
            for arg, tensor, handle in zip(model.outputs, outputs, handles):
                if arg.name not in binding._outputs:
                    continue
                value = binding._outputs[arg.name]
                if tensor is None:
                    value = OrtValue(_to_numpy(handle, arg._code), arg._code)
                elif not isinstance(value, OrtValue):
                    value = OrtValue(np.asarray(value), arg._code)
                results[arg.name] = value
        finally:
            for tensor, handle in zip(outputs, handles):
                if tensor is None and handle:
                    lib.onnxc_tensor_destroy(handle)
        binding._results = results
