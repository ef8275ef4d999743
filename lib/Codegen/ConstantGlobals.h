//===- ConstantGlobals.h - Views of constant global tables ------*- C++ -*-===//
//
// Internal to the Codegen library: what compile time knows of a memref that
// views a constant memref.global (the tables the lowering emits as
// constants), for onnx-specialize-gathers.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_CODEGEN_CONSTANTGLOBALS_H
#define ONNXC_LIB_CODEGEN_CONSTANTGLOBALS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace onnxc::codegen {
using namespace mlir;

/// The value of the constant global that `memref.get_global` defines
/// `memref`, or null.
DenseElementsAttr getConstantGlobalValue(Value memref);

/// The constant global a memref reads, through subviews with static offsets
/// and unit strides, and the offset of its first element in the global.
struct ConstantGlobalView {
  DenseElementsAttr value;
  int64_t offset = 0;
};

std::optional<ConstantGlobalView> getConstantGlobalView(Value memref);

/// Whether `op` is a view of a constant global table at `iv`.
bool readsConstantTableAt(Operation &op, Value iv);

/// The elements of a constant global of any rank that a view of it, through
/// subviews with unit strides, may cover: per dimension of the global,
/// [begin, end). A dynamic offset may place its subview anywhere in its
/// source.
struct ConstantGlobalBox {
  DenseElementsAttr value;
  SmallVector<int64_t> begin, end;

  /// The one value of every element in the box, if they are all equal.
  std::optional<Attribute> getUniformValue() const;
};

std::optional<ConstantGlobalBox> getConstantGlobalBox(Value memref);

/// Whether `op` is a view of a constant global, of any rank, at `iv`.
bool viewsConstantGlobalAt(Operation &op, Value iv);

} // namespace onnxc::codegen

#endif // ONNXC_LIB_CODEGEN_CONSTANTGLOBALS_H
