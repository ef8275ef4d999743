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
#include "onnxc/Importer/Importer.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
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
  ModelImporter(MLIRContext *context, StringRef sourceName,
                const ImportOptions &options)
      : context(context), builder(context), sourceName(sourceName.str()),
        fileLoc(FileLineColLoc::get(context, sourceName, 0, 0)),
        options(options) {}

  OwningOpRef<ModuleOp> import(pb::ModelProto &model);

private:
  InFlightDiagnostic error() { return emitError(fileLoc); }

  Location nodeLoc(const pb::NodeProto &node, int index) {
    return onnx::getNodeLocation(context, node.name(), index, fileLoc);
  }

  FailureOr<Type> convertElementType(int32_t type, const Twine &what);
  /// The element type of a tensor type; fails for other types.
  FailureOr<Type> convertTensorElementType(const pb::TypeProto &type,
                                           const Twine &what);
  /// Fails when a shape's static sizes multiply past kMaxElements.
  LogicalResult checkElementCount(ArrayRef<int64_t> shape, const Twine &what);
  FailureOr<RankedTensorType>
  convertValueType(const pb::TypeProto &type, const Twine &what,
                   SmallVectorImpl<StringRef> *dimParams);
  /// The type of a graph input: the declared one, made more precise by
  /// `given` (--input-shape), which must agree with it. `dimParams` gets
  /// each dimension's symbol, empty for none.
  FailureOr<RankedTensorType>
  convertInputType(const pb::ValueInfoProto &input, const InputShape *given,
                   SmallVectorImpl<StringRef> &dimParams);
  /// Which graph input (an index into `inputs`) each --input-shape names.
  FailureOr<SmallVector<const InputShape *>>
  matchInputShapes(ArrayRef<const pb::ValueInfoProto *> inputs);
  FailureOr<ElementsAttr> convertTensor(const pb::TensorProto &tensor,
                                        const Twine &what,
                                        std::string *movableRaw = nullptr);
  FailureOr<std::string> readExternalData(const pb::TensorProto &tensor,
                                          const Twine &what);

  LogicalResult importInitializer(pb::TensorProto &tensor);
  /// Fails, with one error, when nodes of the graph are of operators onnxc
  /// does not support: every such operator with its count and first node.
  LogicalResult checkOperatorsSupported(const pb::GraphProto &graph);
  LogicalResult importNode(const pb::NodeProto &node, int index);
  LogicalResult importConstantNode(const pb::NodeProto &node, int index,
                                   Location loc);
  /// Binds the node's output to `op`'s result, refined by the type the
  /// model declares for it: in place when `refinableResult`, else by a cast.
  LogicalResult defineNodeOutput(const pb::NodeProto &node, Operation *op,
                                 Location loc, StringRef what,
                                 bool refinableResult);
  /// Binds the node's output to `result`, cast to the type the model
  /// declares for it where that is more precise.
  LogicalResult defineNodeValue(const pb::NodeProto &node, Value result,
                                Location loc, StringRef what);

  /// Builds the op `name` of a node of each onnx::NodeForm; null after a
  /// diagnostic.
  Operation *buildClipWithAttributeBounds(NodeReader &node, OperationName name);
  Operation *buildClipWithInputBounds(NodeReader &node, OperationName name);
  Operation *buildResize(NodeReader &node, OperationName name,
                         onnx::NodeForm form);
  Operation *buildUpsample(NodeReader &node, OperationName name,
                           onnx::NodeForm form);
  Operation *buildGeneric(NodeReader &node, OperationName name);
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
  /// The type of value `name`, computed as `computed`, which the model
  /// declares as `declared`: their join when they agree. When the shapes
  /// contradict, `computed` after a warning (an error under strictShapes);
  /// nullopt then tells the caller that the declaration is set aside.
  /// Different element types are always an error. `prefix` starts the
  /// message (the node), `producer` says what computed the value.
  FailureOr<std::optional<RankedTensorType>>
  reconcile(RankedTensorType computed, RankedTensorType declared,
            StringRef name, Location loc, const Twine &prefix,
            StringRef producer);

  friend class NodeReader;

  MLIRContext *context;
  OpBuilder builder;
  std::string sourceName;
  Location fileLoc;
  const ImportOptions &options;
  int64_t opset = 0;
  llvm::StringMap<Value> values;
  llvm::StringMap<const pb::TypeProto *> declaredTypes;
  /// Values whose declared shape was set aside, each warned about once.
  llvm::StringSet<> setAsideDeclarations;
};

} // namespace onnxc::importer

#endif // ONNXC_LIB_IMPORTER_IMPORTERIMPL_H
