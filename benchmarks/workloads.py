#!/usr/bin/python3
"""Writes the benchmark models and their descriptions.

    workloads.py OUT_DIR

Each workload is a model whose only graph input is X (bounds and scales are
initializers): one node, or a small graph of Clips, Upsamples and Resizes;
OUT_DIR/workloads.json lists name, model, input shape and element type,
bytes read and written (by the graph: its input and its output). Opsets are chosen so that
ONNX Runtime accepts every model (it refuses Upsample at opset >= 10).
"""

import json
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

MIB = 1 << 20


def clip(name, onnx_type, dtype, shape, lo, hi):
    graph = helper.make_graph(
        [helper.make_node("Clip", ["X", "lo", "hi"], ["Y"])], name,
        [helper.make_tensor_value_info("X", onnx_type, shape)],
        [helper.make_tensor_value_info("Y", onnx_type, shape)],
        initializer=[numpy_helper.from_array(np.array(lo, dtype), "lo"),
                     numpy_helper.from_array(np.array(hi, dtype), "hi")])
    size = int(np.prod(shape)) * np.dtype(dtype).itemsize
    return name, graph, 13, shape, size, size


def upsample(name, shape, scales, mode, onnx_type=TensorProto.FLOAT,
             dtype=np.float32):
    out = [int(np.float32(d) * np.float32(s)) for d, s in zip(shape, scales)]
    graph = helper.make_graph(
        [helper.make_node("Upsample", ["X", "scales"], ["Y"], mode=mode)],
        name, [helper.make_tensor_value_info("X", onnx_type, shape)],
        [helper.make_tensor_value_info("Y", onnx_type, out)],
        initializer=[numpy_helper.from_array(np.array(scales, np.float32),
                                             "scales")])
    size = np.dtype(dtype).itemsize
    return name, graph, 9, shape, size * int(np.prod(shape)), size * int(
        np.prod(out))


def graph(name, shape, nodes, out_shape, opset, initializers):
    """A chain X -> ... -> Y of float32 nodes."""
    graph = helper.make_graph(
        nodes, name,
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, shape)],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, out_shape)],
        initializer=[numpy_helper.from_array(np.array(v, np.float32), k)
                     for k, v in initializers.items()])
    return name, graph, opset, shape, 4 * int(np.prod(shape)), 4 * int(
        np.prod(out_shape))


def clip_nearest_clip(name, shape):
    out = shape[:2] + [2 * shape[2], 2 * shape[3]]
    return graph(name, shape, [
        helper.make_node("Clip", ["X"], ["A"], min=-1.0, max=1.0),
        helper.make_node("Upsample", ["A", "scales"], ["B"], mode="nearest"),
        helper.make_node("Clip", ["B"], ["Y"], min=-0.5, max=0.5),
    ], out, 9, {"scales": [1, 1, 2, 2]})


def clip_chain(name, n, length):
    nodes = []
    for i in range(length):
        source = "X" if i == 0 else "T%d" % (i - 1)
        target = "Y" if i == length - 1 else "T%d" % i
        bounds = ["lo", "hi"] if i % 2 == 0 else ["lo2", "hi2"]
        nodes.append(helper.make_node("Clip", [source] + bounds, [target]))
    return graph(name, [n], nodes, [n], 13,
                 {"lo": -1.0, "hi": 1.0, "lo2": -0.75, "hi2": 0.75})


def linear_clip(name, shape):
    out = shape[:2] + [2 * shape[2], 2 * shape[3]]
    return graph(name, shape, [
        helper.make_node("Upsample", ["X", "scales"], ["A"], mode="linear"),
        helper.make_node("Clip", ["A"], ["Y"], min=-0.5, max=0.5),
    ], out, 9, {"scales": [1, 1, 2, 2]})


def resize(name, shape, scales, mode, coordinate_mode, opset=13, sizes=None,
           roi=None, **attributes):
    """A float32 Resize with constant scales (or sizes, and a roi), as
    exporters write it."""
    if sizes is not None:
        out = list(sizes)
    else:
        out = [int(np.floor(np.float64(d) * np.float64(np.float32(s))))
               for d, s in zip(shape, scales)]
    initializers = {}
    if roi is not None:
        initializers["roi"] = np.array(roi, np.float32)
    if sizes is not None:
        initializers["sizes"] = np.array(sizes, np.int64)
    else:
        initializers["scales"] = np.array(scales, np.float32)
    inputs = ["X", "roi" if roi is not None else "",
              "" if sizes is not None else "scales"]
    if sizes is not None:
        inputs.append("sizes")
    graph = helper.make_graph(
        [helper.make_node("Resize", inputs, ["Y"], mode=mode,
                          coordinate_transformation_mode=coordinate_mode,
                          **attributes)],
        name, [helper.make_tensor_value_info("X", TensorProto.FLOAT, shape)],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, out)],
        initializer=[numpy_helper.from_array(v, k)
                     for k, v in initializers.items()])
    return name, graph, opset, shape, 4 * int(np.prod(shape)), 4 * int(
        np.prod(out))


def clip_resize_clip(name, shape):
    out = shape[:2] + [2 * shape[2], 2 * shape[3]]
    return graph(name, shape, [
        helper.make_node("Clip", ["X", "lo", "hi"], ["A"]),
        helper.make_node("Resize", ["A", "", "scales"], ["B"], mode="nearest",
                         coordinate_transformation_mode="asymmetric",
                         nearest_mode="floor"),
        helper.make_node("Clip", ["B", "lo2", "hi2"], ["Y"]),
    ], out, 13, {"scales": [1, 1, 2, 2], "lo": -1.0, "hi": 1.0,
                 "lo2": -0.5, "hi2": 0.5})


WORKLOADS = [
    clip("clip_f32_1x3x224x224", TensorProto.FLOAT, np.float32,
         [1, 3, 224, 224], -1.0, 1.0),
    clip("clip_f32_256MiB", TensorProto.FLOAT, np.float32, [64 * MIB], -1.0,
         1.0),
    clip("clip_i8_1MiB", TensorProto.INT8, np.int8, [MIB], -50, 50),
    clip("clip_i8_256MiB", TensorProto.INT8, np.int8, [256 * MIB], -50, 50),
    upsample("nearest_x2_1x64x56x56", [1, 64, 56, 56], [1, 1, 2, 2],
             "nearest"),
    upsample("nearest_x2_8x64x128x128", [8, 64, 128, 128], [1, 1, 2, 2],
             "nearest"),
    upsample("linear_x2_1x64x56x56", [1, 64, 56, 56], [1, 1, 2, 2], "linear"),
    upsample("linear_x2_8x64x128x128", [8, 64, 128, 128], [1, 1, 2, 2],
             "linear"),
    upsample("linear_x2_i8_8x64x128x128", [8, 64, 128, 128], [1, 1, 2, 2],
             "linear", TensorProto.INT8, np.int8),
    upsample("nearest_x1.5_8x64x128x128", [8, 64, 128, 128],
             [1, 1, 1.5, 1.5], "nearest"),
    upsample("linear_x1.5_8x64x128x128", [8, 64, 128, 128],
             [1, 1, 1.5, 1.5], "linear"),
    clip_nearest_clip("graph_clip_nearest_x2_clip_8x64x128x128",
                      [8, 64, 128, 128]),
    clip_chain("graph_4_clips_f32_256MiB", 64 * MIB, 4),
    linear_clip("graph_linear_x2_clip_1x64x56x56", [1, 64, 56, 56]),
    resize("resize_nearest_x2_8x64x128x128", [8, 64, 128, 128], [1, 1, 2, 2],
           "nearest", "asymmetric", nearest_mode="floor"),
    resize("resize_linear_x2_1x64x56x56", [1, 64, 56, 56], [1, 1, 2, 2],
           "linear", "half_pixel"),
    resize("resize_linear_x2_8x64x128x128", [8, 64, 128, 128], [1, 1, 2, 2],
           "linear", "half_pixel"),
    resize("resize_linear_align_corners_x2_8x64x128x128", [8, 64, 128, 128],
           [1, 1, 2, 2], "linear", "align_corners"),
    resize("resize_linear_x0.6_8x64x128x128", [8, 64, 128, 128],
           [1, 1, 0.6, 0.6], "linear", "half_pixel"),
    clip_resize_clip("graph_clip_resize_nearest_x2_clip_8x64x128x128",
                     [8, 64, 128, 128]),
    resize("resize_cubic_x2_8x64x128x128", [8, 64, 128, 128], [1, 1, 2, 2],
           "cubic", "half_pixel", cubic_coeff_a=-0.75),
    resize("resize_antialias_linear_x0.5_8x64x256x256", [8, 64, 256, 256],
           [1, 1, 0.5, 0.5], "linear", "half_pixel", opset=18, antialias=1),
    resize("resize_antialias_linear_x0.25_8x64x256x256", [8, 64, 256, 256],
           [1, 1, 0.25, 0.25], "linear", "half_pixel", opset=18,
           antialias=1),
    resize("resize_antialias_cubic_x0.5_8x64x256x256", [8, 64, 256, 256],
           [1, 1, 0.5, 0.5], "cubic", "half_pixel", opset=18, antialias=1),
    resize("resize_crop_1x3x512x512_to_224x224", [1, 3, 512, 512], None,
           "linear", "tf_crop_and_resize", sizes=[1, 3, 224, 224],
           roi=[0, 0, 0.1, 0.15, 1, 1, 0.9, 0.85]),
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
