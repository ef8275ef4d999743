"""onnxc.resize: ONNX's Resize-19 on a numpy array, without a model."""

import collections
import ctypes
import operator
import threading
import warnings

import numpy as np

from . import _model_writer
from ._compiler import _IN_MEMORY, _cached_library
from ._native import (Error, _BFLOAT16, _STRING, _TYPES, _check, _runtime,
                      _to_numpy)
from ._session import InferenceSession, _LoadedModel

# numpy dtype -> ONNX element type. uint16 arrays are uint16: bfloat16 has
# no dtype of its own to ask for it with.
_ELEMENT_TYPES = {np.dtype(dtype): code for code, (_, dtype) in _TYPES.items()
                  if code != _BFLOAT16}
_FLOAT, _INT64 = 1, 7
_OPSET = 19

# Loaded kernels, least recently used first: one per element type, shape,
# arguments and thread count, each a library in the compile cache. The
# bound keeps a program that resizes many shapes from holding every
# library it ever loaded.
_MAX_KERNELS = 64
_kernels = collections.OrderedDict()
_lock = threading.Lock()


def _ints(name, values):
    try:
        return tuple(operator.index(v) for v in values)
    except TypeError:
        raise TypeError("%s must be a sequence of ints" % name) from None


def _floats(name, values):
    try:
        return tuple(float(v) for v in values)
    except TypeError:
        raise TypeError("%s must be a sequence of numbers" % name) from None


def _attributes(options):
    """The node's attributes: the keywords given, checked for their kind;
    their values are the compiler's to judge, as for any model."""
    attributes = {}
    for name, value in options.items():
        if value is None:
            continue
        if name == "axes":
            value = _ints(name, value)
        elif name in ("cubic_coeff_a", "extrapolation_value"):
            value = float(value)
        elif name in ("antialias", "exclude_outside"):
            value = operator.index(value)
        elif not isinstance(value, str):
            raise TypeError("%s must be a str, not %s" %
                            (name, type(value).__name__))
        attributes[name] = value
    return attributes


def _for_the_call(message):
    return str(message).replace(_IN_MEMORY, "onnxc.resize")


class _Kernel:
    """A loaded library for one input shape, with what each call passes to
    the runtime built once: a call wraps two arrays and runs."""

    def __init__(self, library, num_threads):
        self.model = _LoadedModel(library, None)
        lib = _runtime()
        _check(lib.onnxc_model_set_num_threads(self.model.handle,
                                               num_threads))
        self.input, self.output = self.model.inputs[0], self.model.outputs[0]
        self.shape = tuple(self.output.shape)
        self.input_dims = (ctypes.c_int64 * max(1, len(self.input.shape)))(
            *self.input.shape)
        self.output_dims = (ctypes.c_int64 * max(1, len(self.shape)))(
            *self.shape)

    def run(self, x, out):
        """Runs on x into out, C-contiguous arrays of the kernel's element
        type and shapes."""
        lib = _runtime()
        code = self.input._code
        source, destination = ctypes.c_void_p(), ctypes.c_void_p()
        try:
            _check(lib.onnxc_tensor_wrap(
                code, x.ndim, self.input_dims, x.ctypes.data, x.nbytes,
                ctypes.byref(source)))
            _check(lib.onnxc_tensor_wrap(
                code, out.ndim, self.output_dims, out.ctypes.data, out.nbytes,
                ctypes.byref(destination)))
            _check(lib.onnxc_model_run(self.model.handle,
                                       ctypes.byref(source), 1,
                                       ctypes.byref(destination), 1))
        finally:
            for tensor in (source, destination):
                if tensor:
                    lib.onnxc_tensor_destroy(tensor)


def _kernel(x, code, inputs, attributes, num_threads):
    """The kernel that resizes arrays of x's type and shape with `inputs`
    (roi, scales, sizes) and `attributes`: from memory, or from the compile
    cache, compiled first when it is not there."""
    key = (x.dtype.str, x.shape, inputs, tuple(attributes.items()),
           num_threads)
    with _lock:
        kernel = _kernels.get(key)
        if kernel is not None:
            _kernels.move_to_end(key)
            return kernel
        initializers = [
            (name, element_type, np.array(values, dtype))
            if values is not None else ("", 0, None)
            for name, element_type, dtype, values in
            zip(("roi", "scales", "sizes"), (_FLOAT, _FLOAT, _INT64),
                (np.float32, np.float32, np.int64), inputs)]
        while initializers and not initializers[-1][0]:
            initializers.pop()
        data = _model_writer.one_node_model(
            "Resize", _OPSET, [("x", code, x.shape)],
            [("y", code, [None] * x.ndim)], initializers, attributes)
        # The compiler's messages name the model; here it is the call.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                library = _cached_library(data, None, {})
            except Error as e:
                raise Error(_for_the_call(e)) from None
        for warning in caught:
            warnings.warn(_for_the_call(warning.message), stacklevel=3)
        kernel = _Kernel(library, num_threads)
        _kernels[key] = kernel
        if len(_kernels) > _MAX_KERNELS:
            _kernels.popitem(last=False)
        return kernel


def resize(x, sizes=None, scales=None, *, mode=None,
           coordinate_transformation_mode=None, cubic_coeff_a=None,
           antialias=None, exclude_outside=None, extrapolation_value=None,
           keep_aspect_ratio_policy=None, nearest_mode=None, axes=None,
           roi=None, out=None, num_threads=None):
    """Resizes the array `x` as ONNX's Resize-19 does, and returns the result
    (`out` when given).

    Give the output `sizes` or the `scales` (one per axis of `axes`, by
    default every axis). The other keywords are Resize-19's attributes and
    its `roi` input; one left None takes the operator's default (nearest,
    half_pixel, round_prefer_floor, cubic_coeff_a -0.75, stretch, ...).
    For an image of shape (H, W, C) or (N, H, W, C), resize the height and
    width with axes=(0, 1) or (1, 2): channels-last needs no transposes.

    The first call for an element type, shape and set of arguments
    compiles a kernel for them (into the compile cache, as
    InferenceSession does); later calls run it. `out`, a writable
    C-contiguous array of x's dtype and the output's shape, is written in
    place. num_threads: the most threads the kernel uses (None or 0: the
    default, ONNXC_NUM_THREADS else every CPU the process may run on).
    Failures raise onnxc.Error naming the argument at fault.
    """
    x = np.asarray(x)
    code = _ELEMENT_TYPES.get(x.dtype)
    if code is None:
        raise TypeError("onnxc.resize does not take %s arrays" % x.dtype)
    inputs = (None if roi is None else _floats("roi", roi),
              None if scales is None else _floats("scales", scales),
              None if sizes is None else _ints("sizes", sizes))
    attributes = _attributes({
        "mode": mode,
        "coordinate_transformation_mode": coordinate_transformation_mode,
        "cubic_coeff_a": cubic_coeff_a, "antialias": antialias,
        "exclude_outside": exclude_outside,
        "extrapolation_value": extrapolation_value,
        "keep_aspect_ratio_policy": keep_aspect_ratio_policy,
        "nearest_mode": nearest_mode, "axes": axes})
    threads = operator.index(num_threads or 0)
    if not 0 <= threads < 2**31:
        raise ValueError("num_threads must be at least 0, not %d" % threads)
    kernel = _kernel(x, code, inputs, attributes, threads)
    if out is not None:
        if not isinstance(out, np.ndarray):
            raise TypeError("out must be a numpy array, not %s" %
                            type(out).__name__)
        if out.dtype != x.dtype or out.shape != kernel.shape:
            raise ValueError("out must be a %s array of shape %s, not %s %s" %
                             (x.dtype, kernel.shape, out.dtype, out.shape))
    if code == _STRING:
        # Strings are the run's to allocate: copied out, then into `out`.
        model = kernel.model
        source = InferenceSession._wrap(kernel.input, x, "input")
        handles = InferenceSession._run(model, [source], [None])
        try:
            result = _to_numpy(handles[0], code)
        finally:
            _runtime().onnxc_tensor_destroy(handles[0])
        if out is None:
            return result
        out[...] = result
        return out
    if not x.flags.c_contiguous:
        x = np.ascontiguousarray(x)
    if out is None:
        out = np.empty(kernel.shape, x.dtype)
    elif not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be a writable C-contiguous array")
    kernel.run(x, out)
    return out
