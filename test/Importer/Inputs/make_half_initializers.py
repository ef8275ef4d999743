"""Writes a model whose initializers are float16, bfloat16 and complex
tensors, in raw and in typed data, to the path given."""

import argparse
import sys

import numpy as np
from onnx import TensorProto, helper


def main(path):
    f16_raw = helper.make_tensor(
        "f16_raw", TensorProto.FLOAT16, [2],
        np.array([1.5, -2.0], np.float16).tobytes(), raw=True)
    # Typed float16 data holds the bits in int32_data.
    f16_typed = TensorProto(name="f16_typed", data_type=TensorProto.FLOAT16,
                            dims=[2])
    f16_typed.int32_data.extend(
        int(b) for b in np.array([1.0, -np.inf], np.float16).view(np.uint16))
    bf16 = TensorProto(name="bf16", data_type=TensorProto.BFLOAT16, dims=[2])
    bf16.raw_data = np.array([0x3FC0, 0xC000], np.uint16).tobytes()
    c64 = helper.make_tensor("c64", TensorProto.COMPLEX64, [2],
                             [1 + 2j, -3 + 4j])
    c128 = helper.make_tensor("c128", TensorProto.COMPLEX128, [],
                              np.array([0.5 - 0.5j]).view(np.float64).tobytes(),
                              raw=True)
    outputs = [helper.make_tensor_value_info(t.name, t.data_type, list(t.dims))
               for t in (f16_raw, f16_typed, bf16, c64, c128)]
    graph = helper.make_graph(
        [helper.make_node("Clip", ["x"], ["y"])], "half",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])] + outputs,
        initializer=[f16_raw, f16_typed, bf16, c64, c128])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 13)])
    with open(path, "wb") as f:
        f.write(model.SerializeToString())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output", help="where to write")
    main(parser.parse_args().output)
