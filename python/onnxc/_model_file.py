"""What the Python package reads of an ONNX model without compiling it: the
graph's inputs and outputs (names, element types, declared shapes), and
where compiled libraries are cached.

The reader walks the protobuf wire format of a binary ModelProto, so the
package needs no onnx module. Only the fields below are read:

    ModelProto.producer_name = 2, .domain = 4, .model_version = 5,
        .doc_string = 6, .graph = 7, .metadata_props = 14
    StringStringEntryProto.key = 1, .value = 2
    GraphProto.name = 2, .initializer = 5, .doc_string = 10, .input = 11,
        .output = 12
    TensorProto.name = 8
    ValueInfoProto.name = 1, .type = 2
    TypeProto.tensor_type = 1
    TypeProto.Tensor.elem_type = 1, .shape = 2
    TensorShapeProto.dim = 1
    TensorShapeProto.Dimension.dim_value = 1, .dim_param = 2
"""

import hashlib
import os

_VARINT, _FIXED64, _BYTES, _FIXED32 = 0, 1, 2, 5


class FormatError(ValueError):
    """The bytes are not a binary ModelProto this reader understands."""


def _varint(data, pos):
    value, shift = 0, 0
    while True:
        if pos >= len(data) or shift > 63:
            raise FormatError("truncated varint")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, pos
        shift += 7


def _fields(data):
    """Yields (field number, value) of a message: an int for numeric
    fields, bytes for length-delimited ones."""
    pos = 0
    while pos < len(data):
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == _VARINT:
            value, pos = _varint(data, pos)
        elif wire == _FIXED64:
            value, pos = int.from_bytes(data[pos:pos + 8], "little"), pos + 8
        elif wire == _FIXED32:
            value, pos = int.from_bytes(data[pos:pos + 4], "little"), pos + 4
        elif wire == _BYTES:
            length, pos = _varint(data, pos)
            value = data[pos:pos + length]
            if len(value) != length:
                raise FormatError("truncated field %d" % number)
            pos += length
        else:
            raise FormatError("unsupported wire type %d" % wire)
        if pos > len(data):
            raise FormatError("truncated field %d" % number)
        yield number, value


def _string(value):
    return bytes(value).decode("utf-8", "replace")


class ValueInfo:
    """A graph input or output as the model declares it: `shape` is None
    when the model gives none, else a list of ints, str (dim_param) and
    None (unknown) entries."""

    def __init__(self, name, elem_type, shape):
        self.name, self.elem_type, self.shape = name, elem_type, shape


def _value_info(data):
    name, elem_type, shape = "", 0, None
    for number, value in _fields(data):
        if number == 1 and isinstance(value, bytes):
            name = _string(value)
        elif number == 2 and isinstance(value, bytes):
            for t_number, tensor in _fields(value):
                if t_number != 1 or not isinstance(tensor, bytes):
                    continue
                for f_number, field in _fields(tensor):
                    if f_number == 1 and isinstance(field, int):
                        elem_type = field
                    elif f_number == 2 and isinstance(field, bytes):
                        shape = [_dimension(dim)
                                 for d_number, dim in _fields(field)
                                 if d_number == 1 and isinstance(dim, bytes)]
    return ValueInfo(name, elem_type, shape)


def _dimension(data):
    for number, value in _fields(data):
        if number == 1 and isinstance(value, int):
            return value
        if number == 2 and isinstance(value, bytes):
            return _string(value)
    return None


def graph_inputs_and_outputs(model_bytes):
    """The graph inputs that are not initializers, and the graph outputs, of
    a binary ModelProto, as lists of ValueInfo; FormatError if the bytes
    are not one."""
    graph = None
    for number, value in _fields(model_bytes):
        if number == 7 and isinstance(value, bytes):
            graph = value
    if graph is None:
        raise FormatError("the model has no graph")
    initializers, inputs, outputs = set(), [], []
    for number, value in _fields(graph):
        if not isinstance(value, bytes):
            continue
        if number == 5:
            for t_number, name in _fields(value):
                if t_number == 8 and isinstance(name, bytes):
                    initializers.add(_string(name))
        elif number == 11:
            inputs.append(_value_info(value))
        elif number == 12:
            outputs.append(_value_info(value))
    return [i for i in inputs if i.name not in initializers], outputs


class ModelMetadata:
    """Like onnxruntime.ModelMetadata."""

    def __init__(self):
        self.producer_name = self.graph_name = self.domain = ""
        self.description = self.graph_description = ""
        self.version = 0
        self.custom_metadata_map = {}


def model_metadata(model_bytes):
    """The ModelMetadata of a binary ModelProto; FormatError if the bytes
    are not one."""
    meta = ModelMetadata()
    for number, value in _fields(model_bytes):
        if isinstance(value, int):
            if number == 5:
                meta.version = value
            continue
        if number == 2:
            meta.producer_name = _string(value)
        elif number == 4:
            meta.domain = _string(value)
        elif number == 6:
            meta.description = _string(value)
        elif number == 14:
            entry = {n: _string(v) for n, v in _fields(value)
                     if isinstance(v, bytes)}
            meta.custom_metadata_map[entry.get(1, "")] = entry.get(2, "")
        elif number == 7:
            for g_number, field in _fields(value):
                if g_number == 2 and isinstance(field, bytes):
                    meta.graph_name = _string(field)
                elif g_number == 10 and isinstance(field, bytes):
                    meta.graph_description = _string(field)
    return meta


def cache_directory():
    """Where compiled models are kept: $XDG_CACHE_HOME/onnxc, by default
    ~/.cache/onnxc."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "onnxc")


def cache_key(model_bytes, options, compiler):
    """Names a compiled library by what decides its contents: the model's
    bytes, the compile options, and the compiler (its path, size and
    modification time, which change with every onnxc version or build)."""
    digest = hashlib.sha256()
    status = os.stat(compiler)
    for part in ("onnxc-cache-1", os.path.realpath(compiler),
                 status.st_size, status.st_mtime_ns,
                 sorted((k, repr(v)) for k, v in options.items())):
        digest.update(repr(part).encode() + b"\0")
    digest.update(model_bytes)
    return digest.hexdigest()
