#!/usr/bin/python3
"""Regenerates the models in this folder and expected.npz: F.interpolate as
PyTorch's torch.onnx.export writes it at opsets 9, 11 and 13, and the
necks around it (Add, Concat, relu6) at 11 and 13, without constant
folding, so that the shape arithmetic in front of each Resize stays in the
graph, and PyTorch's own outputs for the inputs `x` (and `skip`).

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
    channels) or relu6 (x2 nearest, then relu6, then the lateral added)."""

    def __init__(self, kind):
        super().__init__()
        self.kind = kind

    def forward(self, x, skip):
        if self.kind == "fpn":
            return F.interpolate(x, size=skip.shape[-2:]) + skip
        if self.kind == "fpn_linear":
            return F.interpolate(x, scale_factor=2.0, mode="bilinear",
                                 align_corners=False) + skip
        if self.kind == "yolo":
            return torch.cat([F.interpolate(x, scale_factor=2.0), skip], 1)
        return F.relu6(F.interpolate(x, scale_factor=2.0)) + skip


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
    np.savez_compressed("expected.npz", **arrays)


if __name__ == "__main__":
    main()
