"""Writes DIR/model.onnx whose scales initializer lives in DIR/weights.bin
(ONNX external data), and DIR/escape.onnx whose external data location
points outside its directory."""

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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output", help="where to write")
    main(parser.parse_args().output)
