#!/usr/bin/python3
"""Image resampling against OpenCV, Pillow and PyTorch, in one process.

    images.py BUILD_DIR [--threads 1,2] [--rounds 3] [--filter TEXT]

Each job is one resampling of an image: onnxc.resize computes it, and so
does each peer library that has the same function (the keywords of
README's table); OpenCV's INTER_AREA, the filter its users pick for
shrinking, is timed on the antialiased job with another filter and marked
so. In every round, the same-run limit (the faster of a memcpy and a
streaming copy of (bytes read + bytes written) / 2, timed by
libonnxc_copy_limit.so) and every contender are timed in turns, each the
median of a few runs after an untimed one; onnxc and OpenCV write into a
preallocated output, Pillow and PyTorch allocate theirs (they take none).

Each table, one per thread count, gives onnxc's speed as a fraction of the
limit and each peer's time as a multiple of onnxc's (above 1: onnxc is
faster), medians over the rounds, and beside each peer the largest
difference between its output and onnxc's. Pillow has one thread; PyTorch
1.13 has no 8-bit linear or cubic. A library that is not installed
(python3-opencv, python3-pil, python3-torch) gets no column.
"""

import argparse
import ctypes
import os
import statistics
import sys
import time

import numpy as np

try:
    import cv2
except ImportError:
    cv2 = None
try:
    from PIL import Image
except ImportError:
    Image = None
try:
    import torch
    import torch.nn.functional as F
except ImportError:
    torch = None

RUNS = 5
HD, UHD = (1080, 1920), (2160, 3840)


def hwc(shape, dtype):
    """An RGB image of `shape` (height, width), channels last."""
    return lambda rng: image(rng, shape + (3,), dtype)


def planar(shape, dtype):
    """Three planes of `shape` (height, width)."""
    return lambda rng: image(rng, (3,) + shape, dtype)


def image(rng, shape, dtype):
    if dtype == np.uint8:
        return rng.integers(0, 256, shape, dtype=np.uint8)
    return rng.random(shape, dtype=np.float32)


def opencv(interpolation, size, planes=False):
    """cv2.resize into `out`: an HWC image at once, or plane by plane."""
    width_height = (size[1], size[0])

    def run(x, out):
        if planes:
            for plane, destination in zip(x, out):
                cv2.resize(plane, width_height, dst=destination,
                           interpolation=interpolation)
        else:
            cv2.resize(x, width_height, dst=out, interpolation=interpolation)
        return out
    return run


def pillow(resample, size):
    """Image.resize of an RGB image (made before the timing)."""
    def prepare(x):
        return Image.fromarray(x)

    def run(picture, out):
        return picture.resize((size[1], size[0]), resample)
    return prepare, run, np.asarray


def pytorch(mode, size, layout):
    """F.interpolate on a view of the same memory: HWC as channels-last
    NCHW, planes as NCHW."""
    def prepare(x):
        t = torch.from_numpy(x)
        return t.permute(2, 0, 1)[None] if layout == "hwc" else t[None]

    # PyTorch takes align_corners from its interpolating modes only.
    options = {} if mode == "nearest" else {"align_corners": False}

    def run(t, out):
        return F.interpolate(t, size=size, mode=mode, **options)

    def result(y):
        return (y[0].permute(1, 2, 0) if layout == "hwc" else y[0]).numpy()
    return prepare, run, result


def jobs():
    """(name, input maker, onnxc.resize keywords, output shape, peers);
    a peer is (column, prepare, run, to numpy, note)."""
    hwc_axes = {"axes": (0, 1)}
    planar_axes = {"axes": (1, 2)}
    linear = {"mode": "linear"}
    table = []

    def add(name, make, keywords, size, peers):
        table.append((name, make, keywords, size, [p for p in peers if p]))

    def cv(interpolation, size, note="", planes=False):
        if cv2 is None:
            return None
        return ("OpenCV", None, opencv(interpolation, size, planes), None,
                note)

    def pil(resample, size, note=""):
        if Image is None:
            return None
        prepare, run, result = pillow(resample, size)
        return ("Pillow", prepare, run, result, note)

    def pt(mode, size, layout):
        if torch is None:
            return None
        prepare, run, result = pytorch(mode, size, layout)
        return ("PyTorch", prepare, run, result, "")

    add("uint8 RGB HWC 1080p -> 4K, bilinear", hwc(HD, np.uint8),
        dict(linear, sizes=UHD, **hwc_axes), UHD,
        [cv(cv2 and cv2.INTER_LINEAR, UHD),
         pil(Image and Image.BILINEAR, UHD)])
    add("uint8 RGB HWC 4K -> 1080p, antialiased bilinear", hwc(UHD, np.uint8),
        dict(linear, sizes=HD, antialias=1, exclude_outside=1, **hwc_axes),
        HD, [cv(cv2 and cv2.INTER_AREA, HD, "INTER_AREA, a box filter"),
             pil(Image and Image.BILINEAR, HD)])
    add("uint8 RGB HWC 1080p -> 4K, bicubic", hwc(HD, np.uint8),
        dict(mode="cubic", sizes=UHD, **hwc_axes), UHD,
        [cv(cv2 and cv2.INTER_CUBIC, UHD)])
    add("uint8 3 planes 1080p -> 4K, bilinear", planar(HD, np.uint8),
        dict(linear, sizes=UHD, **planar_axes), UHD,
        [cv(cv2 and cv2.INTER_LINEAR, UHD, planes=True)])
    add("uint8 RGB HWC 1080p -> 4K, nearest", hwc(HD, np.uint8),
        dict(mode="nearest", coordinate_transformation_mode="asymmetric",
             nearest_mode="floor", sizes=UHD, **hwc_axes), UHD,
        [cv(cv2 and cv2.INTER_NEAREST, UHD),
         pil(Image and Image.NEAREST, UHD), pt("nearest", UHD, "hwc")])
    add("float32 RGB HWC 1080p -> 4K, bilinear", hwc(HD, np.float32),
        dict(linear, sizes=UHD, **hwc_axes), UHD,
        [cv(cv2 and cv2.INTER_LINEAR, UHD), pt("bilinear", UHD, "hwc")])
    add("float32 RGB HWC 1080p -> 4K, bicubic", hwc(HD, np.float32),
        dict(mode="cubic", sizes=UHD, **hwc_axes), UHD,
        [cv(cv2 and cv2.INTER_CUBIC, UHD), pt("bicubic", UHD, "hwc")])
    add("float32 3 planes 1080p -> 4K, bilinear", planar(HD, np.float32),
        dict(linear, sizes=UHD, **planar_axes), UHD,
        [cv(cv2 and cv2.INTER_LINEAR, UHD, planes=True),
         pt("bilinear", UHD, "planar")])
    return table


def median_ms(run, runs=RUNS):
    """The median of `runs` timed calls, after an untimed one."""
    run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--filter", default="",
                        help="only jobs whose name contains this")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    sys.path.insert(0, os.path.join(build, "python"))
    import onnxc
    limit = ctypes.CDLL(os.path.join(build, "lib", "libonnxc_copy_limit.so"))
    limit.onnxc_copy_limit_ms.argtypes = [
        ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
        ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double)]

    def limit_ms(nbytes, threads):
        copy, stream = ctypes.c_double(), ctypes.c_double()
        if limit.onnxc_copy_limit_ms(nbytes, threads, RUNS,
                                     ctypes.byref(copy), ctypes.byref(stream)):
            raise RuntimeError("onnxc_copy_limit_ms failed")
        return min(copy.value, stream.value)

    rng = np.random.default_rng(0)
    selected = [j for j in jobs() if args.filter in j[0]]
    for threads in (int(t) for t in args.threads.split(",")):
        if cv2 is not None:
            cv2.setNumThreads(threads)
        if torch is not None:
            torch.set_num_threads(threads)
        columns = ["OpenCV", "Pillow", "PyTorch"]
        columns = [c for c in columns if any(
            p[0] == c for job in selected for p in job[4])]
        print("\n%d thread%s\n" % (threads, "" if threads == 1 else "s"))
        print("| job | onnxc ms | onnxc, of the limit | " + " | ".join(
            "%s time / onnxc's (largest difference)" % c for c in columns) +
            " |")
        print("|---|---:|---:|" + "---:|" * len(columns))
        for name, make, keywords, _, peers in selected:
            x = make(rng)
            reference = onnxc.resize(x, num_threads=threads, **keywords)
            out = np.empty_like(reference)
            nbytes = (x.nbytes + reference.nbytes) // 2
            contenders = [("onnxc", lambda: onnxc.resize(
                x, out=out, num_threads=threads, **keywords))]
            cells = {}
            for column, prepare, run, result, note in peers:
                if column == "Pillow" and threads != 1:
                    continue
                source = prepare(x) if prepare else x
                destination = np.empty_like(reference)
                y = run(source, destination)
                y = result(y) if result else y
                difference = np.abs(y.astype(np.float64) -
                                    reference.astype(np.float64)).max()
                cells[column] = [difference, note, []]
                contenders.append((column, lambda run=run, source=source,
                                   destination=destination:
                                   run(source, destination)))
            ratios = {c: [] for c, _ in contenders}
            onnxc_ms = []
            for _ in range(args.rounds):
                bound = limit_ms(nbytes, threads)
                times = {c: median_ms(f) for c, f in contenders}
                onnxc_ms.append(times["onnxc"])
                ratios["onnxc"].append(bound / times["onnxc"])
                for column in cells:
                    ratios[column].append(times[column] / times["onnxc"])
            row = ["%.3f" % statistics.median(onnxc_ms),
                   "%.2f" % statistics.median(ratios["onnxc"])]
            for column in columns:
                if column not in cells:
                    row.append("—")
                    continue
                difference, note, _ = cells[column]
                row.append("%.2f (%s)%s" % (
                    statistics.median(ratios[column]), "%.3g" % difference,
                    ", " + note if note else ""))
            print("| %s | %s |" % (name, " | ".join(row)))


if __name__ == "__main__":
    main()
