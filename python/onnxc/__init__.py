"""onnxc for Python: compile ONNX models ahead of time and run them.

    import numpy as np, onnxc
    session = onnxc.InferenceSession("model.onnx")  # compiled, then cached
    (y,) = session.run(None, {"x": np.ones([4], np.float32)})
    library = onnxc.compile("model.onnx")           # -> "model.so"
    y = onnxc.resize(image, sizes=(2160, 3840), axes=(0, 1), mode="linear")

The package is pure Python over the onnxc runtime (libonnxc_runtime.so,
through ctypes) and the onnx-compile tool. Sessions are shaped like ONNX
Runtime's: get_inputs()/get_outputs(), run(output_names, input_feed),
OrtValue and run_with_ort_values, and an IO binding that writes into
caller-provided arrays and OrtValues without copies. resize() is ONNX's
Resize on an array, compiled for its shape at the first call.

Element types map to numpy dtypes; bfloat16 has no numpy type in Debian's
numpy (no ml_dtypes), so bfloat16 tensors are uint16 arrays holding the raw
bits (x.view(np.uint16) of float32 >> 16 truncates; round as you need).
String tensors are numpy object arrays of str.
"""

from ._compiler import compile
from ._native import Error, NodeArg
from ._ortvalue import OrtValue
from ._resize import resize
from ._session import (ExecutionMode, GraphOptimizationLevel, IOBinding,
                       InferenceSession, RunOptions, SessionOptions,
                       get_all_providers, get_available_providers,
                       get_device)
from ._version import __version__

__all__ = ["Error", "compile", "resize", "InferenceSession", "NodeArg", "IOBinding",
           "OrtValue", "SessionOptions", "RunOptions",
           "GraphOptimizationLevel", "ExecutionMode", "get_all_providers",
           "get_available_providers", "get_device", "__version__"]
