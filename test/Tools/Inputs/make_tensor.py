"""Writes a TensorProto: make_tensor.py OUT NAME DTYPE SHAPE VALUES

SHAPE is comma-separated (empty for a scalar), VALUES comma-separated
numbers (nan and inf allowed); DTYPE a numpy dtype name."""

import argparse
import sys

import numpy as np
from onnx import numpy_helper


def main(out, name, dtype, shape, values):
    dims = [int(d) for d in shape.split(",") if d]
    data = [float(v) for v in values.split(",") if v]
    array = np.array(data, dtype=dtype).reshape(dims)
    with open(out, "wb") as f:
        f.write(numpy_helper.from_array(array, name).SerializeToString())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", help="the .pb file to write")
    parser.add_argument("name", help="the tensor's name")
    parser.add_argument("dtype", help="a numpy dtype, e.g. float32")
    parser.add_argument("shape", help="comma-separated dimensions")
    parser.add_argument("values", help="comma-separated values")
    # VALUES may start with a minus sign: past the options, all is data.
    argv = sys.argv[1:]
    if argv and argv[0] not in ("-h", "--help"):
        argv = ["--"] + argv
    args = parser.parse_args(argv)
    main(args.out, args.name, args.dtype, args.shape, args.values)
