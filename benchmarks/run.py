#!/usr/bin/python3
"""Runs every workload through onnxc and ONNX Runtime and prints the table.

    run.py BUILD_DIR [--threads 1,2] [--rounds 3] [--filter SUBSTRING]

Per workload and thread count: the median time of onnxc and of ONNX Runtime
(its own profiler's model_run time), the limit (the faster of a memcpy and a
copy with streaming stores of as many bytes, split over as many threads,
timed in the same process as onnxc), onnxc's and ONNX Runtime's fractions of
that limit, onnxc's speedup over ONNX Runtime, and, for more than one
thread, onnxc's speedup over its own one-thread time. The rounds run every
workload at every thread count in turn. Times are medians over the rounds;
each ratio is the median over the rounds of that round's ratio, whose two
times were taken seconds apart (onnxc and the limit in one process, ONNX
Runtime right after it, one thread right before two): a round in which the
machine moves memory more slowly slows both sides of its ratios alike. No
environment variable tunes either library: they run as users run them.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--threads", default="1,2",
                        help="comma-separated thread counts")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--filter", default="")
    args = parser.parse_args()
    thread_counts = [int(t) for t in args.threads.split(",")]
    args.build = os.path.abspath(args.build)
    bin_dir = os.path.join(args.build, "bin")
    work = os.path.join(args.build, "bench")
    subprocess.run([sys.executable, os.path.join(HERE, "workloads.py"), work],
                   check=True)
    with open(os.path.join(work, "workloads.json")) as f:
        workloads = [w for w in json.load(f) if args.filter in w["name"]]

    for w in workloads:
        w["library"] = os.path.join(work, w["name"] + ".so")
        subprocess.run([os.path.join(bin_dir, "onnx-compile"), w["model"],
                        "-o", w["library"], "--entry", "model"], check=True)
        w["out_shape"] = [int(x) for x in json.loads(subprocess.run(
            [os.path.join(bin_dir, "onnx-run"), w["library"], "--signature"],
            check=True, capture_output=True, text=True).stdout)
            ["outputs"][0]["shape"]]

    samples = {}  # (name, threads) -> lists of times per quantity
    for _ in range(args.rounds):
        for w in workloads:
            traffic = w["read"] + w["written"]
            iterations = 200 if traffic < (64 << 20) else 15
            for threads in thread_counts:
                onnxc = json.loads(subprocess.run(
                    [os.path.join(bin_dir, "onnxc_bench"), w["library"],
                     str(iterations), str(threads)],
                    check=True, capture_output=True, text=True).stdout)
                ort = json.loads(subprocess.run(
                    ["node", os.path.join(HERE, "ort_bench.mjs"), w["model"],
                     json.dumps(w["shape"]), json.dumps(w["out_shape"]),
                     w["type"], str(iterations), str(threads)],
                    check=True, capture_output=True, text=True,
                    cwd=HERE).stdout)
                cell = samples.setdefault((w["name"], threads), {
                    "model": [], "copy": [], "stream": [], "fill": [],
                    "ort": []})
                cell["model"].append(onnxc["model_ms"])
                cell["copy"].append(onnxc["copy_ms"])
                cell["stream"].append(onnxc["stream_ms"])
                cell["fill"].append(onnxc["fill_ms"])
                cell["ort"].append(ort["ort_ms"])

    print_header()
    for w in workloads:
        one = samples.get((w["name"], 1))
        for threads in thread_counts:
            print_row(w["name"], w["read"] + w["written"], threads,
                      samples[(w["name"], threads)],
                      one if threads > 1 else None)


def paired_median(numerators, denominators):
    """The median over the rounds of each round's ratio."""
    return statistics.median(n / d for n, d in zip(numerators, denominators))


def print_header():
    print("| workload | MiB moved | threads | limit ms (copy) | output fill ms "
          "| onnxc ms | onnxc of limit | ORT ms | ORT of limit | onnxc vs ORT | "
          "onnxc vs 1 thread |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def print_row(name, traffic, threads, rounds, one_thread_rounds):
    cell = {k: statistics.median(v) for k, v in rounds.items()}
    limits = [min(c, s) for c, s in zip(rounds["copy"], rounds["stream"])]
    limit_kind = "stream" if cell["stream"] < cell["copy"] else "memcpy"
    speedup = ("%.2fx" % paired_median(one_thread_rounds["model"],
                                       rounds["model"])
               if one_thread_rounds else "")
    print("| %s | %.0f | %d | %.3f (%s) | %.3f | %.3f | %.2f | %.3f | %.2f "
          "| %.2fx | %s |" % (name, traffic / (1 << 20), threads,
                      statistics.median(limits), limit_kind, cell["fill"],
                      cell["model"], paired_median(limits, rounds["model"]),
                      cell["ort"], paired_median(limits, rounds["ort"]),
                      paired_median(rounds["ort"], rounds["model"]),
                      speedup))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
