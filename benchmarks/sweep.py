#!/usr/bin/python3
"""Upsample over element types, modes and scales, as fractions of the limit.

    sweep.py BUILD_DIR [--threads 1] [--rounds 3] [--shape 4,32,64,64]

The benchmark table (run.py) times a few chosen workloads against ONNX
Runtime; this one covers the rest of the ground: one [N,C,H,W] input, scales
of 2, 4, 3 and 1.5 on H and W, both modes, six element types. Each cell is,
as in run.py, the median over the rounds of one round's ratio: the limit
measured in the same process (the faster of a memcpy and a streaming copy
of (bytes read + bytes written) / 2) divided by onnxc's time (onnxc_bench):
1.0 is the speed of the faster copy. A round that finds the machine slower
slows both sides of its ratio alike.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

import numpy as np
from onnx import TensorProto, helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import workloads  # noqa: E402

TYPES = [("float32", TensorProto.FLOAT, np.float32),
         ("float16", TensorProto.FLOAT16, np.float16),
         ("float64", TensorProto.DOUBLE, np.float64),
         ("int32", TensorProto.INT32, np.int32),
         ("int8", TensorProto.INT8, np.int8),
         ("uint8", TensorProto.UINT8, np.uint8)]
SCALES = [2, 4, 3, 1.5]
MODES = ["nearest", "linear"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--shape", default="4,32,64,64")
    args = parser.parse_args()
    shape = [int(d) for d in args.shape.split(",")]
    bin_dir = os.path.join(os.path.abspath(args.build), "bin")
    work = os.path.join(os.path.abspath(args.build), "sweep")
    os.makedirs(work, exist_ok=True)

    cases = []
    for type_name, onnx_type, dtype in TYPES:
        for mode in MODES:
            for scale in SCALES:
                name = "%s_%s_x%g" % (type_name, mode, scale)
                _, graph, opset, _, _, _ = workloads.upsample(
                    name, shape, [1, 1, scale, scale], mode, onnx_type, dtype)
                model = helper.make_model(
                    graph, opset_imports=[helper.make_opsetid("", opset)])
                path = os.path.join(work, name + ".onnx")
                with open(path, "wb") as f:
                    f.write(model.SerializeToString())
                library = os.path.join(work, name + ".so")
                subprocess.run([os.path.join(bin_dir, "onnx-compile"), path,
                                "-o", library, "--entry", "model"],
                               check=True)
                cases.append((type_name, mode, scale, library))

    ratios = {}  # (model ms, limit ms) per round
    for _ in range(args.rounds):
        for type_name, mode, scale, library in cases:
            result = json.loads(subprocess.run(
                [os.path.join(bin_dir, "onnxc_bench"), library, "50",
                 str(args.threads)],
                check=True, capture_output=True, text=True).stdout)
            limit = min(result["copy_ms"], result["stream_ms"])
            ratios.setdefault((type_name, mode, scale), []).append(
                (result["model_ms"], limit))

    print("| type | mode | " + " | ".join("x%g" % s for s in SCALES) + " |")
    print("|---|---|" + "---:|" * len(SCALES))
    for type_name, _, _ in TYPES:
        for mode in MODES:
            cells = []
            for scale in SCALES:
                times = ratios[(type_name, mode, scale)]
                cells.append("%.2f" % statistics.median(
                    limit_ms / model_ms for model_ms, limit_ms in times))
            print("| %s | %s | %s |" % (type_name, mode, " | ".join(cells)))


if __name__ == "__main__":
    main()
