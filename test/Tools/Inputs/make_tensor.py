"""Writes a TensorProto: make_tensor.py [--typed] OUT NAME DTYPE SHAPE VALUES

SHAPE is comma-separated (empty for a scalar), VALUES comma-separated
numbers (nan and inf allowed); DTYPE a numpy dtype name. The data is raw
bytes, or with --typed the typed field ONNX keeps that type in
(int32_data for int8, float_data for float32, ...)."""

import argparse
import sys

import numpy as np
from onnx import helper, mapping, numpy_helper


def main(out, name, dtype, shape, values, typed):
    dims = [int(d) for d in shape.split(",") if d]
    data = [float(v) for v in values.split(",") if v]
    array = np.array(data, dtype=dtype).reshape(dims)
    if typed:
        code = mapping.NP_TYPE_TO_TENSOR_TYPE[array.dtype]
        tensor = helper.make_tensor(name, code, dims, array.ravel().tolist())
        assert not tensor.HasField("raw_data")
    else:
        tensor = numpy_helper.from_array(array, name)
    with open(out, "wb") as f:
        f.write(tensor.SerializeToString())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--typed", action="store_true",
                        help="store the values in the typed field")
    parser.add_argument("out", help="the .pb file to write")
    parser.add_argument("name", help="the tensor's name")
    parser.add_argument("dtype", help="a numpy dtype, e.g. float32")
    parser.add_argument("shape", help="comma-separated dimensions")
    parser.add_argument("values", help="comma-separated values")
    # VALUES may start with a minus sign: past the options, all is data.
    argv = sys.argv[1:]
    options = []
    while argv and argv[0] in ("-h", "--help", "--typed"):
        options.append(argv.pop(0))
    args = parser.parse_args(options + ["--"] + argv if argv else options)
    main(args.out, args.name, args.dtype, args.shape, args.values, args.typed)
