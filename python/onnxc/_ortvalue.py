"""ONNX Runtime's OrtValue: a tensor, here always in CPU memory, held by a
numpy array."""

import operator

import numpy as np

from ._native import Error, _STRING, _TYPES

# numpy dtype -> ONNX element type; uint16 is UINT16 (bfloat16 bits need
# ortvalue_from_numpy_with_onnx_type).
_CODES = {np.dtype(dtype): code for code, (_, dtype) in _TYPES.items()
          if code != 16}


def _check_device(device_type, device_id):
    if str(device_type).lower() != "cpu" or device_id not in (0, None):
        raise Error("onnxc binds CPU memory only, not %s:%s" %
                    (device_type, device_id))


def _element_type(element_type):
    """(ONNX element type, numpy dtype) of `element_type`: a numpy type or
    dtype (np.float32, "int64", ...) or an ONNX element type
    (onnx.TensorProto.BFLOAT16, ...), as ONNX Runtime takes them."""
    if isinstance(element_type, (int, np.integer)) and \
            not isinstance(element_type, (bool, np.bool_)):
        code = int(element_type)
        if code not in _TYPES:
            raise Error("onnxc has no ONNX element type %d" % code)
        return code, np.dtype(_TYPES[code][1])
    dtype = np.dtype(element_type)
    if dtype.kind in "US":
        dtype = np.dtype(object)
    if dtype not in _CODES:
        raise Error("onnxc has no element type for numpy's %s" % dtype)
    return _CODES[dtype], dtype


def _as_array(value):
    """The numpy array of an OrtValue; anything else as it is."""
    return value._array if isinstance(value, OrtValue) else value


class OrtValue:
    """ONNX Runtime's OrtValue: a tensor in CPU memory, made by
    ortvalue_from_numpy or ortvalue_from_shape_and_type, fed to
    InferenceSession.run_with_ort_values and IOBinding, and returned by
    them. A value made from a C-contiguous numpy array shares its memory,
    as in ONNX Runtime: the array must outlive the runs that use it, and
    an output bound to the value is written into it. numpy() returns a
    copy; np.asarray(value) the array itself."""

    def __init__(self, array, element_type=None):
        """Use the factories; this holds `array` (a C-contiguous numpy
        array) as a tensor of `element_type`, by default the ONNX type of
        its dtype."""
        code, dtype = _element_type(array.dtype if element_type is None
                                    else element_type)
        if array.dtype != dtype:
            raise Error("a %s OrtValue cannot hold a %s array" %
                        (_TYPES[code][0], array.dtype))
        self._array, self._code = array, code

    @staticmethod
    def ortvalue_from_numpy(numpy_obj, device_type="cpu", device_id=0,
                            vendor_id=-1):
        """An OrtValue over `numpy_obj`'s memory (over a C-contiguous copy
        when it is not C-contiguous; str and bytes arrays become string
        tensors, copied). Its element type is its dtype's ONNX type."""
        _check_device(device_type, device_id)
        array = np.asarray(numpy_obj)
        if array.dtype.kind in "US":
            array = array.astype(object)
        elif not array.flags.c_contiguous:
            array = array.copy(order="C")  # Keeps rank 0.
        return OrtValue(array)

    @staticmethod
    def ortvalue_from_numpy_with_onnx_type(data, onnx_element_type):
        """An OrtValue over `data`'s memory, whose elements are taken as
        `onnx_element_type` (an ONNX element type of the same size), such as
        the bits of bfloat16 numbers in a uint16 array."""
        code, dtype = _element_type(onnx_element_type)
        array = np.asarray(data)
        if code == _STRING or array.dtype.itemsize != dtype.itemsize or \
                array.dtype.kind not in "biufc":
            raise Error("%s data cannot be read as %s" %
                        (array.dtype, _TYPES[code][0]))
        if not array.flags.c_contiguous:
            array = array.copy(order="C")
        return OrtValue(array.view(dtype), code)

    @staticmethod
    def ortvalue_from_shape_and_type(shape, element_type, device_type="cpu",
                                     device_id=0, vendor_id=-1):
        """A new OrtValue of `shape` and `element_type` (a numpy type or an
        ONNX element type), zero-filled (empty strings for strings): memory
        for outputs to be written into."""
        _check_device(device_type, device_id)
        code, dtype = _element_type(element_type)
        shape = [operator.index(d) for d in shape]
        if any(d < 0 for d in shape):
            raise Error("an OrtValue's shape has no negative dimensions, "
                        "not %s" % shape)
        if code == _STRING:
            array = np.full(shape, "", dtype=object)
        else:
            array = np.zeros(shape, dtype)
        return OrtValue(array, code)

    def data_ptr(self):
        """The address of the first element."""
        return self._array.ctypes.data

    def device_name(self):
        return "cpu"

    def shape(self):
        return list(self._array.shape)

    def data_type(self):
        """The type, as ONNX Runtime names it: "tensor(float)", ..."""
        return _TYPES[self._code][0]

    def element_type(self):
        """The ONNX element type (onnx.TensorProto.FLOAT is 1, ...)."""
        return self._code

    def has_value(self):
        return True

    def is_tensor(self):
        return True

    def is_tensor_sequence(self):
        return False

    def is_sparse_tensor(self):
        return False

    def numpy(self):
        """A copy of the tensor, as a numpy array (bfloat16: uint16 bits;
        strings: an object array of str)."""
        return self._array.copy()

    def update_inplace(self, np_arr):
        """Copies `np_arr`, of the value's dtype and element count, into
        the value's memory, which stays where it is."""
        source = np.asarray(np_arr)
        if source.dtype != self._array.dtype or \
                source.size != self._array.size:
            raise Error("update_inplace takes %d %s elements, not %d %s" % (
                self._array.size, self._array.dtype, source.size,
                source.dtype))
        if not self._array.flags.writeable:
            raise Error("the OrtValue's memory is read-only")
        # Into the value's memory itself: reshaping a view that is not
        # C-contiguous would write into a copy.
        np.copyto(self._array, source.reshape(self._array.shape))

    def __array__(self, dtype=None):
        return self._array if dtype is None else self._array.astype(dtype)

    def __repr__(self):
        return "OrtValue(shape=%r, type=%r)" % (self.shape(),
                                                self.data_type())
