#!/usr/bin/python3
"""Resize over input shapes, as fractions of the limit, so that a cliff shows.

    shapes.py BUILD_DIR [--threads 1] [--rounds 3] [--modes linear,nearest]
                        [--filter TEXT] [--symbolic]

The benchmark table (run.py) times a few chosen workloads; sweep.py covers
Upsample's element types and scales on one shape. This one keeps the job
(a float32 Resize-13 of H and W, one mode and scale per column) and varies
the shape: images from 224x224 to 4K in 3 planes, feature maps of 1 to 512
channels, odd sizes, and rows from 7 to 7680 elements. Each cell is, as in
run.py, the median over the rounds of one round's ratio: the limit measured
in the same process (the faster of a memcpy and a streaming copy of
(bytes read + bytes written) / 2) divided by onnxc's time (onnxc_bench):
1.0 is the speed of the faster copy. Below the table, each column's worst
cell as a fraction of its best. With --symbolic, every dimension of the
models is symbolic (N, C, H, W), as in a model exported with dynamic axes,
and each shape is given at run time.
"""

import argparse
import json
import os
import statistics
import subprocess

import numpy as np
from onnx import TensorProto, helper, numpy_helper

# [N, C, H, W] inputs: images, feature maps, odd sizes, long and short rows.
SHAPES = [
    ("224x224 RGB", [1, 3, 224, 224]),
    ("512x512 RGB", [1, 3, 512, 512]),
    ("720p RGB", [1, 3, 720, 1280]),
    ("1080p RGB", [1, 3, 1080, 1920]),
    ("4K RGB", [1, 3, 2160, 3840]),
    ("C=1 1000x1000", [1, 1, 1000, 1000]),
    ("C=16 128x128", [1, 16, 128, 128]),
    ("C=64 56x56", [1, 64, 56, 56]),
    ("C=256 60x80", [1, 256, 60, 80]),
    ("C=512 7x7", [8, 512, 7, 7]),
    ("odd 3x999x1001", [1, 3, 999, 1001]),
    ("rows of 3840, 64 rows", [1, 8, 64, 3840]),
    ("benchmark 8x64x128x128", [8, 64, 128, 128]),
]
# (column, mode, coordinate_transformation_mode, scale)
JOBS = [
    ("nearest x2", "nearest", "asymmetric", 2.0),
    ("linear x2", "linear", "half_pixel", 2.0),
    ("linear x1.5", "linear", "half_pixel", 1.5),
    ("linear x0.5", "linear", "half_pixel", 0.5),
    ("align_corners x2", "linear", "align_corners", 2.0),
    ("cubic x2", "cubic", "half_pixel", 2.0),
]


def resize_model(shape, mode, ctm, scale, symbolic=False):
    scales = [1.0, 1.0, scale, scale]
    out = [int(np.floor(np.float32(d) * np.float32(s)))
           for d, s in zip(shape, scales)]
    if symbolic:
        shape, out = ["N", "C", "H", "W"], ["N", "C", "OH", "OW"]
    graph = helper.make_graph(
        [helper.make_node("Resize", ["X", "", "scales"], ["Y"], mode=mode,
                          coordinate_transformation_mode=ctm)],
        "resize", [helper.make_tensor_value_info("X", TensorProto.FLOAT,
                                                 shape)],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, out)],
        initializer=[numpy_helper.from_array(np.array(scales, np.float32),
                                             "scales")])
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", 13)])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--modes", default="",
                        help="columns whose name contains one of these "
                        "comma-separated words (default: all)")
    parser.add_argument("--filter", default="",
                        help="only shapes whose name contains this")
    parser.add_argument("--symbolic", action="store_true",
                        help="models with every dimension symbolic, the "
                        "shapes given at run time")
    args = parser.parse_args()
    bin_dir = os.path.join(os.path.abspath(args.build), "bin")
    work = os.path.join(os.path.abspath(args.build), "shapes")
    os.makedirs(work, exist_ok=True)
    words = [w for w in args.modes.split(",") if w]
    jobs = [j for j in JOBS if not words or any(w in j[0] for w in words)]
    shapes = [s for s in SHAPES if args.filter in s[0]]

    cases = []
    compiled = set()  # One symbolic library serves every shape.
    for shape_name, shape in shapes:
        dims = "x".join(map(str, shape))
        for column, mode, ctm, scale in jobs:
            name = "%s_%s_x%g_%s" % (mode, ctm, scale,
                                     "symbolic" if args.symbolic else dims)
            library = os.path.join(work, name + ".so")
            if library not in compiled:
                compiled.add(library)
                path = os.path.join(work, name + ".onnx")
                with open(path, "wb") as f:
                    f.write(resize_model(shape, mode, ctm, scale,
                                         args.symbolic).SerializeToString())
                subprocess.run([os.path.join(bin_dir, "onnx-compile"), path,
                                "-o", library, "--entry", "model"],
                               check=True)
            extra = ["--dims=" + dims] if args.symbolic else []
            cases.append((shape_name, column, library, extra))

    ratios = {}
    for _ in range(args.rounds):
        for shape_name, column, library, extra in cases:
            result = json.loads(subprocess.run(
                [os.path.join(bin_dir, "onnxc_bench"), library, "20",
                 str(args.threads)] + extra,
                check=True, capture_output=True, text=True).stdout)
            limit = min(result["copy_ms"], result["stream_ms"])
            ratios.setdefault((shape_name, column), []).append(
                limit / result["model_ms"])

    columns = [j[0] for j in jobs]
    cell = {key: statistics.median(values) for key, values in ratios.items()}
    print("| shape | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for shape_name, _ in shapes:
        print("| %s | %s |" % (shape_name, " | ".join(
            "%.2f" % cell[(shape_name, c)] for c in columns)))
    print("| worst / best | %s |" % " | ".join(
        "%.2f" % (min(cell[(s, c)] for s, _ in shapes) /
                  max(cell[(s, c)] for s, _ in shapes)) for c in columns))


if __name__ == "__main__":
    main()
