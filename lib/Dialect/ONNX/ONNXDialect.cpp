//===- ONNXDialect.cpp - The onnx dialect ---------------------------------===//

#include "onnxc/Dialect/ONNX/ONNXDialect.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace onnxc::onnx;

#include "onnxc/Dialect/ONNX/ONNXOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOpsTypes.cpp.inc"

void ONNXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "onnxc/Dialect/ONNX/ONNXOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "onnxc/Dialect/ONNX/ONNXOpsTypes.cpp.inc"
      >();
  for (RegisteredOperationName op : getContext()->getRegisteredOperations())
    if (&op.getDialect() == this && op.hasInterface<VersionedOpInterface>())
      versionedOps.push_back(op);
}

Operation *ONNXDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}
