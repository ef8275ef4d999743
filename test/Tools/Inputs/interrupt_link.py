"""Interrupts onnx-compile while it links, and checks what is left.

    interrupt_link.py ONNX_COMPILE MODEL WORK_DIR

A fake clang (the ONNXC_CLANG it is given) tells onnx-compile to link with a
fake ld.lld that, like lld, writes part of its output (to stdout for
"-o -", else into a temporary file beside the output), then hangs. Once the fake linker runs, onnx-compile gets SIGTERM. Afterwards the
linker must be dead, and neither the output's directory nor the temporary
directory may hold any file. Prints "interrupted cleanly" or what is wrong.
"""

import argparse
import os
import signal
import stat
import subprocess
import sys
import time

FAKE_CLANG = """#!/bin/sh
# Answers -### with a linker command naming the fake ld.lld.
out=
prev=
for a in "$@"; do
  [ "$prev" = "-o" ] && out=$a
  prev=$a
done
echo ' "%(bin)s/ld.lld" "-shared" "-o" "'$out'"' >&2
"""

FAKE_LLD = """#!/bin/sh
# Writes part of its output, then hangs: into a temporary file beside a
# named output, as lld does, or to stdout for "-o -".
out=
prev=
for a in "$@"; do
  [ "$prev" = "-o" ] && out=$a
  prev=$a
done
if [ "$out" = "-" ]; then echo partial; else echo partial > "$out.tmp12345"; fi
echo $$ > "%(work)s/linker.pid"
exec sleep 60
"""


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie left for its reaper counts as dead.
    with open("/proc/%d/stat" % pid) as f:
        return f.read().split(")")[-1].split()[0] != "Z"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("onnx_compile")
    parser.add_argument("model")
    parser.add_argument("work")
    args = parser.parse_args()
    work = os.path.abspath(args.work)
    bin_dir, tmp_dir, out_dir = (os.path.join(work, d)
                                 for d in ("bin", "tmp", "out"))
    for d in (bin_dir, tmp_dir, out_dir):
        os.makedirs(d, exist_ok=True)
    for name, text in (("clang", FAKE_CLANG), ("ld.lld", FAKE_LLD)):
        path = os.path.join(bin_dir, name)
        with open(path, "w") as f:
            f.write(text % {"bin": bin_dir, "work": work})
        os.chmod(path, stat.S_IRWXU)
    env = dict(os.environ, ONNXC_CLANG=os.path.join(bin_dir, "clang"),
               TMPDIR=tmp_dir)
    compile = subprocess.Popen(
        [args.onnx_compile, args.model, "-o", os.path.join(out_dir, "m.so")],
        env=env, stderr=subprocess.DEVNULL)
    pid_file = os.path.join(work, "linker.pid")
    deadline = time.time() + 60
    while not os.path.exists(pid_file) or not open(pid_file).read().strip():
        if compile.poll() is not None or time.time() > deadline:
            sys.exit("the fake linker never ran")
        time.sleep(0.05)
    linker = int(open(pid_file).read())
    compile.send_signal(signal.SIGTERM)
    compile.wait(timeout=30)
    problems = []
    if compile.returncode == 0:
        problems.append("onnx-compile succeeded")
    time.sleep(0.2)
    if alive(linker):
        problems.append("the linker survived")
        os.kill(linker, signal.SIGKILL)
    for d in (tmp_dir, out_dir):
        left = [os.path.join(root, name)
                for root, dirs, files in os.walk(d) for name in dirs + files]
        if left:
            problems.append("left behind: %s" % ", ".join(sorted(left)))
    print("; ".join(problems) if problems else "interrupted cleanly")


if __name__ == "__main__":
    main()
