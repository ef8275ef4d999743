"""Checks of run_node_test.py's comparison under --exact: what it must
accept (equal bits, any NaN for a NaN, one step or the sign of a zero near
the subnormal range of the type computed in) and what it must reject; and
under --resize-tolerance (1e-5 * |expected| + 1e-6 * max|X|, one unit in the
last place for float16 and bfloat16)."""

import os
import sys

import numpy as np
from onnx import TensorProto, numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_node_test as harness  # noqa: E402

harness.EXACT = True
F32_TINY = float(np.finfo(np.float32).tiny)


def tensor(values, dtype):
    return numpy_helper.from_array(np.array(values, dtype=dtype))


def bfloat16(values):
    """A bfloat16 tensor of float32 values that bfloat16 holds exactly."""
    bits = np.array(values, dtype=np.float32).view(np.uint32) >> 16
    t = TensorProto()
    t.data_type = TensorProto.BFLOAT16
    t.dims.extend([len(values)])
    t.raw_data = bits.astype(np.uint16).tobytes()
    return t


def f32_above(x, steps=1):
    x = np.float32(x)
    for _ in range(steps):
        x = np.nextafter(x, np.float32(np.inf))
    return float(x)


def bf16_above(x, steps=1):
    bits = np.array([x], dtype=np.float32).view(np.uint32)
    return float((bits + np.uint32(steps << 16)).view(np.float32)[0])


CASES = [
    # (what, expected tensor, actual tensor, accepted)
    ("equal float32", tensor([1.5, -2.0], np.float32),
     tensor([1.5, -2.0], np.float32), True),
    ("one float32 step off a normal value", tensor([1.5], np.float32),
     tensor([f32_above(1.5)], np.float32), False),
    ("NaN for NaN, any payload", tensor([np.nan], np.float32),
     tensor([-np.nan], np.float32), True),
    ("a number for NaN", tensor([np.nan], np.float32),
     tensor([0.0], np.float32), False),
    ("one float32 step near the subnormal range",
     tensor([F32_TINY], np.float32),
     tensor([f32_above(F32_TINY)], np.float32), True),
    ("two float32 steps near the subnormal range",
     tensor([F32_TINY], np.float32),
     tensor([f32_above(F32_TINY, 2)], np.float32), False),
    ("the sign of a zero", tensor([0.0], np.float32),
     tensor([-0.0], np.float32), True),
    ("one float16 step off a normal value",
     tensor([np.float16(6.1e-5)], np.float16),
     tensor([np.nextafter(np.float16(6.1e-5), np.float16(1))], np.float16),
     False),
    ("equal bfloat16", bfloat16([3.0, -0.5]), bfloat16([3.0, -0.5]), True),
    ("one bfloat16 step off a normal value", bfloat16([3.0]),
     bfloat16([bf16_above(3.0)]), False),
    ("one bfloat16 step near the subnormal range", bfloat16([F32_TINY]),
     bfloat16([bf16_above(F32_TINY)]), True),
    ("two bfloat16 steps near the subnormal range", bfloat16([F32_TINY]),
     bfloat16([bf16_above(F32_TINY, 2)]), False),
]


F16_MAX = float(np.finfo(np.float16).max)

RESIZE_CASES = [
    # (what, expected tensor, actual tensor, max|X|, accepted)
    ("float32 within 1e-5 relative", tensor([1000.0], np.float32),
     tensor([1000.009], np.float32), 0.0, True),
    ("float32 beyond 1e-5 relative", tensor([1000.0], np.float32),
     tensor([1000.02], np.float32), 0.0, False),
    ("float32 near zero within 1e-6 * max|X|", tensor([0.0], np.float32),
     tensor([9e-6], np.float32), 10.0, True),
    ("float32 near zero beyond 1e-6 * max|X|", tensor([0.0], np.float32),
     tensor([2e-5], np.float32), 10.0, False),
    ("float64 NaN for NaN", tensor([np.nan], np.float64),
     tensor([np.nan], np.float64), 1.0, True),
    ("a number for NaN", tensor([np.nan], np.float32),
     tensor([0.0], np.float32), 1.0, False),
    ("infinity for infinity", tensor([-np.inf], np.float32),
     tensor([-np.inf], np.float32), 1.0, True),
    ("the largest float32 for infinity", tensor([np.inf], np.float32),
     tensor([np.finfo(np.float32).max], np.float32), 1.0, False),
    ("complex, each part", tensor([1 + 1000j], np.complex64),
     tensor([1 + 1000.02j], np.complex64), 0.0, False),
    ("float16 one step", tensor([1.0], np.float16),
     tensor([np.nextafter(np.float16(1), np.float16(0))], np.float16), 0.0,
     True),
    ("float16 two steps", tensor([1.0], np.float16),
     tensor([np.float16(1) + np.float16(2 ** -9)], np.float16), 0.0, False),
    ("float16 -0 for +0", tensor([0.0], np.float16),
     tensor([-0.0], np.float16), 0.0, True),
    ("float16 infinity next to the largest", tensor([F16_MAX], np.float16),
     tensor([np.inf], np.float16), 0.0, True),
    ("bfloat16 one step", bfloat16([3.0]), bfloat16([bf16_above(3.0)]), 0.0,
     True),
    ("bfloat16 two steps", bfloat16([3.0]), bfloat16([bf16_above(3.0, 2)]),
     0.0, False),
    ("integers exactly", tensor([7], np.int32), tensor([8], np.int32), 100.0,
     False),
]


def main():
    failed = 0
    for what, expected, actual, accepted in CASES:
        error = harness.compare(expected, actual)
        if (error is None) != accepted:
            failed += 1
            print("FAIL %s: %s" % (what, error or "accepted"))
    for what, expected, actual, max_abs_x, accepted in RESIZE_CASES:
        error = harness.compare(expected, actual, max_abs_x)
        if (error is None) != accepted:
            failed += 1
            print("FAIL resize tolerance, %s: %s" % (what,
                                                     error or "accepted"))
    total = len(CASES) + len(RESIZE_CASES)
    print("%d passed, %d failed" % (total - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
