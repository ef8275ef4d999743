"""Writes DIR/model.onnx whose scales initializer lives in DIR/weights.bin
(ONNX external data); DIR/escape.onnx whose external data location points
outside its directory; DIR/<name>.onnx reading DIR/<name>.bin for link,
fifo and zero (which the test makes a symbolic link out of the directory, a
FIFO and a link to /dev/zero); DIR/overflow.onnx whose offset + length
overflows; and DIR/slice.onnx reading 8 bytes at offset 4 of a larger
DIR/slice.bin."""

import os
import argparse
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def graph(initializer):
    return helper.make_graph(
        [helper.make_node("Upsample", ["X", "s"], ["Y"])], "external",
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, [4, 6])],
        initializer=[initializer])


def main(directory):
    os.makedirs(directory, exist_ok=True)
    scales = numpy_helper.from_array(np.array([2.0, 2.0], np.float32), "s")
    model = helper.make_model(graph(scales),
                              opset_imports=[helper.make_opsetid("", 9)])
    onnx.save_model(model, os.path.join(directory, "model.onnx"),
                    save_as_external_data=True,
                    all_tensors_to_one_file=True, location="weights.bin",
                    size_threshold=0)
    escape = TensorProto(name="s", data_type=TensorProto.FLOAT, dims=[2],
                         data_location=TensorProto.EXTERNAL)
    entry = escape.external_data.add()
    entry.key, entry.value = "location", "../secret.bin"
    model = helper.make_model(graph(escape),
                              opset_imports=[helper.make_opsetid("", 9)])
    with open(os.path.join(directory, "escape.onnx"), "wb") as f:
        f.write(model.SerializeToString())

    def external(name, location, offset=None, length=None):
        tensor = TensorProto(name="s", data_type=TensorProto.FLOAT, dims=[2],
                             data_location=TensorProto.EXTERNAL)
        for key, value in (("location", location), ("offset", offset),
                           ("length", length)):
            if value is not None:
                entry = tensor.external_data.add()
                entry.key, entry.value = key, str(value)
        model = helper.make_model(graph(tensor),
                                  opset_imports=[helper.make_opsetid("", 9)])
        with open(os.path.join(directory, name + ".onnx"), "wb") as f:
            f.write(model.SerializeToString())

    for name in ("link", "fifo", "zero"):
        external(name, name + ".bin")
    external("overflow", "weights.bin", offset=2**63 - 4, length=8)
    external("slice", "slice.bin", offset=4, length=8)
    with open(os.path.join(directory, "slice.bin"), "wb") as f:
        f.write(b"\xff" * 4 + np.array([2.0, 2.0], np.float32).tobytes() +
                b"\xff" * (1 << 20))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output", help="where to write")
    main(parser.parse_args().output)
