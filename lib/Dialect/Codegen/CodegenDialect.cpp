//===- CodegenDialect.cpp - Facts code generation passes share ------------===//
//
// Verifies where the onnxc dialect's attributes may appear.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Dialect/Codegen/CodegenDialect.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "onnxc/Dialect/Codegen/CodegenDialect.cpp.inc"

using namespace mlir;
using namespace onnxc::codegen;

void CodegenDialect::initialize() {}

LogicalResult
CodegenDialect::verifyOperationAttribute(Operation *op,
                                         NamedAttribute attribute) {
  StringRef name = attribute.getName().getValue();
  if (name == ParallelAttrHelper::getNameStr()) {
    if (!isa<UnitAttr>(attribute.getValue()))
      return op->emitOpError() << "'" << name << "' must be a unit attribute";
    if (!isa<scf::ForOp>(op))
      return op->emitOpError() << "'" << name << "' marks scf.for loops only";
    return success();
  }
  if (name == TileSizesAttrHelper::getNameStr()) {
    auto sizes = dyn_cast<DenseI64ArrayAttr>(attribute.getValue());
    if (!sizes)
      return op->emitOpError() << "'" << name << "' must be an array<i64>";
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      return op->emitOpError() << "'" << name << "' applies to linalg ops only";
    if (static_cast<int64_t>(sizes.size()) != linalgOp.getNumLoops())
      return op->emitOpError()
             << "'" << name << "' has " << sizes.size()
             << " sizes for an op of " << linalgOp.getNumLoops() << " loops";
    if (llvm::any_of(sizes.asArrayRef(), [](int64_t size) { return size < 0; }))
      return op->emitOpError() << "'" << name << "' sizes must be >= 0";
    return success();
  }
  if (name == RowGroupsAttrHelper::getNameStr()) {
    if (!isa<UnitAttr>(attribute.getValue()))
      return op->emitOpError() << "'" << name << "' must be a unit attribute";
    if (!isa<onnxc::onnx::ResizeV10Op, onnxc::onnx::LatestResizeOp>(op))
      return op->emitOpError()
             << "'" << name << "' applies to Resize-10 and the latest Resize";
    return success();
  }
  return op->emitOpError() << "has the unknown onnxc attribute '" << name
                           << "'";
}
