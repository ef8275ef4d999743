//===- ONNXDialect.cpp - The onnx dialect ---------------------------------===//

#include "onnxc/Dialect/ONNX/ONNXDialect.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace onnxc::onnx;

#include "onnxc/Dialect/ONNX/ONNXOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOpsTypes.cpp.inc"

#include "onnxc/Dialect/ONNX/ONNXOpsEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOpsAttributes.cpp.inc"

void ONNXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "onnxc/Dialect/ONNX/ONNXOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "onnxc/Dialect/ONNX/ONNXOpsTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "onnxc/Dialect/ONNX/ONNXOpsAttributes.cpp.inc"
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

//===----------------------------------------------------------------------===//
// Locations of imported model elements
//===----------------------------------------------------------------------===//

// A node's location is a NameLoc of its name, "#index" when it has none; an
// initializer's is a NameLoc of its name, fused with this tag.
static constexpr llvm::StringLiteral kInitializerTag = "onnx.initializer";

Location onnxc::onnx::getNodeLocation(MLIRContext *context, StringRef name,
                                      int index, Location file) {
  std::string locationName =
      name.empty() ? "#" + std::to_string(index) : name.str();
  return NameLoc::get(StringAttr::get(context, locationName), file);
}

Location onnxc::onnx::getInitializerLocation(MLIRContext *context,
                                             StringRef name, Location file) {
  return FusedLoc::get(context,
                       {NameLoc::get(StringAttr::get(context, name), file)},
                       StringAttr::get(context, kInitializerTag));
}

std::optional<std::string> onnxc::onnx::describeModelLocation(Location loc) {
  // Pre-order: the outermost name wins, and an initializer's tag is seen
  // before the name it holds (a folded op may fuse several locations).
  std::optional<std::string> description;
  loc->walk([&](Location inner) {
    if (auto fused = dyn_cast<FusedLoc>(inner)) {
      auto tag = dyn_cast_or_null<StringAttr>(fused.getMetadata());
      if (!tag || tag.getValue() != kInitializerTag)
        return WalkResult::advance();
      for (Location part : fused.getLocations())
        if (auto name = dyn_cast<NameLoc>(part)) {
          description = "initializer '" + name.getName().str() + "'";
          return WalkResult::interrupt();
        }
      return WalkResult::skip();
    }
    auto nameLoc = dyn_cast<NameLoc>(inner);
    if (!nameLoc)
      return WalkResult::advance();
    StringRef name = nameLoc.getName().strref();
    if (name.size() > 1 && name.starts_with("#") &&
        llvm::all_of(name.drop_front(),
                     [](char c) { return llvm::isDigit(c); }))
      description = "node " + name.str();
    else
      description = "node '" + name.str() + "'";
    return WalkResult::interrupt();
  });
  return description;
}
