//===- ModelABI.h - The model ABI of a compiled model -----------*- C++ -*-===//
//
// Internal to the Compiler library: the signature of a model, read off the
// imported module, and the constant data and glue functions that export it
// through the ABI of onnxc_model_abi.h.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_LIB_COMPILER_MODELABI_H
#define ONNXC_LIB_COMPILER_MODELABI_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace onnxc::compiler {

/// One graph input or output: onnxc_model_io.
struct TensorSignature {
  std::string name;
  int32_t elemType = 0;
  llvm::SmallVector<int64_t> dims; // -1: dynamic.
  llvm::SmallVector<std::string> dimParams;
};

/// A graph input or output of the model function, from its type and its
/// argument or result attributes (`position` names it when it has no name).
TensorSignature getTensorSignature(mlir::Type type, mlir::DictionaryAttr attrs,
                                   unsigned position);

/// What a compiled model tells its users: onnxc_model_info and the JSON of
/// NAME_signature().
struct ModelSignature {
  int64_t opset = 0;
  std::vector<TensorSignature> inputs, outputs;
  std::vector<std::string> checks;
  std::string kernelName, shapesName;
  /// Peak bytes of the kernel's planned workspace; -1 when dynamic.
  int64_t workspaceBytes = -1;
  /// The target the code was compiled for, and the features of
  /// CPUFeatures.def it may use.
  std::string targetTriple, targetCPU;
  std::vector<std::string> cpuFeatures;

  /// The JSON signature of the model exported as `entry`.
  std::string toJSON(llvm::StringRef entry) const;
};

/// A C header declaring the functions a model compiled as `entry`
/// exports.
std::string getModelHeader(llvm::StringRef entry);

/// Adds the model ABI to `module`, which holds the lowered model with the C
/// interfaces of the kernel and the shape function: NAME_model() returning
/// the onnxc_model_info, NAME_signature() returning the JSON, and the
/// packed wrappers they point to; NAME is `entry`.
llvm::Error buildModelABI(llvm::Module &module, const ModelSignature &signature,
                          llvm::StringRef entry);

} // namespace onnxc::compiler

#endif // ONNXC_LIB_COMPILER_MODELABI_H
