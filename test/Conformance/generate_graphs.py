"""Random multi-node Clip/Upsample graphs for the generated conformance cases.

Each graph is drawn from a seeded generator: chains, values feeding several
nodes (graph inputs included), graph outputs that later nodes also consume,
several outputs in shuffled order; every opset family with the element types
its Clip and Upsample versions share; constant and run-time bounds and
scales, static and symbolic input shapes. The expected outputs apply
reference.py node by node, so each node rounds to its element type before the
next one reads it, exactly as the graph is specified.
"""

import numpy as np

import reference as ref

F32 = np.float32

FLOATS = ["float16", "float32", "float64"]
INTEGERS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
            "uint64"]

# opset -> (element types both ops accept there, Clip form, Upsample form).
OPSETS = {
    5: (FLOATS, "attributes-v1", "v1"),
    7: (FLOATS, "attributes", "attribute"),
    9: (FLOATS, "attributes", "input"),
    10: (FLOATS, "attributes", "input"),
    11: (FLOATS, "inputs", "input"),
    12: (FLOATS + INTEGERS, "inputs", "input"),
    13: (FLOATS + INTEGERS, "inputs", "input"),
}
# Scales of the last two axes (Upsample-1's height and width); products keep
# the graphs small.
SCALE_CHOICES = [(1.0, 1.0), (2.0, 2.0), (1.0, 2.0), (1.5, 1.5), (3.0, 1.0),
                 (2.0, 1.5), (1.25, 2.5)]
# Later versions scale any axis of any rank.
RANKS = [1, 2, 3, 4, 4, 4, 5]
AXIS_SCALES = [2.0, 3.0, 1.5, 1.25, 2.5, 1.75, 4.0]
MAX_ELEMENTS = 60000


def bound_value(rng, type_name):
    if type_name in FLOATS:
        v = float(rng.integers(-24, 25)) / 4
        if rng.random() < 0.05:
            v = float("nan")
        return v
    lo, hi = (-100, 100) if not type_name.startswith("u") else (0, 200)
    return int(rng.integers(lo, hi + 1))


class GraphBuilder:
    def __init__(self, case_class, make_values, rng, index):
        self.rng = rng
        self.values = make_values
        self.opset = int(rng.choice(list(OPSETS)))
        types, self.clip_form, self.upsample_form = OPSETS[self.opset]
        self.type_name = str(rng.choice(types))
        self.case = case_class("graph_%03d_opset%d_%s" % (
            index, self.opset, self.type_name), self.opset)
        self.arrays = {}      # value name -> reference array
        self.consumers = {}   # value name -> number of consuming nodes
        self.symbolic = set()  # values whose shape is only known at run time
        self.counter = 0

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def graph_input(self):
        rng = self.rng
        if self.upsample_form == "v1" or rng.random() < 0.5:
            shape = [1, int(rng.integers(1, 3)), int(rng.integers(1, 6)),
                     int(rng.integers(1, 7))]
        else:
            # Any rank, axes of length 1 (and now and then 0) included.
            shape = [int(rng.integers(1, 6))
                     for _ in range(int(rng.choice(RANKS)))]
            if rng.random() < 0.05:
                shape[int(rng.integers(len(shape)))] = 0
        x = self.values(self.type_name, shape, special=True, small=True)
        name = self.fresh("x")
        declared = list(shape)
        symbolic = rng.random() < 0.3
        if symbolic:
            for axis in range(len(shape)):
                if axis >= len(shape) - 2 or rng.random() < 0.3:
                    declared[axis] = "%s_d%d" % (name, axis)
        self.case.input(name, x, self.type_name, declared)
        self.add_value(name, x, symbolic)
        return name

    def clip(self, x_name):
        rng, c, t = self.rng, self.case, self.type_name
        x = self.arrays[x_name]
        y_name = self.fresh("clip")
        dtype = x.dtype
        lo_v, hi_v = bound_value(rng, t), bound_value(rng, t)
        if rng.random() < 0.7 and lo_v == lo_v and hi_v == hi_v:
            lo_v, hi_v = min(lo_v, hi_v), max(lo_v, hi_v)
        if self.clip_form.startswith("attributes"):
            attrs = {}
            lowest, largest = F32(-3.4028234663852886e38), F32(3.4028234663852886e38)
            lo = hi = None
            if rng.random() < 0.8:
                attrs["min"] = float(F32(lo_v))
                lo = F32(lo_v)
            if rng.random() < 0.8:
                attrs["max"] = float(F32(hi_v))
                hi = F32(hi_v)
            if self.clip_form == "attributes":
                # Clip-6 defaults: the float32 extremes, real bounds.
                lo = lowest if lo is None else lo
                hi = largest if hi is None else hi
            c.node("Clip", [x_name], y_name, **attrs)
            lo_cast = None if lo is None else np.array(lo).astype(dtype)
            hi_cast = None if hi is None else np.array(hi).astype(dtype)
            if lo_cast is None:
                lo_cast = ref.lowest_and_max(dtype)[0]
            if hi_cast is None:
                hi_cast = ref.lowest_and_max(dtype)[1]
            y = ref.clip(x, dtype.type(lo_cast), dtype.type(hi_cast))
        else:
            inputs = [x_name]
            lowest, largest = ref.lowest_and_max(dtype,
                                                 t == "bfloat16")
            bounds = []
            for value, default in ((lo_v, lowest), (hi_v, largest)):
                kind = rng.choice(["constant", "input", "absent"],
                                  p=[0.5, 0.3, 0.2])
                if kind == "absent":
                    inputs.append("")
                    bounds.append(default)
                    continue
                array = np.array(value, dtype=dtype)
                name = self.fresh("bound")
                if kind == "constant":
                    c.initializer(name, array, t)
                else:
                    c.input(name, array, t, [])
                inputs.append(name)
                bounds.append(dtype.type(array))
            while inputs and inputs[-1] == "":
                inputs.pop()
            c.node("Clip", inputs, y_name)
            y = ref.clip(x, bounds[0], bounds[1])
        self.add_value(y_name, y, symbolic=x_name in self.symbolic)

    def upsample(self, x_name):
        rng, c, t = self.rng, self.case, self.type_name
        x = self.arrays[x_name]
        y_name = self.fresh("up")
        if self.upsample_form == "v1" or (x.ndim == 4 and
                                          rng.random() < 0.5):
            choices = [s for s in SCALE_CHOICES
                       if x.size * s[0] * s[1] <= MAX_ELEMENTS]
            sh, sw = choices[int(rng.integers(len(choices)))]
            scales = [1.0] * (x.ndim - 2) + [sh, sw]
        else:
            # One or two axes, anywhere.
            scales = [1.0] * x.ndim
            for _ in range(int(rng.integers(1, 3))):
                axis = int(rng.integers(x.ndim))
                scale = float(rng.choice(AXIS_SCALES))
                grown = [int(F32(n) * F32(s)) for n, s in zip(
                    x.shape, scales[:axis] + [scale] + scales[axis + 1:])]
                if np.prod(grown) <= MAX_ELEMENTS:
                    scales[axis] = scale
        mode = str(rng.choice(["nearest", "linear"]))
        symbolic = x_name in self.symbolic
        if self.upsample_form == "v1":
            if sh < 2 or sw < 2:
                sh, sw = 2.0, 2.0
                scales = [1.0, 1.0, sh, sw]
            c.node("Upsample", [x_name], y_name,
                   mode="bilinear" if mode == "linear" else "nearest",
                   height_scale=sh, width_scale=sw)
        elif self.upsample_form == "attribute":
            c.node("Upsample", [x_name], y_name, mode=mode, scales=scales)
        else:
            name = self.fresh("scales")
            array = np.array(scales, np.float32)
            if rng.random() < 0.3:
                c.input(name, array, "float32", [len(scales)])
                symbolic = True
            else:
                c.initializer(name, array, "float32")
            c.node("Upsample", [x_name, name], y_name, mode=mode)
        kind = {"float16": "float", "float32": "float",
                "float64": "f64"}.get(t, "int")
        if mode == "nearest":
            y = ref.upsample_nearest(x, scales)
        else:
            y = ref.upsample_linear(x, scales, kind)
        self.add_value(y_name, y, symbolic)

    def add_value(self, name, array, symbolic):
        self.arrays[name] = array
        self.consumers[name] = 0
        if symbolic:
            self.symbolic.add(name)

    def build(self):
        rng = self.rng
        names = [self.graph_input()]
        if rng.random() < 0.3:
            names.append(self.graph_input())
        for _ in range(int(rng.integers(2, 7))):
            # Mostly extend the newest value (a chain); sometimes branch from
            # an earlier one, making it feed several nodes.
            if rng.random() < 0.65:
                source = names[-1]
            else:
                source = names[int(rng.integers(len(names)))]
            self.consumers[source] += 1
            ops = ["clip", "upsample"]
            op = ops[int(rng.integers(2))]
            before = set(self.arrays)
            getattr(self, op)(source)
            names.extend(n for n in self.arrays if n not in before)
        add_graph_outputs(self, names)
        return self.case



def add_graph_outputs(builder, names):
    """Declares the graph outputs of `builder` (a graph builder with rng,
    consumers, arrays, symbolic, case and type_name) among the values
    `names`: every value no node consumes, plus some that later nodes also
    consume, in shuffled order."""
    produced = [n for n in names if not n.startswith("x")]
    outputs = [n for n in produced if builder.consumers[n] == 0]
    outputs += [n for n in produced
                if builder.consumers[n] > 0 and builder.rng.random() < 0.3]
    builder.rng.shuffle(outputs)
    for n in outputs:
        array = builder.arrays[n]
        shape = list(array.shape)
        if n in builder.symbolic:
            shape = [None] * len(shape)
        builder.case.output(n, array, builder.type_name, shape)

def graph_cases(case_class, make_values, count=60, seed=20261130):
    rng = np.random.default_rng(seed)

    def values(type_name, shape, special=True, small=False):
        return make_values(type_name, shape, special=special, small=small)

    return [GraphBuilder(case_class, values, rng, i).build()
            for i in range(count)]
