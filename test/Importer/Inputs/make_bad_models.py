"""Writes malformed models that ONNX's text syntax cannot express into the
directory given: each must be rejected by the importer with a message."""

import os
import argparse
import sys

from onnx import TensorProto, helper


def model(graph, opset=13):
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", opset)])


def clip_graph(inputs, initializers=(), node_inputs=("x",)):
    return helper.make_graph(
        [helper.make_node("Clip", list(node_inputs), ["y"])], "bad", inputs,
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])],
        initializer=list(initializers))


def main(directory):
    os.makedirs(directory, exist_ok=True)
    models = {}
    # An input without a shape: its rank is unknown.
    no_shape = helper.make_tensor_value_info("x", TensorProto.FLOAT, None)
    models["no-shape"] = model(clip_graph([no_shape]))
    # A sequence input: not a tensor.
    seq = helper.make_tensor_sequence_value_info("x", TensorProto.FLOAT, [3])
    models["sequence"] = model(clip_graph([seq]))
    # An initializer with fewer values than its shape has elements.
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])
    short = helper.make_tensor("lo", TensorProto.FLOAT, [2], [1.0, 2.0])
    short.dims[0] = 3
    models["short-initializer"] = model(
        clip_graph([x], [short], ("x", "lo")))
    # A raw initializer of the wrong byte size.
    raw = TensorProto(name="lo", data_type=TensorProto.FLOAT,
                      raw_data=b"\x00\x00\x80")
    models["raw-size"] = model(clip_graph([x], [raw], ("x", "lo")))
    # A negative dimension in an initializer.
    negative = helper.make_tensor("lo", TensorProto.FLOAT, [1], [1.0])
    negative.dims[0] = -1
    models["negative-dim"] = model(clip_graph([x], [negative], ("x", "lo")))
    # No graph at all.
    models["no-graph"] = helper.make_model(
        helper.make_graph([], "empty", [], []),
        opset_imports=[helper.make_opsetid("", 13)])
    models["no-graph"].ClearField("graph")
    for name, m in models.items():
        with open(os.path.join(directory, name + ".onnx"), "wb") as f:
            f.write(m.SerializeToString())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output", help="where to write")
    main(parser.parse_args().output)
