#!/usr/bin/python3
"""Compiles and runs one ONNX backend node test directory with onnxc.

    run_node_test.py --bin BUILD/bin --work DIR TEST_DIR [TEST_DIR ...]
        [--mtriple TRIPLE --run-bin DIR --emulator COMMAND]
        [--exact | --resize-tolerance] [--guard-pages after|before]
        [--generate [--generator SCRIPT]]

A test directory holds model.onnx and test_data_set_*/{input,output}_<i>.pb.
Each output is compared with the reference the way ONNX's backend test
runner does: same element type and shape; floats within rtol=1e-3, atol=1e-7
with NaN equal to NaN; everything else exactly. A data set with a file
`expected_error` must instead make onnx-run fail with a message containing
that file's text. A test directory may also hold `compile_options` (one
onnx-compile flag per line), `expected_compile_warning` (compiling prints
that one warning) or `expected_compile_error` (compiling fails with it, and
nothing runs). Prints one line per test, then "N passed, M failed", and
exits non-zero if any test fails.

With --exact, floats must instead match bit for bit (any NaN matching any
NaN; -0 and +0 differ), save one unit in the last place, or the sign of a
zero, for results of magnitude below 2^24 times the smallest normal of the
type computed in: docs/semantics.md lets a subnormal term's rounding depend
on fused multiply-adds. onnxc's generated
cases are held to that; ONNX's own node tests, whose references round
differently, to the tolerance.

With --resize-tolerance, floats are instead judged as docs/semantics.md's
Resize section ("How results are judged") says: float32 and float64 within
1e-5 * |expected| + 1e-6 * max|X| (X: the data set's input_0.pb, its finite
values), an infinite expected value exactly, NaN equal to NaN; complex
numbers so, part by part; float16 and bfloat16 within one unit in the last
place (the next value either way, infinity next to the largest finite
value, -0 equal to +0); everything else exactly.

With --mtriple the models are compiled for another target and run by that
target's onnx-run (--run-bin) under an emulator (--emulator, e.g.
"qemu-aarch64 -L /usr/aarch64-linux-gnu"), through .npy files: such an
onnx-run has no protobuf. Tests with string tensors, which .npy cannot
hold, are skipped and counted apart.

With --guard-pages after|before, onnx-run places every input and output
against an inaccessible page (right after its last byte, or right before
its first): a kernel that reads or writes past that edge of a tensor
crashes the run instead of touching a neighbour's bytes unnoticed.
"""

import argparse
import glob
import multiprocessing
import os
import re
import shlex
import subprocess
import sys

import numpy as np
from onnx import TensorProto, numpy_helper

RTOL, ATOL = 1e-3, 1e-7
EXACT = False  # Set by --exact.
# --resize-tolerance: |actual - expected| <= RESIZE_RTOL * |expected| +
# RESIZE_XTOL * max|X|.
RESIZE_RTOL, RESIZE_XTOL = 1e-5, 1e-6


def load(path):
    t = TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    return t


def to_numpy(t):
    # numpy_helper does not know bfloat16 in ONNX 1.12: compare its bits
    # widened to float32.
    if t.data_type == TensorProto.BFLOAT16:
        if t.raw_data:
            bits = np.frombuffer(t.raw_data, dtype=np.uint16)
        else:
            bits = np.array(t.int32_data, dtype=np.uint16)
        return (bits.astype(np.uint32) << 16).view(np.float32).reshape(t.dims)
    return numpy_helper.to_array(t)


def compare(expected, actual, max_abs_x=None):
    """Returns an error message, or None when `actual` matches. With
    `max_abs_x` (max|X| of the case), floats are judged by Resize's
    tolerance (--resize-tolerance)."""
    if expected.data_type != actual.data_type:
        return "element type %d, expected %d" % (actual.data_type,
                                                 expected.data_type)
    e, a = to_numpy(expected), to_numpy(actual)
    if e.shape != a.shape:
        return "shape %s, expected %s" % (a.shape, e.shape)
    if e.dtype.kind in "fc" and max_abs_x is not None:
        return compare_resize(e, a, max_abs_x,
                              expected.data_type == TensorProto.BFLOAT16)
    if e.dtype.kind in "fc" and EXACT:
        return compare_bits(e, a, expected.data_type == TensorProto.BFLOAT16)
    if e.dtype.kind in "fc":
        try:
            np.testing.assert_allclose(a, e, rtol=RTOL, atol=ATOL,
                                       equal_nan=True)
        except AssertionError as err:
            return str(err).strip().replace("\n", " | ")[:600]
        return None
    if e.dtype.kind == "O":
        same = list(e.ravel()) == list(a.ravel())
    else:
        same = np.array_equal(e, a)
    if not same:
        bad = np.argwhere(e != a)[:5] if e.dtype.kind != "O" else []
        return "values differ (first at %s): got %s, expected %s" % (
            [tuple(i) for i in bad], a.ravel()[:8], e.ravel()[:8])
    return None


def compare_bits(e, a, bfloat16=False):
    """compare() for floats under --exact; bfloat16 values come widened to
    float32."""
    if e.dtype.kind == "c":
        return compare_bits(e.real, a.real) or compare_bits(e.imag, a.imag)
    bits = {2: np.int16, 4: np.int32, 8: np.int64}[e.dtype.itemsize]
    e_bits, a_bits = e.view(bits).astype(np.int64), a.view(bits).astype(
        np.int64)
    both_nan = np.isnan(e) & np.isnan(a)
    # Near the subnormal range of the type computed in (float32 for float16
    # and bfloat16), one step apart, the sign of a zero included.
    compute = np.float64 if e.dtype == np.float64 else np.float32
    wide_e, wide_a = e.astype(np.float64), a.astype(np.float64)
    tiny = np.abs(wide_e) < float(np.finfo(compute).tiny) * 2**24
    step = np.spacing(np.abs(e).astype(compute)).astype(np.float64)
    if bfloat16:
        # A bfloat16 step is that of float32 with 16 fewer fraction bits.
        step *= 2**16
    with np.errstate(invalid="ignore"):
        near = tiny & (np.abs(wide_e - wide_a) <= step)
    bad = ~((e_bits == a_bits) | both_nan | near)
    if not bad.any():
        return None
    at = [tuple(int(x) for x in i) for i in np.argwhere(bad)[:5]]
    return "bits differ (first at %s): got %s, expected %s" % (
        at, [a[i].item() for i in at], [e[i].item() for i in at])


def ordered_steps(values, bits):
    """Floats of `bits` bits (float16, or bfloat16 widened to float32: its
    top 16 bits) as integers whose difference counts representable values
    between them; -0 and +0 are both 0, infinity follows the largest finite
    value."""
    if bits == 16 and values.dtype == np.float32:
        raw = (values.view(np.uint32) >> 16).astype(np.int64)
    else:
        raw = values.view(np.uint16).astype(np.int64)
    magnitude = raw & 0x7FFF
    return np.where(raw & 0x8000, -magnitude, magnitude)


def compare_resize(e, a, max_abs_x, bfloat16=False):
    """compare() for floats under --resize-tolerance; bfloat16 values come
    widened to float32."""
    if e.dtype.kind == "c":
        return (compare_resize(e.real, a.real, max_abs_x) or
                compare_resize(e.imag, a.imag, max_abs_x))
    both_nan = np.isnan(e) & np.isnan(a)
    if bfloat16 or e.dtype == np.float16:
        close = np.abs(ordered_steps(e, 16) - ordered_steps(a, 16)) <= 1
        close &= ~(np.isnan(e) | np.isnan(a))
        what = "one unit in the last place"
    else:
        wide_e, wide_a = e.astype(np.float64), a.astype(np.float64)
        bound = RESIZE_RTOL * np.abs(wide_e) + RESIZE_XTOL * max_abs_x
        infinite = np.isinf(wide_e)
        with np.errstate(invalid="ignore"):
            close = ~infinite & (np.abs(wide_a - wide_e) <= bound)
        # An infinite expectation is met only by itself.
        close |= infinite & (wide_e == wide_a)
        what = "%g * |expected| + %g" % (RESIZE_RTOL, RESIZE_XTOL * max_abs_x)
    bad = ~(close | both_nan)
    if not bad.any():
        return None
    at = [tuple(int(x) for x in i) for i in np.argwhere(bad)[:5]]
    return "%d values off by more than %s (first at %s): got %s, " \
        "expected %s" % (int(bad.sum()), what, at,
                         [a[i].item() for i in at], [e[i].item() for i in at])


def max_abs_finite(path):
    """max|X| over the finite values of the tensor in `path` (0 if none)."""
    x = to_numpy(load(path))
    if x.dtype.kind not in "fciub" or x.size == 0:
        return 0.0
    x = np.abs(x.astype(np.complex128 if x.dtype.kind == "c"
                        else np.float64))
    x = x[np.isfinite(x)]
    return float(x.max()) if x.size else 0.0


def compare_array(expected, actual_array, max_abs_x=None):
    """compare() for an output read from a .npy file (bfloat16 as uint16)."""
    actual = TensorProto()
    actual.data_type = expected.data_type
    actual.dims.extend(actual_array.shape)
    if expected.data_type == TensorProto.BFLOAT16:
        actual.raw_data = actual_array.astype(np.uint16).tobytes()
        return compare(expected, actual, max_abs_x)
    actual.CopyFrom(numpy_helper.from_array(actual_array))
    actual.data_type = expected.data_type
    return compare(expected, actual, max_abs_x)


def to_npy(tensor_path, npy_path):
    """Writes a .pb tensor as .npy (bfloat16 as its uint16 bits); False for
    strings, which .npy cannot hold."""
    t = load(tensor_path)
    if t.data_type == TensorProto.STRING:
        return False
    if t.data_type == TensorProto.BFLOAT16:
        bits = (np.frombuffer(t.raw_data, dtype=np.uint16) if t.raw_data
                else np.array(t.int32_data, dtype=np.uint16))
        array = bits.reshape(t.dims)
    else:
        array = numpy_helper.to_array(t)
    np.save(npy_path, array)
    return True


def read_lines(path):
    """The lines of an optional file of a test directory; none without it."""
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line for line in f.read().splitlines() if line]


class Skip(Exception):
    pass


def numbered(paths):
    return sorted(paths, key=lambda p: int(re.findall(r"_(\d+)\.pb$", p)[0]))


def run_test(test_dir, args):
    name = os.path.basename(os.path.normpath(test_dir))
    work = os.path.join(args.work, name)
    os.makedirs(work, exist_ok=True)
    library = os.path.join(work, "model.so")
    model = os.path.join(test_dir, "model.onnx")
    if not os.path.exists(model):
        model = os.path.join(test_dir, "model.onnxtxt")
    compile_cmd = [os.path.join(args.bin, "onnx-compile"), model, "-o",
                   library, "--entry", "model"]
    if args.mtriple:
        compile_cmd.append("--mtriple=" + args.mtriple)
    compile_cmd += args.compile_option
    compile_cmd += read_lines(os.path.join(test_dir, "compile_options"))
    result = subprocess.run(compile_cmd, capture_output=True, text=True)
    expected = read_lines(os.path.join(test_dir, "expected_compile_error"))
    if expected:
        if result.returncode == 0:
            return "compiled, but should have failed with '%s'" % expected[0]
        if result.returncode != 1 or expected[0] not in result.stderr:
            return "compile failed with status %d and '%s', expected '%s'" % (
                result.returncode, result.stderr.strip()[:400], expected[0])
        return None
    if result.returncode != 0:
        return "compile failed: " + result.stderr.strip()[:800]
    expected = read_lines(os.path.join(test_dir, "expected_compile_warning"))
    if expected and (expected[0] not in result.stderr or
                     result.stderr.count("warning:") != 1):
        return "compiling printed '%s', expected one warning '%s'" % (
            result.stderr.strip()[:400], expected[0])
    data_sets = sorted(glob.glob(os.path.join(test_dir, "test_data_set_*")))
    if not data_sets:
        return "no test_data_set_*"
    for data_set in data_sets:
        out_dir = os.path.join(work, os.path.basename(data_set))
        for old in glob.glob(os.path.join(out_dir, "output_*.pb")):
            os.remove(old)
        run_cmd = [os.path.join(args.run_bin or args.bin, "onnx-run"),
                   library, "--output-dir", out_dir]
        if args.guard_pages:
            run_cmd += ["--guard-pages", args.guard_pages]
        if args.mtriple:
            run_cmd = shlex.split(args.emulator) + run_cmd
            run_cmd += ["--output-format", "npy"]
            os.makedirs(out_dir, exist_ok=True)
        for path in numbered(glob.glob(os.path.join(data_set,
                                                     "input_*.pb"))):
            if args.mtriple:
                npy = os.path.join(out_dir, os.path.basename(path)[:-3] +
                                   ".npy")
                if not to_npy(path, npy):
                    raise Skip("string tensors have no .npy form")
                path = npy
            run_cmd += ["--input", path]
        if args.mtriple and any(
                load(ref).data_type == TensorProto.STRING
                for ref in glob.glob(os.path.join(data_set, "output_*.pb"))):
            raise Skip("string tensors have no .npy form")
        result = subprocess.run(run_cmd, capture_output=True, text=True)
        expected_error = os.path.join(data_set, "expected_error")
        if os.path.exists(expected_error):
            with open(expected_error) as f:
                message = f.read().strip()
            if result.returncode == 0:
                return "ran, but should have failed with '%s'" % message
            if result.returncode != 1 or message not in result.stderr:
                return "failed with status %d and '%s', expected '%s'" % (
                    result.returncode, result.stderr.strip()[:400], message)
            continue
        if result.returncode != 0:
            return "run failed: " + result.stderr.strip()[:800]
        max_abs_x = None
        if args.resize_tolerance:
            # X is input 0 of every Resize case.
            max_abs_x = max_abs_finite(os.path.join(data_set, "input_0.pb"))
        for ref in numbered(glob.glob(os.path.join(data_set,
                                                    "output_*.pb"))):
            if args.mtriple:
                actual = os.path.join(out_dir,
                                      os.path.basename(ref)[:-3] + ".npy")
                if not os.path.exists(actual):
                    return "no %s written" % os.path.basename(actual)
                error = compare_array(load(ref), np.load(actual),
                                      max_abs_x)
                if error:
                    return "%s/%s: %s" % (os.path.basename(data_set),
                                          os.path.basename(ref), error)
                continue
            actual = os.path.join(out_dir, os.path.basename(ref))
            if not os.path.exists(actual):
                return "no %s written" % os.path.basename(ref)
            expected_t, actual_t = load(ref), load(actual)
            if expected_t.name and actual_t.name != expected_t.name:
                return "output named '%s', expected '%s'" % (
                    actual_t.name, expected_t.name)
            error = compare(expected_t, actual_t, max_abs_x)
            if error:
                return "%s/%s: %s" % (os.path.basename(data_set),
                                      os.path.basename(ref), error)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True,
                        help="directory holding onnx-compile and onnx-run")
    parser.add_argument("--work", required=True,
                        help="scratch directory for libraries and outputs")
    parser.add_argument("tests", nargs="+", help="test directories")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count(),
                        help="tests to run at once")
    parser.add_argument("--mtriple",
                        help="compile for this target and run under "
                             "--emulator with --run-bin's onnx-run")
    parser.add_argument("--run-bin",
                        help="directory holding the target's onnx-run")
    parser.add_argument("--emulator", default="",
                        help="command running the target's programs")
    parser.add_argument("--compile-option", action="append", default=[],
                        help="an onnx-compile flag for every model "
                             "(repeatable)")
    parser.add_argument("--guard-pages", choices=["after", "before"],
                        help="run with onnx-run --guard-pages: every input "
                             "and output against an inaccessible page")
    parser.add_argument("--exact", action="store_true",
                        help="compare floats bit for bit (see above)")
    parser.add_argument("--resize-tolerance", action="store_true",
                        help="compare floats with Resize's tolerance (see "
                             "above)")
    parser.add_argument("--generate", action="store_true",
                        help="first write onnxc's generated cases into the "
                             "(single) test directory given")
    parser.add_argument("--generator", default="generate_cases.py",
                        help="the script --generate runs, beside this one "
                             "(default: generate_cases.py)")
    args = parser.parse_args()
    if args.exact and args.resize_tolerance:
        parser.error("--exact and --resize-tolerance exclude each other")
    global EXACT
    EXACT = args.exact
    if args.generate:
        if len(args.tests) != 1:
            parser.error("--generate takes one directory")
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run([sys.executable, os.path.join(here, args.generator),
                        args.tests[0]], check=True)
    tests = []
    for path in args.tests:
        # A directory of test directories stands for all of them.
        if not os.path.exists(os.path.join(path, "test_data_set_0")):
            tests += sorted(p for p in glob.glob(os.path.join(path, "*"))
                            if os.path.isdir(p))
        else:
            tests.append(path)
    if args.mtriple and not args.run_bin:
        parser.error("--mtriple needs --run-bin")
    failures = skipped = 0
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        results = pool.starmap(run_or_skip, [(t, args) for t in tests])
    for test_dir, (error, skip) in zip(tests, results):
        name = os.path.basename(os.path.normpath(test_dir))
        if skip:
            skipped += 1
            print("SKIP %s: %s" % (name, skip))
        elif error:
            failures += 1
            print("FAIL %s: %s" % (name, error))
        else:
            print("PASS %s" % name)
    if skipped:
        print("%d skipped" % skipped)
    print("%d passed, %d failed" % (len(tests) - failures - skipped,
                                    failures))
    return 1 if failures else 0


def run_or_skip(test_dir, args):
    try:
        return run_test(test_dir, args), None
    except Skip as skip:
        return None, str(skip)


if __name__ == "__main__":
    sys.exit(main())
