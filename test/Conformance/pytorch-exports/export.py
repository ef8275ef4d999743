#!/usr/bin/python3
"""Regenerates the models in this folder and expected.npz: F.interpolate as
PyTorch's torch.onnx.export writes it at opsets 9, 11 and 13, and the
necks around it (Add, Concat, relu6) at 11 and 13, without constant
folding, so that the shape arithmetic in front of each Resize stays in the
graph, and PyTorch's own outputs for the inputs `x` (and `skip`).

The `dyn_` models are exported with dynamic axes (batch, height and width;
the skip connection's own height and width), as models meant for any input
size are: their shape arithmetic is computed at run time. Their expected
outputs are for `x` and `skip` and, as `NAME_b`, for `x_b` and `skip_b`,
of another batch and size.

Needs Debian's python3-torch; the tests only read what it writes:
    cd test/Conformance/pytorch-exports && /usr/bin/python3 export.py
"""
import warnings

import numpy as np
import torch
import torch.nn.functional as F

CASES = {
    "size_linear": dict(size=(11, 10), mode="bilinear", align_corners=False),
    "size_nearest": dict(size=(13, 9), mode="nearest"),
    "size_cubic": dict(size=(9, 12), mode="bicubic", align_corners=False),
    "recompute": dict(scale_factor=1.7, mode="bilinear",
                      recompute_scale_factor=True, align_corners=False),
}


class Interpolate(torch.nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.kwargs = kwargs

    def forward(self, x):
        return F.interpolate(x, **self.kwargs)


class Neck(torch.nn.Module):
    """The necks around an upsampling: `kind` is fpn (the upsampled map,
    sized as the lateral one, plus it), fpn_linear (x2 bilinear plus the
    lateral), yolo (x2 nearest concatenated with a skip connection on the
    channels), relu6 (x2 nearest, then relu6, then the lateral added) or
    tokens (fpn, then each channel's map flattened, as a transformer reads
    it)."""

    def __init__(self, kind):
        super().__init__()
        self.kind = kind

    def forward(self, x, skip):
        if self.kind == "fpn":
            return F.interpolate(x, size=skip.shape[-2:]) + skip
        if self.kind == "fpn_linear":
            return F.interpolate(x, scale_factor=2.0, mode="bilinear",
                                 align_corners=False) + skip
        if self.kind == "tokens":
            y = F.interpolate(x, size=skip.shape[-2:]) + skip
            return y.flatten(2)
        if self.kind == "yolo":
            return torch.cat([F.interpolate(x, scale_factor=2.0), skip], 1)
        return F.relu6(F.interpolate(x, scale_factor=2.0)) + skip


def export_dynamic(arrays, x, skip):
    x_b = torch.randn(2, 3, 9, 4)
    skip_b = torch.randn(2, 3, 18, 8)
    arrays["x_b"] = x_b.numpy()
    arrays["skip_b"] = skip_b.numpy()
    image = {0: "n", 2: "h", 3: "w"}
    lateral = {0: "n", 2: "h2", 3: "w2"}
    tokens = {0: "n", 2: "hw2"}
    for opset in (11, 13):
        for name in ("size_linear", "size_nearest", "recompute"):
            model = Interpolate(**CASES[name])
            key = f"dyn_{name}_{opset}"
            torch.onnx.export(model, (x,), key + ".onnx",
                              opset_version=opset, do_constant_folding=False,
                              input_names=["x"], output_names=["y"],
                              dynamic_axes={"x": image, "y": {0: "n"}})
            arrays[key] = model(x).numpy()
            arrays[key + "_b"] = model(x_b).numpy()
    for kind in ("fpn", "fpn_linear", "yolo", "tokens"):
        model = Neck(kind)
        key = f"dyn_neck_{kind}_13"
        torch.onnx.export(model, (x, skip), key + ".onnx", opset_version=13,
                          do_constant_folding=False,
                          input_names=["x", "skip"], output_names=["y"],
                          dynamic_axes={"x": image, "skip": lateral,
                                        "y": tokens if kind == "tokens"
                                        else lateral})
        arrays[key] = model(x, skip).numpy()
        arrays[key + "_b"] = model(x_b, skip_b).numpy()


def main():
    warnings.simplefilter("ignore")
    torch.manual_seed(0)
    x = torch.randn(1, 3, 7, 5)
    arrays = {"x": x.numpy()}
    # Necks: x upsampled x2 meets `skip`, of the upsampled size.
    skip = torch.randn(1, 3, 14, 10)
    arrays["skip"] = skip.numpy()
    for opset in (11, 13):
        for kind in ("fpn", "fpn_linear", "yolo", "relu6"):
            model = Neck(kind)
            torch.onnx.export(model, (x, skip), f"neck_{kind}_{opset}.onnx",
                              opset_version=opset, do_constant_folding=False,
                              input_names=["x", "skip"], output_names=["y"])
            arrays[f"neck_{kind}_{opset}"] = model(x, skip).numpy()
    for opset in (9, 11, 13):
        for name, kwargs in CASES.items():
            model = Interpolate(**kwargs)
            try:
                torch.onnx.export(model, (x,), f"{name}_{opset}.onnx",
                                  opset_version=opset,
                                  do_constant_folding=False,
                                  input_names=["x"], output_names=["y"])
            except torch.onnx.errors.UnsupportedOperatorError:
                continue  # bicubic needs opset 11
            arrays[f"{name}_{opset}"] = model(x).numpy()
    export_dynamic(arrays, x, skip)
    np.savez_compressed("expected.npz", **arrays)


if __name__ == "__main__":
    main()
