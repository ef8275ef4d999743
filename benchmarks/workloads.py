#!/usr/bin/python3
"""Writes the benchmark models and their descriptions.

    workloads.py OUT_DIR

Each workload is a one-node model whose only graph input is X (bounds and
scales are initializers); OUT_DIR/workloads.json lists name, model, input
shape and element type, bytes read and written. Opsets are chosen so that
ONNX Runtime accepts every model (it refuses Upsample at opset >= 10).
"""

import json
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

MIB = 1 << 20


def clip(name, onnx_type, dtype, n, lo, hi):
    graph = helper.make_graph(
        [helper.make_node("Clip", ["X", "lo", "hi"], ["Y"])], name,
        [helper.make_tensor_value_info("X", onnx_type, [n])],
        [helper.make_tensor_value_info("Y", onnx_type, [n])],
        initializer=[numpy_helper.from_array(np.array(lo, dtype), "lo"),
                     numpy_helper.from_array(np.array(hi, dtype), "hi")])
    size = n * np.dtype(dtype).itemsize
    return name, graph, 13, [n], size, size


def upsample(name, shape, scales, mode):
    out = [int(np.float32(d) * np.float32(s)) for d, s in zip(shape, scales)]
    graph = helper.make_graph(
        [helper.make_node("Upsample", ["X", "scales"], ["Y"], mode=mode)],
        name, [helper.make_tensor_value_info("X", TensorProto.FLOAT, shape)],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, out)],
        initializer=[numpy_helper.from_array(np.array(scales, np.float32),
                                             "scales")])
    return name, graph, 9, shape, 4 * int(np.prod(shape)), 4 * int(
        np.prod(out))


WORKLOADS = [
    clip("clip_f32_1MiB", TensorProto.FLOAT, np.float32, MIB // 4, -1.0, 1.0),
    clip("clip_f32_256MiB", TensorProto.FLOAT, np.float32, 64 * MIB, -1.0,
         1.0),
    clip("clip_i8_1MiB", TensorProto.INT8, np.int8, MIB, -50, 50),
    clip("clip_i8_256MiB", TensorProto.INT8, np.int8, 256 * MIB, -50, 50),
    upsample("nearest_x2_1x64x56x56", [1, 64, 56, 56], [1, 1, 2, 2],
             "nearest"),
    upsample("nearest_x2_8x64x128x128", [8, 64, 128, 128], [1, 1, 2, 2],
             "nearest"),
    upsample("linear_x2_1x64x56x56", [1, 64, 56, 56], [1, 1, 2, 2], "linear"),
    upsample("linear_x2_8x64x128x128", [8, 64, 128, 128], [1, 1, 2, 2],
             "linear"),
    upsample("nearest_x1.5_8x64x128x128", [8, 64, 128, 128],
             [1, 1, 1.5, 1.5], "nearest"),
    upsample("linear_x1.5_8x64x128x128", [8, 64, 128, 128],
             [1, 1, 1.5, 1.5], "linear"),
]

TYPE_NAMES = {TensorProto.FLOAT: "float32", TensorProto.INT8: "int8"}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    described = []
    for name, graph, opset, shape, read, written in WORKLOADS:
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", opset)],
            producer_name="onnxc-benchmarks")
        model.ir_version = 8
        path = os.path.join(out, name + ".onnx")
        with open(path, "wb") as f:
            f.write(model.SerializeToString())
        elem = graph.input[0].type.tensor_type.elem_type
        described.append({"name": name, "model": path, "shape": shape,
                          "type": TYPE_NAMES[elem], "read": read,
                          "written": written})
    with open(os.path.join(out, "workloads.json"), "w") as f:
        json.dump(described, f, indent=1)


if __name__ == "__main__":
    main()
