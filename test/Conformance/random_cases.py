#!/usr/bin/python3
"""Random single-node Upsample cases, in the node-test layout.

    random_cases.py SEED OUT_DIR [COUNT]

Each case is drawn from a generator seeded with SEED (the same seed writes
the same cases): element type, mode, opset and form of the scales (attribute,
initializer, run-time input, with or without symbolic dimensions), rank 1 to
4, innermost lengths around vector boundaries, scales among 1, 2, 3, 4, 8,
1.5 and 2.5 (rarely others), the last column of rows weighted towards each
type's extremes and special values. Expected outputs come from reference.py.
Run them with `run_node_test.py --exact`; ctest runs one seed, and longer
campaigns take others:

    for seed in $(seq 100 199); do
      random_cases.py $seed /tmp/random/$seed 50
      run_node_test.py --exact --bin build/bin --work /tmp/random-work \\
        /tmp/random/$seed | tail -1
    done
"""

import os
import sys
import warnings

import numpy as np

import reference as ref
from generate_cases import Case, TYPES, upsample_expected

MAX_OUT = 200_000

TYPE_NAMES = ["int8", "uint8", "float32", "float16", "int32", "float64"]
SPECIAL_LENGTHS = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49,
                   63, 64, 65, 95, 96, 97, 127, 128, 129, 130, 131, 191, 192,
                   193, 255, 256, 257, 258, 260, 300]
SCALES = [1, 2, 3, 4, 8, 1.5, 2.5]
EXOTIC_SCALES = [16, 32, 64, 1.6, 1.25, 5, 6, 7, 3.2, 1.3]


def pick_type(rng):
    # 8-bit linear has the most special paths (fixed point, packing).
    return str(rng.choice(TYPE_NAMES, p=[0.25, 0.2, 0.2, 0.1, 0.12, 0.13]))


def pick_scale(rng, type_name, mode, innermost):
    r = rng.random()
    if r < 0.05:
        return float(rng.choice(EXOTIC_SCALES))
    if type_name in ("int8", "uint8") and mode == "linear" and r < 0.6:
        return float(rng.choice([1, 2, 2, 4, 4, 8, 16]))
    if innermost and r < 0.5:
        return float(rng.choice([2, 2, 4, 4, 3, 8]))
    return float(rng.choice(SCALES))


def out_count(shape, scales):
    return int(np.prod([ref.output_length(n, s) for n, s in
                        zip(shape, scales)], dtype=np.int64))


def pick_shape_scales(rng, type_name, mode):
    rank = int(rng.choice([1, 2, 3, 4], p=[0.2, 0.35, 0.25, 0.2]))
    if rng.random() < 0.65:
        inner = int(rng.choice(SPECIAL_LENGTHS))
    else:
        inner = int(rng.integers(1, 301))
    shape = []
    for d in range(rank - 1):
        shape.append(int(rng.choice([1, 1, 2, 3, 4, 5, 7, 9, 12])))
    shape.append(inner)
    scales = [pick_scale(rng, type_name, mode, d == rank - 1)
              for d in range(rank)]
    # Long rows of big factors only on short axes.
    for d in range(rank):
        if scales[d] >= 32 and shape[d] > 8:
            shape[d] = int(rng.integers(1, 9))
    # Sometimes force interesting innermost behaviour.
    if rng.random() < 0.3:
        scales[-1] = float(rng.choice([2, 4]))
    # Shrink to keep outputs under MAX_OUT.
    while out_count(shape, scales) > MAX_OUT:
        big = max(range(rank - 1), key=lambda d: shape[d] * scales[d],
                  default=None)
        if big is not None and shape[big] > 1:
            shape[big] = max(1, shape[big] // 2)
        elif scales[-1] > 4 and rng.random() < 0.5:
            scales[-1] = 2.0
        elif shape[-1] > 1:
            shape[-1] = max(1, shape[-1] // 2)
        else:
            # Every length is 1: only smaller scales can shrink the output.
            d = max(range(rank), key=lambda d: scales[d])
            scales[d] = 2.0
    return shape, scales


INT_EXTREMES = {
    "int8": [-128, 127, -1, 0, 1, -127, 126, -2, -3, 2, 3],
    "uint8": [0, 255, 1, 254, 128, 127, 2, 3],
    "int32": [-2**31, 2**31 - 1, -1, 0, 1, -2**31 + 1, 2**31 - 2,
              16777217, -16777217, 2**24, 2**30, -2**30 - 1],
}
FLOAT_SPECIALS = {
    "float32": [np.inf, -np.inf, np.nan, -0.0, 0.0, 3.4028235e38,
                -3.4028235e38, 3e38, -1e38, 1e30, 1.1754944e-38, -2.5e-39,
                1e-40, 16777217.0, 0.1],
    "float16": [np.inf, -np.inf, np.nan, -0.0, 0.0, 65504.0, -65504.0,
                60000.0, -3e4, 6.1e-5, 6e-8, 1e-4, 2049.0],
    "float64": [np.inf, -np.inf, np.nan, -0.0, 0.0, 1.7976931348623157e308,
                -1.7976931348623157e308, 1e308, -9e307, 1e-300, 2.2e-308,
                5e-324, 9007199254740993.0, 0.1],
}


def make_values(rng, type_name, shape):
    n = int(np.prod(shape, dtype=np.int64))
    dtype = np.dtype(TYPES[type_name][1])
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        style = rng.random()
        if style < 0.6:
            v = rng.integers(int(info.min), int(info.max), n, dtype=np.int64,
                             endpoint=True)
        elif style < 0.8:
            lo = max(int(info.min), -8)
            v = rng.integers(lo, lo + 17, n, dtype=np.int64)
        else:
            v = rng.choice(INT_EXTREMES[type_name], n).astype(np.int64)
        ext = INT_EXTREMES[type_name]
        mask = rng.random(n) < 0.08
        v[mask] = rng.choice(ext, int(mask.sum()))
        v = v.astype(dtype).reshape(shape)
        # Last column (and sometimes the second-to-last) of rows.
        if rng.random() < 0.6:
            rows = v.reshape(-1, shape[-1])
            sel = rng.random(rows.shape[0]) < 0.7
            rows[sel, -1] = rng.choice(ext, int(sel.sum()))
            if shape[-1] > 1 and rng.random() < 0.5:
                rows[sel, -2] = rng.choice(ext, int(sel.sum()))
        return v
    style = rng.random()
    if style < 0.4:
        v = rng.normal(0, 1, n) * 10.0 ** rng.integers(-3, 4)
    elif style < 0.7:
        v = (rng.uniform(-8, 8, n) * 4).round() / 4
    else:
        v = rng.uniform(-1, 1, n) * {"float16": 6e4, "float32": 3e38,
                                      "float64": 1e308}[type_name]
    specials = FLOAT_SPECIALS[type_name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v = v.astype(dtype)
        if rng.random() < 0.6:
            mask = rng.random(n) < 0.04
            v[mask] = np.array(rng.choice(specials, int(mask.sum())), dtype)
        v = v.reshape(shape)
        if rng.random() < 0.6:
            rows = v.reshape(-1, shape[-1])
            sel = rng.random(rows.shape[0]) < 0.6
            rows[sel, -1] = np.array(rng.choice(specials, int(sel.sum())),
                                     dtype)
    return v


def fmt(x):
    return "%g" % x


def make_case(rng, seed, index):
    type_name = pick_type(rng)
    mode = "linear" if rng.random() < 0.7 else "nearest"
    shape, scales = pick_shape_scales(rng, type_name, mode)
    r = rng.random()
    if r < 0.45:
        opset, form = 9, "init"
    elif r < 0.7:
        opset, form = 10, "init"
    elif r < 0.85:
        opset, form = int(rng.choice([9, 10])), "runtime"
    elif r < 0.93:
        opset, form = 7, "attr"
    else:
        opset, form = 13, "init"
    dyn_x = form == "runtime" and rng.random() < 0.5
    name = "s%d_%03d_%s_%s_op%d_%s_%s_x%s" % (
        seed, index, type_name, mode, opset, form,
        "x".join(map(str, shape)), "_".join(map(fmt, scales)))
    x = make_values(rng, type_name, shape)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = upsample_expected(x, scales, mode, type_name)
    c = Case(name, opset)
    if dyn_x:
        xs = [("N%d" % d) if rng.random() < 0.5 else None
              for d in range(len(shape))]
        c.input("X", x, type_name, xs)
    else:
        c.input("X", x, type_name)
    s = np.array(scales, np.float32)
    if form == "attr":
        c.node("Upsample", ["X"], "Y", mode=mode,
               scales=[float(v) for v in s])
    elif form == "init":
        c.initializer("scales", s, "float32")
        c.node("Upsample", ["X", "scales"], "Y", mode=mode)
    else:
        c.input("scales", s, "float32",
                [len(scales)] if rng.random() < 0.5 else [None])
        c.node("Upsample", ["X", "scales"], "Y", mode=mode)
    if form == "runtime" or dyn_x:
        c.output("Y", expected, type_name, [None] * len(shape))
    else:
        c.output("Y", expected, type_name)
    return c


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    seed, out = int(sys.argv[1]), sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) == 4 else 50
    rng = np.random.default_rng(seed)
    os.makedirs(out, exist_ok=True)
    for i in range(count):
        make_case(rng, seed, i).write(out)


if __name__ == "__main__":
    main()
