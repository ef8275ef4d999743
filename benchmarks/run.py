#!/usr/bin/python3
"""Runs every workload through onnxc and ONNX Runtime and prints the table.

    run.py BUILD_DIR [--threads N] [--filter SUBSTRING]

Per workload: the median time of onnxc and of ONNX Runtime (its own
profiler's model_run time), the effective bandwidth (bytes read + written
per second) of each, the limit (the faster of a memcpy and a copy with
streaming stores of as many bytes, timed in the same process), onnxc's and
ONNX Runtime's fractions of that limit, and onnxc's speedup over ONNX
Runtime.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--filter", default="")
    args = parser.parse_args()
    bin_dir = os.path.join(args.build, "bin")
    work = os.path.join(args.build, "bench")
    subprocess.run([sys.executable, os.path.join(HERE, "workloads.py"), work],
                   check=True)
    with open(os.path.join(work, "workloads.json")) as f:
        workloads = [w for w in json.load(f) if args.filter in w["name"]]

    env = dict(os.environ, GLIBC_TUNABLES="glibc.malloc.hugetlb=1")
    rows = []
    for w in workloads:
        library = os.path.join(work, w["name"] + ".so")
        subprocess.run([os.path.join(bin_dir, "onnx-compile"), w["model"],
                        "-o", library, "--entry", "model"], check=True)
        traffic = w["read"] + w["written"]
        iterations = 200 if traffic < (64 << 20) else 15
        onnxc = json.loads(subprocess.run(
            [os.path.join(bin_dir, "onnxc_bench"), library, str(iterations)],
            check=True, capture_output=True, text=True, env=env).stdout)
        out_shape = [int(x) for x in json.loads(subprocess.run(
            [os.path.join(bin_dir, "onnx-run"), library, "--signature"],
            check=True, capture_output=True, text=True).stdout)
            ["outputs"][0]["shape"]]
        ort = json.loads(subprocess.run(
            ["node", os.path.join(HERE, "ort_bench.mjs"), w["model"],
             json.dumps(w["shape"]), json.dumps(out_shape), w["type"],
             str(iterations), str(args.threads)],
            check=True, capture_output=True, text=True, env=env,
            cwd=HERE).stdout)
        limit_ms = min(onnxc["copy_ms"], onnxc["stream_ms"])
        rows.append((w["name"], traffic, onnxc["model_ms"], limit_ms,
                     "stream" if onnxc["stream_ms"] < onnxc["copy_ms"]
                     else "memcpy", ort["ort_ms"]))
        print_row(rows[-1], header=len(rows) == 1)
        sys.stdout.flush()


def print_row(row, header):
    if header:
        print("| workload | MiB moved | limit ms (copy) | onnxc ms | "
              "onnxc of limit | ORT ms | ORT of limit | onnxc vs ORT |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
    name, traffic, model_ms, limit_ms, limit_kind, ort_ms = row
    print("| %s | %.0f | %.3f (%s) | %.3f | %.2f | %.3f | %.2f | %.2fx |" % (
        name, traffic / (1 << 20), limit_ms, limit_kind, model_ms,
        limit_ms / model_ms, ort_ms, limit_ms / ort_ms, ort_ms / model_ms))


if __name__ == "__main__":
    main()
