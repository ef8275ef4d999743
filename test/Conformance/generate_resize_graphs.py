"""Random multi-node graphs with Resize for conformance-generated-resize.

Each graph is drawn from a seeded generator: Resize nodes of the version
that the graph's opset resolves to (10, 11, 13, 18, 19) in every mode, with
a mix of coordinate and nearest modes, constant and run-time scales, sizes
and roi, axes, keep_aspect_ratio_policy and antialias (18+); Clip nodes of
the opset's version with constant (or absent) bounds; Upsample-10 nodes in
opset-10 graphs. Nodes form chains and branches: values feeding several
nodes (graph inputs included), graph outputs that later nodes also consume,
several outputs in shuffled order; static and symbolic input shapes. Every
tensor holds at most MAX_ELEMENTS elements.

The expected outputs apply the references node by node (resize_reference.py
for Resize, reference.py for Clip and Upsample), each node's result rounded
to its element type before the next node reads it, as docs/semantics.md's
"Graphs" section says onnxc computes them.

They are compared with run_node_test.py --resize-tolerance, which bounds a
float32 or float64 error by max|X| of the graph's input 0 (X): X holds the
largest value of every data input (32), and extrapolation values lie within
it. So that the comparison stays meaningful:

- a float linear or cubic Resize (or a linear Upsample) reads only values
  that onnxc computes exactly as the references do: graph inputs, and what
  Clip, nearest modes, Upsample and exact Resizes make of them. A float
  linear or cubic Resize is exact when its weights are short binary
  fractions (scales of 2 and 0.5 with half_pixel, for one) and the values
  few-bit, so that float32 (float64 for float64) holds every partial sum in
  any order; the others (antialias, exclude_outside and tf_crop_and_resize
  included) feed only Clip and nearest modes;
- integer results are exact unless one lies within rounding error of
  k + 1/2 (generate_resize_cases.fragile_outputs), and float16 and bfloat16
  ones within one unit in the last place unless the sum cancels
  (fragile_low_precision): such a node is drawn again;
- float linear and cubic nodes read no NaN, infinity or value near float32's
  largest.
"""

from fractions import Fraction

import numpy as np

import reference as ref
import resize_reference as rr
from generate_cases import Case, INTEGERS, TYPES, Values
from generate_graphs import add_graph_outputs

F32 = np.float32
FLOATS = ["float16", "float32", "float64"]
MAX_ELEMENTS = 20000
# Integer linear and cubic outputs are checked for near ties in exact
# arithmetic: smaller tensors there.
MAX_INTEGER_ELEMENTS = 4000

# opset -> (Resize version, Clip form, whether Upsample-10 is used).
OPSETS = {
    10: (10, "attributes", True),
    11: (11, "inputs", False),
    12: (11, "inputs", False),
    13: (13, "inputs", False),
    17: (13, "inputs", False),
    18: (18, "inputs", False),
    19: (19, "inputs", False),
}
# Graph i has opset OPSET_CYCLE[i % len(OPSET_CYCLE)]: every version in
# any run of a dozen graphs, 18 and 19 (axes, keep_aspect_ratio_policy,
# antialias) most.
OPSET_CYCLE = [19, 18, 13, 10, 19, 18, 11, 12, 19, 18, 13, 17, 10]

# Scales per resized axis: short binary fractions (exact weights with the
# half-pixel modes) and others.
DYADIC_SCALES = [2.0, 0.5, 4.0, 0.25, 1.0, 2.0, 0.5]
OTHER_SCALES = [0.6, 0.75, 1.5, 1.7, 3.0, 1.3, 0.4, 2.5, 0.8, 1.25]
UPSAMPLE_SCALES = [2.0, 3.0, 1.5, 1.25, 2.5, 1.75]


def element_types(opset):
    """Element types every op of an opset-`opset` graph accepts; opset-10
    integer graphs use no Clip (Clip-6 is float only)."""
    types = list(FLOATS)
    if opset == 10 or opset >= 12:
        types += INTEGERS
    if opset >= 13:
        types.append("bfloat16")
    return types


def fraction_bits(values, limit):
    """The fewest fraction bits G with every value a multiple of 2^-G, or
    None beyond `limit` (or for values that are not finite)."""
    values = np.asarray(values, np.float64).ravel()
    if not np.isfinite(values).all():
        return None
    for g in range(limit + 1):
        scaled = values * 2.0**g
        if (scaled == np.floor(scaled)).all():
            return g
    return None


def exact_interpolation(x, tables, type_name):
    """Whether a float linear or cubic Resize of `x` by `tables` is exact
    in its compute type (float32, float64 for float64): every weight a short
    binary fraction, every product and partial sum, in any order and also
    axis by axis, on a grid of 2^-(F + G) well inside the type's precision
    (F the weights' fraction bits, G the values')."""
    precision = 53 if type_name == "float64" else 24
    g = fraction_bits(x, 30)
    if g is None:
        return False
    magnitude = float(np.max(np.abs(x.astype(np.float64)))) if x.size else 0
    bits, gain = g, 1.0
    for _, _, _, weights, _ in tables:
        if weights is None:
            continue
        if np.isnan(weights).any():
            return False
        f = 0
        for w in np.unique(weights):
            d = Fraction(float(w)).denominator
            if d > 2**16:
                return False
            f = max(f, d.bit_length() - 1)
        bits += f
        gain *= float(np.max(np.abs(weights).sum(axis=1)))
    # Two bits of margin: differences of two values (x1 - x0) and sums
    # reach twice the bound.
    return max(magnitude, 1.0) * gain * 2.0**bits < 2.0**(precision - 2)


def fragile_low_precision(x, tables, out_shape, type_name):
    """Mask of the float16 or bfloat16 results of a linear or cubic Resize
    of `x` by `tables` that float32 arithmetic may not get within one unit
    in the last place: those where the sum cancels, so that float32's
    rounding errors (weights rounded to float32, products, partial sums;
    with antialias, up to 18 taps an axis: at most 2^-17 of sum |w * x|
    when generous) reach the spacing of the type's values near the result.
    Exact sums (exact_interpolation) are never fragile."""
    if exact_interpolation(x, tables, type_name):
        return np.zeros(out_shape, bool)
    # Weights of 0 / 0 (exclude_outside far outside the input) belong to
    # extrapolated outputs: 0 will do.
    tables = [(a, i, taps, np.nan_to_num(w), m) for a, i, taps, w, m in tables]
    abs_tables = [(a, i, taps, np.abs(w), m) for a, i, taps, w, m in tables]
    wide = x.astype(np.float64)
    result = np.abs(rr.interpolate(wide, tables))
    magnitude = rr.interpolate(np.abs(wide), abs_tables)
    with np.errstate(divide="ignore"):
        e = np.floor(np.log2(result))
    # The spacing of the type's values in the binade below |result|.
    if type_name == "float16":
        below = 2.0**(np.maximum(e - 1, -14) - 10)
    else:
        below = 2.0**(np.maximum(e - 1, -126) - 7)
    fragile = magnitude * 2.0**-16 > below
    outside = rr.extrapolated_mask(tables, out_shape)
    if outside is not None:
        fragile &= ~outside
    return fragile


class GraphBuilder:
    def __init__(self, rng, values, fragile_outputs, index):
        self.rng = rng
        self.values = values
        self.fragile_outputs = fragile_outputs
        self.opset = OPSET_CYCLE[index % len(OPSET_CYCLE)]
        self.version, self.clip_form, self.use_upsample = OPSETS[self.opset]
        types = element_types(self.opset)
        # Mostly float32.
        p = np.array([8.0 if t == "float32" else
                      2.0 if t in ("float16", "float64") else
                      1.0 if t == "bfloat16" else 0.5 for t in types])
        self.type_name = str(rng.choice(types, p=p / p.sum()))
        self.is_int = self.type_name in INTEGERS
        self.use_clip = not (self.is_int and self.clip_form == "attributes")
        self.dtype = np.dtype(TYPES[self.type_name][1])
        self.max_elements = (MAX_INTEGER_ELEMENTS if self.is_int
                             else MAX_ELEMENTS)
        self.case = Case("graph_resize_%03d_opset%d_%s" % (
            index, self.opset, self.type_name), self.opset)
        self.arrays = {}       # value name -> reference array
        self.exact = {}        # value name -> onnxc computes it exactly
        self.consumers = {}    # value name -> number of consuming nodes
        self.symbolic = set()  # values whose shape is only known at run time
        self.counter = 0
        self.specials = (not self.is_int) and rng.random() < 0.25

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def add_value(self, name, array, exact, symbolic):
        self.arrays[name] = array
        self.exact[name] = exact
        self.consumers[name] = 0
        if symbolic:
            self.symbolic.add(name)

    # --- graph inputs ---

    def input_values(self, shape):
        t, rng = self.type_name, self.rng
        if not self.is_int:
            return self.values(t, shape, special=self.specials)
        wide = t in ("int8", "uint8", "int16", "uint16") or (
            t in ("int32", "uint32") and rng.random() < 0.5)
        return self.values(t, shape, special=False, small=not wide)

    def graph_input(self):
        rng = self.rng
        rank = int(rng.choice([1, 2, 2, 3, 3, 4, 4, 4]))
        if rank >= 3:
            shape = [int(rng.integers(1, 4)) for _ in range(rank - 2)]
            shape += [int(rng.integers(1, 9)), int(rng.integers(1, 9))]
        else:
            shape = [int(rng.integers(1, 10)) for _ in range(rank)]
        x = self.input_values(shape)
        if not self.is_int and not self.arrays:
            # The tolerance of float results scales with max|X| of input 0
            # (X): make it the largest value of any data input.
            x.reshape(-1)[-1] = 32
        name = self.fresh("x")
        declared = list(shape)
        symbolic = rng.random() < 0.25
        if symbolic:
            for axis in range(rank):
                if axis >= rank - 2 or rng.random() < 0.3:
                    declared[axis] = "%s_d%d" % (name, axis)
        self.case.input(name, x, self.type_name, declared)
        self.add_value(name, x, True, symbolic)
        return name

    # --- Clip ---

    def bound(self):
        rng = self.rng
        if not self.is_int:
            if rng.random() < 0.04:
                return float("nan")
            return float(rng.integers(-24, 25)) / 4
        info = np.iinfo(self.dtype)
        if rng.random() < 0.5:
            lo, hi = (-100, 100) if info.min < 0 else (0, 200)
        else:
            lo, hi = int(info.min) // 2, int(info.max) // 2
        return int(rng.integers(lo, hi + 1))

    def clip(self, x_name):
        rng, c, t = self.rng, self.case, self.type_name
        x = self.arrays[x_name]
        dtype = x.dtype
        y_name = self.fresh("clip")
        lo_v, hi_v = self.bound(), self.bound()
        if rng.random() < 0.9 and lo_v == lo_v and hi_v == hi_v:
            lo_v, hi_v = min(lo_v, hi_v), max(lo_v, hi_v)
        if self.clip_form == "attributes":
            # Clip-6: float32 attributes widened to T; absent ones the
            # float32 extremes (+-inf in float16).
            attrs = {}
            lo, hi = F32(-3.4028234663852886e38), F32(3.4028234663852886e38)
            if rng.random() < 0.8:
                attrs["min"] = float(F32(lo_v))
                lo = F32(lo_v)
            if rng.random() < 0.8:
                attrs["max"] = float(F32(hi_v))
                hi = F32(hi_v)
            c.node("Clip", [x_name], y_name, **attrs)
            with np.errstate(over="ignore"):
                lo_t = np.array(lo).astype(dtype)
                hi_t = np.array(hi).astype(dtype)
            y = ref.clip(x, dtype.type(lo_t), dtype.type(hi_t))
        else:
            inputs = [x_name]
            lowest, largest = ref.lowest_and_max(dtype, t == "bfloat16")
            bounds = []
            for value, default in ((lo_v, lowest), (hi_v, largest)):
                if rng.random() < 0.2:
                    inputs.append("")
                    bounds.append(default)
                    continue
                array = np.array(value, dtype=dtype)
                if t == "bfloat16":
                    array = ref.round_to_bf16(array)
                name = self.fresh("bound")
                c.initializer(name, array, t)
                inputs.append(name)
                bounds.append(dtype.type(array))
            while inputs[-1] == "":
                inputs.pop()
            c.node("Clip", inputs, y_name)
            y = ref.clip(x, bounds[0], bounds[1])
        self.add_value(y_name, y, self.exact[x_name],
                       x_name in self.symbolic)

    # --- Upsample-10 ---

    def upsample(self, x_name):
        rng, c, t = self.rng, self.case, self.type_name
        x = self.arrays[x_name]
        y_name = self.fresh("up")
        scales = [1.0] * x.ndim
        for _ in range(int(rng.integers(1, 3))):
            axis = int(rng.integers(x.ndim))
            trial = list(scales)
            trial[axis] = float(rng.choice(UPSAMPLE_SCALES))
            size = np.prod([ref.output_length(n, s)
                            for n, s in zip(x.shape, trial)])
            if size <= self.max_elements:
                scales = trial
        # Linear reads only exact values (it follows float32 arithmetic,
        # which reference.py replays).
        mode = "nearest"
        if self.exact[x_name] and rng.random() < 0.6:
            mode = "linear"
        symbolic = x_name in self.symbolic
        name = self.fresh("scales")
        array = np.array(scales, np.float32)
        if rng.random() < 0.3:
            c.input(name, array, "float32", [len(scales)])
            symbolic = True
        else:
            c.initializer(name, array, "float32")
        c.node("Upsample", [x_name, name], y_name, mode=mode)
        if mode == "nearest":
            y = ref.upsample_nearest(x, scales)
        else:
            kind = {"float16": "float", "float32": "float",
                    "float64": "f64"}.get(t, "int")
            # Infinities times weights of 0 make NaNs, as specified.
            with np.errstate(invalid="ignore"):
                y = ref.upsample_linear(x, scales, kind)
        self.add_value(y_name, y, self.exact[x_name], symbolic)

    # --- Resize ---

    def draw_resize(self, x, mode):
        """Attributes and inputs of one Resize of `x` in `mode`."""
        rng, version = self.rng, self.version
        rank = x.ndim
        p = {"mode": mode, "ctm": None, "nearest_mode": None, "a": None,
             "exclude_outside": None, "extrapolation_value": None,
             "axes": None, "kar": None, "antialias": None, "scales": None,
             "sizes": None, "roi": None, "roi_type": "float32",
             "form": {}}
        if version > 10:
            modes = list(rr.coordinate_modes(version))
            weights = [3.0 if m in ("half_pixel", "asymmetric") else 1.0
                       for m in modes]
            if version >= 13 and mode == "nearest":
                # Removed in 13, still accepted (with a warning).
                modes.append("tf_half_pixel_for_nn")
                weights.append(0.3)
            weights = np.array(weights) / np.sum(weights)
            p["ctm"] = str(rng.choice(modes, p=weights))
            if p["ctm"] == "half_pixel" and rng.random() < 0.4:
                p["ctm"] = None  # the default
            if mode == "nearest" and rng.random() < 0.8:
                p["nearest_mode"] = str(rng.choice(rr.NEAREST_MODES))
        crop = p["ctm"] == "tf_crop_and_resize"
        if mode == "cubic":
            if rng.random() < 0.3:
                p["a"] = -0.5
            if rng.random() < 0.2:
                p["exclude_outside"] = 1
        if crop and rng.random() < 0.7:
            # Within X's range for floats (whose tolerance scales with
            # max|X|), beyond it (saturated) for integers.
            p["extrapolation_value"] = float(rng.choice(
                [-1.0, 2.5, 100.0, -300.0, 0.5] if self.is_int else
                [-1.0, 0.5, 2.5, -20.0, 31.5]))
        # Axes (18+): a subset in any order, negative now and then.
        axes = list(range(rank))
        if version >= 18 and rng.random() < 0.4:
            count = int(rng.integers(1, rank + 1))
            axes = [int(a) for a in rng.permutation(rank)[:count]]
            p["axes"] = [a - rank if rng.random() < 0.3 else a
                         for a in axes]
        use_sizes = version > 10 and rng.random() < 0.4
        dyadic = rng.random() < 0.55
        antialias = version >= 18 and mode != "nearest" and (
            rng.random() < 0.55)
        factors = []
        for a in axes:
            if rank >= 3 and a < rank - 2 and p["axes"] is None and \
                    rng.random() < 0.7:
                factors.append(1.0)
            else:
                factors.append(float(rng.choice(
                    DYADIC_SCALES if dyadic else OTHER_SCALES)))
        if antialias and min(factors) >= 1 and rng.random() < 0.8:
            # Antialias acts on shrinking axes only.
            factors[int(rng.integers(len(factors)))] = float(rng.choice(
                [0.5, 0.25] if dyadic else [0.6, 0.4, 0.75, 0.3]))
        if use_sizes:
            p["sizes"] = [max(1, int(round(x.shape[a] * f)))
                          if rng.random() < 0.85 else
                          int(rng.integers(1, 2 * x.shape[a] + 3))
                          for a, f in zip(axes, factors)]
            if version >= 18 and rng.random() < 0.35:
                p["kar"] = str(rng.choice(["not_larger", "not_smaller",
                                           "stretch"]))
        else:
            p["scales"] = factors
        if crop and (version == 11 or rng.random() < 0.8):
            starts = [float(rng.choice([-0.25, 0.0, 0.125, 0.25]))
                      for _ in axes]
            ends = [float(rng.choice([0.75, 0.875, 1.0, 1.25]))
                    for _ in axes]
            p["roi"] = starts + ends
            p["roi_type"] = str(rng.choice(["float32", "float16",
                                            "float64"]))
        if antialias:
            p["antialias"] = 1
        for what in ("scales", "sizes", "roi"):
            p["form"][what] = "runtime" if rng.random() < 0.3 else \
                "constant"
        return p

    def tables(self, x, p):
        return rr.resize_tables(
            x.shape, self.version, p["mode"], p["ctm"] or "half_pixel",
            p["nearest_mode"] or "round_prefer_floor",
            float(F32(-0.75 if p["a"] is None else p["a"])),
            p["exclude_outside"] or 0,
            None if p["scales"] is None else np.array(p["scales"], F32),
            None if p["sizes"] is None else np.array(p["sizes"], np.int64),
            None if p["roi"] is None else np.array(
                p["roi"], TYPES[p["roi_type"]][1]),
            p["axes"], p["kar"] or "stretch", p["antialias"] or 0)

    def resize(self, x_name):
        rng, c, t = self.rng, self.case, self.type_name
        x = self.arrays[x_name]
        # No NaN or infinity (whose product with a zero weight is
        # unspecified), and no value near float32's largest, where a partial
        # sum in float32 would overflow.
        finite = self.is_int or x.size == 0 or bool(
            np.isfinite(x).all() and np.abs(x).max() < 1e30)
        interpolate = self.is_int or (self.exact[x_name] and finite)
        modes = ["nearest", "linear"] + (["cubic"] if self.version > 10
                                         else [])
        chosen = None
        for _ in range(12):
            mode = str(rng.choice(modes)) if interpolate else "nearest"
            p = self.draw_resize(x, mode)
            out_shape, tables = self.tables(x, p)
            if 0 in out_shape or np.prod(out_shape) > self.max_elements:
                continue
            if self.is_int and mode != "nearest" and self.fragile_outputs(
                    x, (out_shape, tables)).any():
                continue
            if t in ("float16", "bfloat16") and mode != "nearest" and (
                    fragile_low_precision(x, tables, out_shape, t).any()):
                continue
            chosen = p, out_shape, tables
            break
        if chosen is None:
            p = self.draw_resize(x, "nearest")
            p.update(ctm=None, axes=None, kar=None, sizes=None, roi=None,
                     scales=[1.0] * x.ndim, extrapolation_value=None)
            out_shape, tables = self.tables(x, p)
            chosen = p, out_shape, tables
        p, out_shape, tables = chosen
        y_name = self.fresh("resize")
        version = self.version

        def feed(what, array, array_type):
            name = self.fresh(what)
            if p["form"][what] == "runtime":
                return c.input(name, array, array_type, [len(array)])
            return c.initializer(name, array, array_type)

        scales = None if p["scales"] is None else np.array(p["scales"], F32)
        sizes = None if p["sizes"] is None else np.array(p["sizes"],
                                                         np.int64)
        roi = None if p["roi"] is None else np.array(
            p["roi"], TYPES[p["roi_type"]][1])
        if version == 10:
            inputs = [x_name, feed("scales", scales, "float32")]
        else:
            if roi is not None:
                roi_name = feed("roi", roi, p["roi_type"])
            elif version == 11:
                roi_name = c.initializer(self.fresh("roi"),
                                         np.zeros([0], F32), "float32")
            else:
                roi_name = ""
            if scales is not None:
                scales_name = feed("scales", scales, "float32")
            elif version == 11:
                scales_name = c.initializer(self.fresh("scales"),
                                            np.zeros([0], F32), "float32")
            else:
                scales_name = ""
            sizes_name = "" if sizes is None else feed("sizes", sizes,
                                                       "int64")
            inputs = [x_name, roi_name, scales_name, sizes_name]
            while inputs[-1] == "":
                inputs.pop()
        attrs = {}
        if p["mode"] != "nearest" or rng.random() < 0.5:
            attrs["mode"] = p["mode"]
        for key, value in (
                ("coordinate_transformation_mode", p["ctm"]),
                ("nearest_mode", p["nearest_mode"]),
                ("cubic_coeff_a", p["a"]),
                ("exclude_outside", p["exclude_outside"]),
                ("extrapolation_value", p["extrapolation_value"]),
                ("axes", p["axes"]), ("keep_aspect_ratio_policy", p["kar"]),
                ("antialias", p["antialias"])):
            if value is not None:
                attrs[key] = value
        c.node("Resize", inputs, y_name, **attrs)

        y, shape = rr.resize(
            x, version, mode=p["mode"],
            coordinate_transformation_mode=p["ctm"] or "half_pixel",
            nearest_mode=p["nearest_mode"] or "round_prefer_floor",
            cubic_coeff_a=float(F32(-0.75 if p["a"] is None else p["a"])),
            exclude_outside=p["exclude_outside"] or 0,
            extrapolation_value=float(F32(p["extrapolation_value"] or 0.0)),
            scales=scales, sizes=sizes, roi=roi, axes=p["axes"],
            keep_aspect_ratio_policy=p["kar"] or "stretch",
            is_bf16=t == "bfloat16", antialias=p["antialias"] or 0)
        assert list(shape) == list(out_shape)
        if p["mode"] == "nearest" or self.is_int:
            exact = self.exact[x_name]
        else:
            exact = (p["ctm"] != "tf_crop_and_resize" and
                     not p["exclude_outside"] and not p["antialias"] and
                     exact_interpolation(x, tables, t))
        symbolic = x_name in self.symbolic or any(
            p["form"][k] == "runtime" for k, v in (("scales", scales),
                                                   ("sizes", sizes))
            if v is not None)
        self.add_value(y_name, y, exact, symbolic)

    # --- the graph ---

    def build(self):
        rng = self.rng
        names = [self.graph_input()]
        if rng.random() < 0.3:
            names.append(self.graph_input())
        ops = ["resize"] * 5
        if self.use_clip:
            ops += ["clip"] * 3
        if self.use_upsample:
            ops += ["upsample"] * 3
        count = int(rng.integers(2, 6))
        plan = [str(rng.choice(ops)) for _ in range(count)]
        if plan.count("resize") < 1 + (count >= 4):
            plan[int(rng.integers(count))] = "resize"
        for op in plan:
            # Mostly extend the newest value (a chain); sometimes branch from
            # an earlier one, making it feed several nodes.
            if rng.random() < 0.65:
                source = names[-1]
            else:
                source = names[int(rng.integers(len(names)))]
            self.consumers[source] += 1
            before = set(self.arrays)
            getattr(self, op)(source)
            names.extend(n for n in self.arrays if n not in before)
        add_graph_outputs(self, names)
        return self.case


def graph_cases(fragile_outputs, count=48, seed=20261207):
    """`count` random graphs. `fragile_outputs(x, (out_shape, tables))` is
    generate_resize_cases's mask of integer results too near a rounding
    boundary."""
    rng = np.random.default_rng(seed)
    values = Values(seed + 1)
    return [GraphBuilder(rng, values, fragile_outputs, i).build()
            for i in range(count)]
