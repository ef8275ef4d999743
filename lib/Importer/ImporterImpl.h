//===- ImporterImpl.h - The importer's internal interface ------*- C++ -*-===//
//
// Shared by the importer's files: ImportTypes.cpp (element and value types),
// ImportTensors.cpp (TensorProto data, initializers), ImportNodes.cpp (one
// node at a time) and Importer.cpp (the model and its graph).
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_IMPORTER_IMPORTERIMPL_H
#define ONNXC_LIB_IMPORTER_IMPORTERIMPL_H

#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <onnx/onnx_pb.h>

namespace onnxc::importer {

using namespace mlir;
namespace pb = ::onnx;

/// The most elements a tensor of the model may have (2^48: byte counts of
/// any element type stay far below int64 overflow).
constexpr int64_t kMaxElements = int64_t(1) << 48;

class NodeReader;

/// Imports one ModelProto into a module holding one function.
class ModelImporter {
public:
  ModelImporter(MLIRContext *context, StringRef sourceName)
      : context(context), builder(context), sourceName(sourceName.str()),
        fileLoc(FileLineColLoc::get(context, sourceName, 0, 0)) {}

  OwningOpRef<ModuleOp> import(pb::ModelProto &model);

private:
  InFlightDiagnostic error() { return emitError(fileLoc); }

  Location nodeLoc(const pb::NodeProto &node, int index) {
    return onnx::getNodeLocation(context, node.name(), index, fileLoc);
  }

  FailureOr<Type> convertElementType(int32_t type, const Twine &what);
  FailureOr<RankedTensorType>
  convertValueType(const pb::TypeProto &type, const Twine &what,
                   SmallVectorImpl<StringRef> *dimParams);
  FailureOr<ElementsAttr> convertTensor(const pb::TensorProto &tensor,
                                        const Twine &what,
                                        std::string *movableRaw = nullptr);
  FailureOr<std::string> readExternalData(const pb::TensorProto &tensor,
                                          const Twine &what);

  LogicalResult importInitializer(pb::TensorProto &tensor);
  LogicalResult importNode(const pb::NodeProto &node, int index);
  LogicalResult importConstantNode(const pb::NodeProto &node, int index,
                                   Location loc);
  /// Binds the node's output to `op`'s result, refined by the type the
  /// model declares for it: in place when `refinableResult`, else by a cast.
  LogicalResult defineNodeOutput(const pb::NodeProto &node, Operation *op,
                                 Location loc, StringRef what,
                                 bool refinableResult);

  /// Builds the op `name` of a node of each onnx::NodeForm; null after a
  /// diagnostic.
  Operation *buildClipWithAttributeBounds(NodeReader &node, OperationName name);
  Operation *buildClipWithInputBounds(NodeReader &node, OperationName name);
  Operation *buildResize(NodeReader &node, OperationName name,
                         onnx::NodeForm form);
  Operation *buildUpsample(NodeReader &node, OperationName name,
                           onnx::NodeForm form);
  /// Creates `name` from its operands and attributes, with the result type
  /// its InferTypeOpInterface gives or, without one, `resultType`.
  Operation *createOp(OperationName name, Location loc, ValueRange operands,
                      ArrayRef<NamedAttribute> attributes, Type resultType);

  /// The type the model declares for a value (value_info or graph output),
  /// if any; errors are diagnosed.
  FailureOr<std::optional<RankedTensorType>> getDeclaredType(StringRef name);
  /// The refinement of `computed` by `declared`: `computed` where `declared`
  /// is dynamic. Fails when the two disagree.
  static std::optional<RankedTensorType> join(RankedTensorType computed,
                                              RankedTensorType declared);

  friend class NodeReader;

  MLIRContext *context;
  OpBuilder builder;
  std::string sourceName;
  Location fileLoc;
  int64_t opset = 0;
  llvm::StringMap<Value> values;
  llvm::StringMap<const pb::TypeProto *> declaredTypes;
};

} // namespace onnxc::importer

#endif // ONNXC_LIB_IMPORTER_IMPORTERIMPL_H
