"""Writes a one-node ONNX model in the protobuf wire format, so that the
functions of arrays (onnxc.resize) build their models without the onnx
module. Only the fields below are written:

    ModelProto.ir_version = 1, .producer_name = 2, .graph = 7,
        .opset_import = 8
    OperatorSetIdProto.domain = 1, .version = 2
    GraphProto.node = 1, .name = 2, .initializer = 5, .input = 11,
        .output = 12
    NodeProto.input = 1, .output = 2, .name = 3, .op_type = 4,
        .attribute = 5
    AttributeProto.name = 1, .f = 2, .i = 3, .s = 4, .ints = 8, .type = 20
    TensorProto.dims = 1, .data_type = 2, .name = 8, .raw_data = 9
    ValueInfoProto.name = 1, .type = 2
    TypeProto.tensor_type = 1
    TypeProto.Tensor.elem_type = 1, .shape = 2
    TensorShapeProto.dim = 1
    TensorShapeProto.Dimension.dim_value = 1 (unset: an unknown dimension)
"""

import numpy as np

from ._model_file import _BYTES, _FIXED32, _VARINT

# AttributeProto.AttributeType.
_FLOAT, _INT, _STRING, _INTS = 1, 2, 3, 7


def _varint(value):
    """A varint; a negative int64 as its 64-bit two's complement."""
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _field(number, value):
    """One field: an int as a varint, bytes or str length-delimited."""
    if isinstance(value, int):
        return _varint(number << 3 | _VARINT) + _varint(value)
    if isinstance(value, str):
        value = value.encode("utf-8")
    return _varint(number << 3 | _BYTES) + _varint(len(value)) + value


def _attribute(name, value):
    """An AttributeProto of an int, a float, a str or a sequence of ints."""
    fields = _field(1, name)
    if isinstance(value, bool) or isinstance(value, int):
        return fields + _field(3, int(value)) + _field(20, _INT)
    if isinstance(value, float):
        # To float32 as numpy converts (to inf past its range), as the
        # attribute's own type.
        return (fields + _varint(2 << 3 | _FIXED32) +
                np.array(value, "<f4").tobytes() + _field(20, _FLOAT))
    if isinstance(value, str):
        return fields + _field(4, value) + _field(20, _STRING)
    return (fields + b"".join(_field(8, int(v)) for v in value) +
            _field(20, _INTS))


def _value_info(name, elem_type, dims):
    """A tensor ValueInfoProto; None in `dims` is an unknown dimension."""
    shape = b"".join(_field(1, b"" if d is None else _field(1, d))
                     for d in dims)
    tensor = _field(1, elem_type) + _field(2, shape)
    return _field(1, name) + _field(2, _field(1, tensor))


def _initializer(name, elem_type, array):
    array = np.ascontiguousarray(array)
    little = array.astype(array.dtype.newbyteorder("<"), copy=False)
    return (b"".join(_field(1, d) for d in array.shape) +
            _field(2, elem_type) + _field(8, name) +
            _field(9, little.tobytes()))


def one_node_model(op_type, opset, inputs, outputs, initializers=(),
                   attributes=None):
    """The bytes of a ModelProto whose graph is one node of `op_type`.

    `inputs` and `outputs` are (name, ONNX element type, dims) of the graph;
    `initializers` are (name, ONNX element type, numpy array); the node
    reads the graph inputs, then the initializers, in that order, where an
    initializer named "" is an absent optional input. `attributes` maps
    names to ints, floats, strs or sequences of ints."""
    node_inputs = [name for name, _, _ in inputs] + \
        [name for name, _, _ in initializers]
    node = b"".join(_field(1, name) for name in node_inputs)
    node += b"".join(_field(2, name) for name, _, _ in outputs)
    node += _field(3, op_type.lower()) + _field(4, op_type)
    for name, value in (attributes or {}).items():
        node += _field(5, _attribute(name, value))
    graph = _field(1, node) + _field(2, op_type.lower())
    for name, elem_type, array in initializers:
        if name:
            graph += _field(5, _initializer(name, elem_type, array))
    for name, elem_type, dims in inputs:
        graph += _field(11, _value_info(name, elem_type, dims))
    for name, elem_type, dims in outputs:
        graph += _field(12, _value_info(name, elem_type, dims))
    opset_id = _field(1, "") + _field(2, opset)
    return (_field(1, 9) + _field(2, "onnxc") + _field(7, graph) +
            _field(8, opset_id))
