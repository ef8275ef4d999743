//===- TensorFiles.h - Tensors in files: .pb, .npy, text --------*- C++ -*-===//
//
// onnx-run's inputs and outputs: ONNX TensorProto files (not in builds for
// other targets, which have no protobuf), numpy .npy files, and printing.
// Files are read only when they are regular files, and written whole or not
// at all.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_TOOLS_ONNX_RUN_TENSORFILES_H
#define ONNXC_TOOLS_ONNX_RUN_TENSORFILES_H

#include "Support.h"

#include <string>

namespace onnxrun {

/// Reads an ONNX TensorProto file.
Tensor readTensorProto(const std::string &path);
/// Writes `tensor` as a TensorProto named `name`.
void writeTensorProto(const std::string &path, const std::string &name,
                      const onnxc_tensor *tensor);

/// Reads a .npy file as a tensor of `type`, the element type of the model
/// input it is for (a '<u2' array is taken as bfloat16 bits for a bfloat16
/// input).
Tensor readNpy(const std::string &path, onnxc_element_type type);
void writeNpy(const std::string &path, const onnxc_tensor *tensor);

/// Prints "<what> <name>: <type>[<dims>] = [<values>]", the first values
/// only of a large tensor.
void printTensor(const char *what, const std::string &name,
                 const onnxc_tensor *tensor);
/// Prints "<what> <name>: <type>[<dims>]".
void printTensorType(const char *what, const std::string &name,
                     const onnxc_tensor *tensor);

} // namespace onnxrun

#endif // ONNXC_TOOLS_ONNX_RUN_TENSORFILES_H
