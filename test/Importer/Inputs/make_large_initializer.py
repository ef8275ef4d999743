"""make_large_initializer.py MODEL: a model whose 2 MiB uint8 initializer B
is upsampled x2 (nearest).
make_large_initializer.py --check OUTPUT.pb: checks onnx-run's output."""

import argparse
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

N = 2 << 20


def data():
    return (np.arange(N) % 251).astype(np.uint8)


def write(path):
    graph = helper.make_graph(
        [helper.make_node("Upsample", ["B", "s"], ["Y"])], "large", [],
        [helper.make_tensor_value_info("Y", TensorProto.UINT8, [2 * N])],
        initializer=[numpy_helper.from_array(data(), "B"),
                     numpy_helper.from_array(np.array([2.0], np.float32), "s")])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 9)])
    with open(path, "wb") as f:
        f.write(model.SerializeToString())


def check(path):
    actual = numpy_helper.to_array(onnx.load_tensor(path))
    expected = np.repeat(data(), 2)
    print("match" if np.array_equal(actual, expected) else "MISMATCH")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("path", help="the model to write, or to check")
    parser.add_argument("--check", action="store_true",
                        help="check the model at PATH instead of writing it")
    args = parser.parse_args()
    if args.check:
        check(args.path)
    else:
        write(args.path)
