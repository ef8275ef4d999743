"""Writes a TensorProto: make_tensor.py OUT NAME DTYPE SHAPE VALUES

SHAPE is comma-separated (empty for a scalar), VALUES comma-separated
numbers (nan and inf allowed); DTYPE a numpy dtype name."""

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
    main(*sys.argv[1:])
