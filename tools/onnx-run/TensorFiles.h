//===- TensorFiles.h - Tensors in files: .pb, .npy, text --------*- C++ -*-===//
//
// onnx-run's inputs and outputs: ONNX TensorProto files (not in builds for
// other targets, which have no protobuf), numpy .npy files, and printing.
// Inputs are read from files, pipes and character devices (those up to a
// bound); outputs are written whole or not at all.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_TOOLS_ONNX_RUN_TENSORFILES_H
#define ONNXC_TOOLS_ONNX_RUN_TENSORFILES_H

#include "Support.h"

#include <cstdint>
#include <string>

namespace onnxrun {

/// Reads a tensor for a model input of element type `type` from a .npy
/// file (by its magic, or its name) or an ONNX TensorProto file (the rest),
/// of at most `limit` bytes when it is a pipe or a device. A '<u2' array is
/// taken as bfloat16 bits for a bfloat16 input.
Tensor readTensor(const std::string &path, onnxc_element_type type,
                  uint64_t limit);
/// Writes `tensor` as a TensorProto named `name`.
void writeTensorProto(const std::string &path, const std::string &name,
                      const onnxc_tensor *tensor);

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
