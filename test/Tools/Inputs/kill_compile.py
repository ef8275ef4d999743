"""Kills onnx-compile with SIGKILL at moments spread over its run, and
checks that no kill leaves a file behind.

    kill_compile.py ONNX_COMPILE MODEL WORK_DIR [--kills N] [--emit KIND]

SIGKILL cannot be caught: only outputs written into anonymous files, named
once complete, leave nothing. After each kill the output's directory holds
nothing or the whole output, and the temporary directory nothing. Prints
"no file left by N kills" or what was left.
"""

import argparse
import os
import random
import signal
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("onnx_compile")
    parser.add_argument("model")
    parser.add_argument("work")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--emit", default="lib")
    args = parser.parse_args()
    work = os.path.abspath(args.work)
    out_dir, tmp_dir = os.path.join(work, "out"), os.path.join(work, "tmp")
    for d in (out_dir, tmp_dir):
        os.makedirs(d, exist_ok=True)
    env = dict(os.environ, TMPDIR=tmp_dir)
    output = os.path.join(out_dir, "model.out")
    command = [args.onnx_compile, args.model, "--emit=" + args.emit,
               "-o", output]
    # How long a whole compile takes, which the kills spread over.
    start = time.monotonic()
    subprocess.run(command, env=env, check=True)
    duration = time.monotonic() - start
    whole = open(output, "rb").read()
    rng = random.Random(20261203)
    problems = []
    for kill in range(args.kills):
        os.remove(output)
        compile = subprocess.Popen(command, env=env,
                                   stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, duration * 1.1))
        compile.send_signal(signal.SIGKILL)
        compile.wait()
        # A linker the compile started may still be writing: into nothing
        # with a name. Give it time to finish before looking.
        time.sleep(0.05)
        left = sorted(os.listdir(out_dir))
        if left not in ([], ["model.out"]):
            problems.append("kill %d left %s in the output's directory" %
                            (kill, left))
        if left == ["model.out"] and open(output, "rb").read() != whole:
            problems.append("kill %d left a partial output" % kill)
        if os.listdir(tmp_dir):
            problems.append("kill %d left %s in the temporary directory" %
                            (kill, sorted(os.listdir(tmp_dir))))
        if not os.path.exists(output):
            open(output, "wb").close()
    if problems:
        sys.exit("\n".join(problems))
    print("no file left by %d kills" % args.kills)


if __name__ == "__main__":
    main()
