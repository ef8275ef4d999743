//===- ImportNodes.cpp - ONNX nodes to onnx ops ---------------------------===//
//
// A node resolves, at the model's opset, to the op of its operator version
// (VersionedOpInterface: the dialect is the list of supported versions), and
// is built by the code of that op's NodeForm. Inputs and attributes are
// checked against the form before the op exists; the op's verifier then
// checks everything its ODS definition states.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

using namespace onnxc;
using namespace onnxc::importer;
namespace op = onnxc::onnx;

namespace {

/// Description of a node at `loc` for messages: "node 'name' (Clip)" or,
/// unnamed, "node #3 (Clip)".
std::string describeNode(const pb::NodeProto &node, Location loc) {
  std::string type = node.op_type();
  if (!node.domain().empty() && node.domain() != "ai.onnx")
    type = node.domain() + "." + type;
  return llvm::formatv("{0} ({1})", *op::describeModelLocation(loc), type)
      .str();
}

const char *attributeTypeName(int type) {
  switch (type) {
  case pb::AttributeProto::FLOAT:
    return "a float";
  case pb::AttributeProto::INT:
    return "an int";
  case pb::AttributeProto::STRING:
    return "a string";
  case pb::AttributeProto::TENSOR:
    return "a tensor";
  case pb::AttributeProto::FLOATS:
    return "a list of floats";
  case pb::AttributeProto::INTS:
    return "a list of ints";
  case pb::AttributeProto::STRINGS:
    return "a list of strings";
  default:
    return "another kind of attribute";
  }
}

/// Versions of the Constant node. Constant nodes become onnx.Constant, the
/// op initializers use too, so they have no op per version.
constexpr int64_t kConstantVersions[] = {1, 9, 11, 12, 13, 19, 21, 23, 24, 25};

/// Slice-10 on: data, starts, ends, axes, steps.
constexpr int kSliceInputs = 5;

/// "Clip (versions 1, 6, 11, 12, 13), ..., Constant (versions ...)".
std::string listSupportedOperators(MLIRContext *context) {
  std::string list;
  llvm::raw_string_ostream os(list);
  auto printVersions = [&](StringRef name, ArrayRef<int64_t> versions) {
    os << name << " (versions ";
    llvm::interleaveComma(versions, os);
    os << "), ";
  };
  for (StringRef name : op::getVersionedOperators(context))
    printVersions(name,
                  llvm::map_to_vector(op::getOperatorVersions(context, name),
                                      [](const op::OperatorVersion &version) {
                                        return version.sinceVersion;
                                      }));
  printVersions("Constant", kConstantVersions);
  list.resize(list.size() - 2);
  return list;
}

} // namespace

//===----------------------------------------------------------------------===//
// Reading a node
//===----------------------------------------------------------------------===//

namespace onnxc::importer {
/// A node's inputs and attributes, checked as the node's form takes them;
/// every failure is diagnosed at the node.
class NodeReader {
public:
  NodeReader(ModelImporter &importer, const pb::NodeProto &node, Location loc,
             StringRef what)
      : importer(importer), node(node), loc(loc), what(what) {
    for (const pb::AttributeProto &attr : node.attribute())
      attrs[attr.name()] = &attr;
  }

  Location getLoc() const { return loc; }
  const pb::NodeProto &getProto() const { return node; }
  InFlightDiagnostic error() { return emitError(loc) << what << ": "; }
  InFlightDiagnostic warning() { return emitWarning(loc) << what << ": "; }

  LogicalResult expectInputs(int min, int max) {
    if (node.input_size() >= min && node.input_size() <= max)
      return success();
    return error() << "takes " << min
                   << (min == max ? "" : llvm::formatv(" to {0}", max).str())
                   << (max == 1 ? " input" : " inputs") << ", got "
                   << node.input_size();
  }

  /// Input `i`; a null Value when it is omitted ("" or past the end).
  FailureOr<Value> operand(int i) {
    if (i >= node.input_size() || node.input(i).empty())
      return Value();
    auto it = importer.values.find(node.input(i));
    if (it == importer.values.end()) {
      error() << "input '" << node.input(i)
              << "' is neither a graph input, an initializer nor the output "
                 "of an earlier node";
      return failure();
    }
    return it->second;
  }

  FailureOr<Value> requireOperand(int i, StringRef name) {
    FailureOr<Value> value = operand(i);
    if (succeeded(value) && !*value) {
      error() << "missing required input '" << name << "'";
      return failure();
    }
    return value;
  }

  /// Takes attribute `name`, which must be of kind `type` if present; `out`
  /// is null when it is absent.
  LogicalResult takeAttr(StringRef name, pb::AttributeProto::AttributeType type,
                         const pb::AttributeProto *&out) {
    out = nullptr;
    auto it = attrs.find(name);
    if (it == attrs.end())
      return success();
    const pb::AttributeProto *attr = it->second;
    attrs.erase(it);
    if (attr->type() != type)
      return error() << "attribute '" << name << "' must be "
                     << attributeTypeName(type) << ", but is "
                     << attributeTypeName(attr->type());
    out = attr;
    return success();
  }

  LogicalResult requireAttr(StringRef name, const pb::AttributeProto *attr) {
    if (attr)
      return success();
    return error() << "missing required attribute '" << name << "'";
  }

  /// Fails on the first attribute the form did not take.
  LogicalResult expectNoOtherAttributes() {
    if (attrs.empty())
      return success();
    return error() << "unexpected attribute '" << attrs.begin()->first() << "'";
  }

private:
  ModelImporter &importer;
  const pb::NodeProto &node;
  Location loc;
  std::string what;
  llvm::StringMap<const pb::AttributeProto *> attrs;
};
} // namespace onnxc::importer

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

LogicalResult ModelImporter::defineNodeOutput(const pb::NodeProto &node,
                                              Operation *op, Location loc,
                                              StringRef what,
                                              bool refinableResult) {
  if (failed(mlir::verify(op)))
    return failure();
  if (!refinableResult)
    return defineNodeValue(node, op->getResult(0), loc, what);
  const std::string &name = node.output(0);
  Value result = op->getResult(0);
  FailureOr<std::optional<RankedTensorType>> declared = getDeclaredType(name);
  if (failed(declared))
    return failure();
  if (*declared && **declared != result.getType()) {
    auto computed = cast<RankedTensorType>(result.getType());
    FailureOr<std::optional<RankedTensorType>> refined =
        reconcile(computed, **declared, name, loc, what + ": ", "the node");
    if (failed(refined))
      return failure();
    // An Upsample may state a more static result, which its verifier
    // checks against the scales.
    if (*refined && **refined != computed) {
      result.setType(**refined);
      if (failed(mlir::verify(op)))
        return failure();
    }
  }
  values[name] = result;
  return success();
}

LogicalResult ModelImporter::defineNodeValue(const pb::NodeProto &node,
                                             Value result, Location loc,
                                             StringRef what) {
  const std::string &name = node.output(0);
  FailureOr<std::optional<RankedTensorType>> declared = getDeclaredType(name);
  if (failed(declared))
    return failure();
  if (*declared && **declared != result.getType()) {
    auto computed = cast<RankedTensorType>(result.getType());
    FailureOr<std::optional<RankedTensorType>> refined =
        reconcile(computed, **declared, name, loc, what + ": ", "the node");
    if (failed(refined))
      return failure();
    if (*refined && **refined != computed)
      result = tensor::CastOp::create(builder, loc, **refined, result);
  }
  values[name] = result;
  return success();
}

LogicalResult ModelImporter::importConstantNode(const pb::NodeProto &node,
                                                int index, Location loc) {
  std::string what = describeNode(node, loc);
  if (node.attribute_size() != 1)
    return emitError(loc) << what
                          << ": Constant takes exactly one value "
                             "attribute";
  const pb::AttributeProto &attr = node.attribute(0);
  Builder &b = builder;
  ElementsAttr value;
  auto expect = [&](pb::AttributeProto::AttributeType type) {
    if (attr.type() == type)
      return true;
    emitError(loc) << what << ": attribute '" << attr.name() << "' must be "
                   << attributeTypeName(type) << ", but is "
                   << attributeTypeName(attr.type());
    return false;
  };
  if (attr.name() == "value") {
    if (!expect(pb::AttributeProto::TENSOR))
      return failure();
    FailureOr<ElementsAttr> tensor =
        convertTensor(attr.t(), what + ": attribute 'value'");
    if (failed(tensor))
      return failure();
    value = *tensor;
  } else if (attr.name() == "value_float") {
    if (!expect(pb::AttributeProto::FLOAT))
      return failure();
    value = DenseElementsAttr::get(RankedTensorType::get({}, b.getF32Type()),
                                   attr.f());
  } else if (attr.name() == "value_floats") {
    if (!expect(pb::AttributeProto::FLOATS))
      return failure();
    SmallVector<float> floats(attr.floats().begin(), attr.floats().end());
    value = DenseElementsAttr::get(
        RankedTensorType::get({int64_t(floats.size())}, b.getF32Type()),
        ArrayRef<float>(floats));
  } else if (attr.name() == "value_int") {
    if (!expect(pb::AttributeProto::INT))
      return failure();
    value = DenseElementsAttr::get(RankedTensorType::get({}, b.getI64Type()),
                                   static_cast<int64_t>(attr.i()));
  } else if (attr.name() == "value_ints") {
    if (!expect(pb::AttributeProto::INTS))
      return failure();
    SmallVector<int64_t> ints(attr.ints().begin(), attr.ints().end());
    value = DenseElementsAttr::get(
        RankedTensorType::get({int64_t(ints.size())}, b.getI64Type()),
        ArrayRef<int64_t>(ints));
  } else if (attr.name() == "value_string") {
    if (!expect(pb::AttributeProto::STRING))
      return failure();
    value = DenseStringElementsAttr::get(
        RankedTensorType::get({}, op::StringType::get(context)),
        {StringRef(attr.s())});
  } else if (attr.name() == "value_strings") {
    if (!expect(pb::AttributeProto::STRINGS))
      return failure();
    SmallVector<StringRef> strings(attr.strings().begin(),
                                   attr.strings().end());
    value = DenseStringElementsAttr::get(
        RankedTensorType::get({int64_t(strings.size())},
                              op::StringType::get(context)),
        strings);
  } else {
    return emitError(loc) << what << ": attribute '" << attr.name()
                          << "' is not supported";
  }
  return defineNodeOutput(node, op::ConstantOp::create(builder, loc, value),
                          loc, what, /*refinableResult=*/false);
}

namespace {
/// The version a node resolves to: 0 when onnxc does not support it;
/// `resolved` is the op for every version but Constant's.
struct NodeVersion {
  int64_t version = 0;
  std::optional<op::OperatorVersion> resolved;
};
} // namespace

static bool isDefaultDomain(const pb::NodeProto &node) {
  return node.domain().empty() || node.domain() == "ai.onnx";
}

static NodeVersion resolveNode(MLIRContext *context, const pb::NodeProto &node,
                               int64_t opset) {
  NodeVersion result;
  if (!isDefaultDomain(node))
    return result;
  if (node.op_type() == "Constant") {
    for (int64_t v : kConstantVersions)
      if (v <= opset)
        result.version = v;
    return result;
  }
  result.resolved = op::resolveOperatorVersion(context, node.op_type(), opset);
  if (result.resolved)
    result.version = result.resolved->sinceVersion;
  return result;
}

LogicalResult
ModelImporter::checkOperatorsSupported(const pb::GraphProto &graph) {
  struct Unsupported {
    std::string type;
    int count = 0;
    std::string firstNode;
  };
  SmallVector<Unsupported> unsupported;
  llvm::StringMap<size_t> positions;
  for (auto [index, node] : llvm::enumerate(graph.node())) {
    if (resolveNode(context, node, opset).version != 0)
      continue;
    std::string type = node.op_type();
    if (!isDefaultDomain(node))
      type = node.domain() + "." + type;
    auto [it, inserted] = positions.try_emplace(type, unsupported.size());
    if (inserted)
      unsupported.push_back(
          {type, 0, *op::describeModelLocation(nodeLoc(node, index))});
    ++unsupported[it->second].count;
  }
  if (unsupported.empty())
    return success();
  auto diag = emitError(fileLoc)
              << unsupported.size()
              << (unsupported.size() == 1 ? " operator" : " operators")
              << " of the graph at opset " << opset
              << (unsupported.size() == 1 ? " is" : " are")
              << " not supported: ";
  llvm::interleaveComma(unsupported, diag, [&](const Unsupported &u) {
    diag << "'" << u.type << "' (" << u.count
         << (u.count == 1 ? " node: " : " nodes, the first ") << u.firstNode
         << ")";
  });
  return diag << "; onnxc supports " << listSupportedOperators(context)
              << " of the default domain";
}

LogicalResult ModelImporter::importNode(const pb::NodeProto &node, int index) {
  Location loc = nodeLoc(node, index);
  std::string what = describeNode(node, loc);
  auto [version, resolved] = resolveNode(context, node, opset);
  if (version == 0)
    return emitError(loc) << what << ": unsupported operator";
  what += llvm::formatv(" resolved to {0}-{1}", node.op_type(), version);

  if (node.output_size() != 1 || node.output(0).empty())
    return emitError(loc) << what << ": expects exactly one output, got "
                          << node.output_size();
  if (values.count(node.output(0)))
    return emitError(loc) << what << ": output '" << node.output(0)
                          << "' is already defined; ONNX values are assigned "
                             "once";

  if (!resolved)
    return importConstantNode(node, index, loc);

  NodeReader reader(*this, node, loc, what);
  auto *versioned = resolved->op.getInterface<op::VersionedOpInterface>();
  if (StringRef warning = versioned->getImportWarning(); !warning.empty())
    emitWarning(loc) << what << ": " << warning;
  OperationName name = resolved->op;
  Operation *created = nullptr;
  op::NodeForm form = versioned->getNodeForm();
  switch (form) {
  case op::NodeForm::ClipWithAttributeBounds:
    created = buildClipWithAttributeBounds(reader, name);
    break;
  case op::NodeForm::ClipWithInputBounds:
    created = buildClipWithInputBounds(reader, name);
    break;
  case op::NodeForm::UpsampleWithScaleAttributes:
  case op::NodeForm::UpsampleWithScalesAttribute:
  case op::NodeForm::UpsampleWithScalesInput:
    created = buildUpsample(reader, name, form);
    break;
  case op::NodeForm::ResizeWithScales:
  case op::NodeForm::ResizeWithOptionalInputs:
    created = buildResize(reader, name, form);
    break;
  case op::NodeForm::Generic:
    created = buildGeneric(reader, name);
    break;
  }
  if (!created)
    return failure();
  if (form == op::NodeForm::Generic) {
    // Folded as it is built, as OpBuilder::createOrFold does: a static
    // shape's arithmetic becomes the constant a later Resize reads, so that
    // the Resize's own type is static.
    if (failed(mlir::verify(created)))
      return failure();
    SmallVector<Value> folded;
    if (succeeded(builder.tryFold(created, folded)) && folded.size() == 1) {
      created->erase();
      return defineNodeValue(node, folded.front(), loc, what);
    }
  }
  // Only a resampled result may be stated more precisely than inferred.
  bool resamples = form != op::NodeForm::ClipWithAttributeBounds &&
                   form != op::NodeForm::ClipWithInputBounds &&
                   form != op::NodeForm::Generic;
  return defineNodeOutput(node, created, loc, what,
                          /*refinableResult=*/resamples);
}

/// Whether an op of `name` takes exactly N operands, or N and then more.
template <unsigned N> static bool takesAtLeast(OperationName name) {
  return name.hasTrait<OpTrait::NOperands<N>::template Impl>() ||
         name.hasTrait<OpTrait::AtLeastNOperands<N>::template Impl>();
}

/// The fewest operands an op of `name` takes, from its ODS traits (a fixed
/// count, or at least a count before variadic ones), up to five.
static std::optional<unsigned> getRequiredOperandCount(OperationName name) {
  if (name.hasTrait<OpTrait::ZeroOperands>())
    return 0;
  if (name.hasTrait<OpTrait::OneOperand>())
    return 1;
  if (takesAtLeast<5>(name))
    return 5;
  if (takesAtLeast<4>(name))
    return 4;
  if (takesAtLeast<3>(name))
    return 3;
  if (takesAtLeast<2>(name))
    return 2;
  return std::nullopt;
}

Operation *ModelImporter::createOp(OperationName name, Location loc,
                                   ValueRange operands,
                                   ArrayRef<NamedAttribute> attributes,
                                   Type resultType) {
  OperationState state(loc, name);
  state.addOperands(operands);
  state.addAttributes(attributes);
  state.addTypes(resultType);
  Operation *created = builder.create(state);
  if (auto infer = dyn_cast<InferTypeOpInterface>(created)) {
    SmallVector<Type> inferred;
    if (succeeded(infer.inferReturnTypes(context, loc, created->getOperands(),
                                         created->getRawDictionaryAttrs(),
                                         created->getPropertiesStorage(),
                                         created->getRegions(), inferred)) &&
        inferred.size() == 1)
      created->getResult(0).setType(inferred[0]);
  }
  return created;
}

/// `attr` as a float32 attribute, or null.
static FloatAttr getF32(Builder &b, const pb::AttributeProto *attr) {
  return attr ? b.getF32FloatAttr(attr->f()) : FloatAttr();
}

Operation *ModelImporter::buildClipWithAttributeBounds(NodeReader &node,
                                                       OperationName name) {
  Builder &b = builder;
  const pb::AttributeProto *min, *max, *consumed = nullptr;
  bool takesConsumedInputs =
      llvm::any_of(name.getAttributeNames(), [](StringAttr attr) {
        return attr.getValue() == "consumed_inputs";
      });
  if (failed(node.expectInputs(1, 1)) ||
      failed(node.takeAttr("min", pb::AttributeProto::FLOAT, min)) ||
      failed(node.takeAttr("max", pb::AttributeProto::FLOAT, max)) ||
      (takesConsumedInputs &&
       failed(node.takeAttr("consumed_inputs", pb::AttributeProto::INTS,
                            consumed))) ||
      failed(node.expectNoOtherAttributes()))
    return nullptr;
  FailureOr<Value> input = node.requireOperand(0, "input");
  if (failed(input))
    return nullptr;
  // Absent bounds stay absent: the op's definition says what they mean.
  SmallVector<NamedAttribute> attributes;
  if (min)
    attributes.push_back(b.getNamedAttr("min", getF32(b, min)));
  if (max)
    attributes.push_back(b.getNamedAttr("max", getF32(b, max)));
  if (consumed)
    attributes.push_back(
        b.getNamedAttr("consumed_inputs",
                       b.getDenseI64ArrayAttr(SmallVector<int64_t>(
                           consumed->ints().begin(), consumed->ints().end()))));
  return createOp(name, node.getLoc(), *input, attributes, (*input).getType());
}

Operation *ModelImporter::buildClipWithInputBounds(NodeReader &node,
                                                   OperationName name) {
  if (failed(node.expectInputs(1, 3)) || failed(node.expectNoOtherAttributes()))
    return nullptr;
  FailureOr<Value> input = node.requireOperand(0, "input");
  FailureOr<Value> min = node.operand(1);
  FailureOr<Value> max = node.operand(2);
  if (failed(input) || failed(min) || failed(max))
    return nullptr;
  SmallVector<Value> operands = {*input};
  for (Value bound : {*min, *max})
    if (bound)
      operands.push_back(bound);
  NamedAttribute segments = builder.getNamedAttr(
      OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr(),
      builder.getDenseI32ArrayAttr({1, *min ? 1 : 0, *max ? 1 : 0}));
  return createOp(name, node.getLoc(), operands, segments, (*input).getType());
}

/// Whether ops of `name` take attribute `attrName`.
static bool declaresAttribute(OperationName name, StringRef attrName) {
  return llvm::any_of(name.getAttributeNames(), [&](StringAttr attr) {
    return attr.getValue() == attrName;
  });
}

/// Takes string attribute `attrName`, when ops of `name` declare it, as the
/// enum attribute AttrT; a value of no case is an error that lists the
/// cases.
template <typename AttrT>
static LogicalResult takeEnumAttr(NodeReader &node, OperationName name,
                                  StringRef attrName,
                                  SmallVectorImpl<NamedAttribute> &attributes) {
  using Enum = decltype(std::declval<AttrT>().getValue());
  const pb::AttributeProto *attr;
  if (!declaresAttribute(name, attrName))
    return success();
  if (failed(node.takeAttr(attrName, pb::AttributeProto::STRING, attr)))
    return failure();
  if (!attr)
    return success();
  MLIRContext *context = name.getContext();
  if (std::optional<Enum> value = op::symbolizeEnum<Enum>(attr->s())) {
    attributes.emplace_back(StringAttr::get(context, attrName),
                            AttrT::get(context, *value));
    return success();
  }
  auto diag = node.error() << "attribute '" << attrName << "' must be one of ";
  // The cases are numbered from 0 on; past the last, stringifyEnum is "".
  for (unsigned i = 0;; ++i) {
    StringRef value = op::stringifyEnum(static_cast<Enum>(i));
    if (value.empty())
      break;
    diag << (i ? ", '" : "'") << value << "'";
  }
  return diag << ", but is '" << attr->s() << "'";
}

Operation *ModelImporter::buildUpsample(NodeReader &node, OperationName name,
                                        op::NodeForm form) {
  Builder &b = builder;
  SmallVector<NamedAttribute> attributes;
  if (failed(form == op::NodeForm::UpsampleWithScaleAttributes
                 ? takeEnumAttr<op::UpsampleV1ModeAttr>(node, name, "mode",
                                                        attributes)
                 : takeEnumAttr<op::UpsampleModeAttr>(node, name, "mode",
                                                      attributes)))
    return nullptr;
  FailureOr<Value> input = node.requireOperand(0, "X");
  if (failed(input))
    return nullptr;
  SmallVector<Value> operands = {*input};

  if (form == op::NodeForm::UpsampleWithScaleAttributes) {
    const pb::AttributeProto *height, *width;
    if (failed(node.expectInputs(1, 1)) ||
        failed(
            node.takeAttr("height_scale", pb::AttributeProto::FLOAT, height)) ||
        failed(
            node.takeAttr("width_scale", pb::AttributeProto::FLOAT, width)) ||
        failed(node.requireAttr("height_scale", height)) ||
        failed(node.requireAttr("width_scale", width)) ||
        failed(node.expectNoOtherAttributes()))
      return nullptr;
    attributes.push_back(b.getNamedAttr("height_scale", getF32(b, height)));
    attributes.push_back(b.getNamedAttr("width_scale", getF32(b, width)));
  } else if (form == op::NodeForm::UpsampleWithScalesAttribute) {
    const pb::AttributeProto *scales;
    if (failed(node.expectInputs(1, 1)) ||
        failed(node.takeAttr("scales", pb::AttributeProto::FLOATS, scales)) ||
        failed(node.requireAttr("scales", scales)) ||
        failed(node.expectNoOtherAttributes()))
      return nullptr;
    attributes.push_back(b.getNamedAttr(
        "scales", b.getDenseF32ArrayAttr(SmallVector<float>(
                      scales->floats().begin(), scales->floats().end()))));
  } else {
    if (failed(node.expectInputs(2, 2)) ||
        failed(node.expectNoOtherAttributes()))
      return nullptr;
    FailureOr<Value> scales = node.requireOperand(1, "scales");
    if (failed(scales))
      return nullptr;
    auto scalesType = dyn_cast<RankedTensorType>((*scales).getType());
    if (!scalesType || scalesType.getRank() != 1 ||
        !scalesType.getElementType().isF32()) {
      node.error() << "'scales' must be a 1-D float tensor, but is "
                   << (*scales).getType();
      return nullptr;
    }
    operands.push_back(*scales);
  }
  return createOp(name, node.getLoc(), operands, attributes,
                  (*input).getType());
}

Operation *ModelImporter::buildGeneric(NodeReader &node, OperationName name) {
  Builder &b = builder;
  const pb::NodeProto &proto = node.getProto();
  SmallVector<NamedAttribute> attributes;
  for (const pb::AttributeProto &attr : proto.attribute()) {
    if (!declaresAttribute(name, attr.name())) {
      node.error() << "unexpected attribute '" << attr.name() << "'";
      return nullptr;
    }
    Attribute value;
    switch (attr.type()) {
    case pb::AttributeProto::INT:
      value = b.getI64IntegerAttr(attr.i());
      break;
    case pb::AttributeProto::INTS:
      value = b.getDenseI64ArrayAttr(
          SmallVector<int64_t>(attr.ints().begin(), attr.ints().end()));
      break;
    case pb::AttributeProto::FLOAT:
      value = b.getF32FloatAttr(attr.f());
      break;
    case pb::AttributeProto::FLOATS:
      value = b.getDenseF32ArrayAttr(
          SmallVector<float>(attr.floats().begin(), attr.floats().end()));
      break;
    case pb::AttributeProto::STRING:
      value = b.getStringAttr(attr.s());
      break;
    case pb::AttributeProto::TENSOR: {
      FailureOr<ElementsAttr> tensor = convertTensor(
          attr.t(), "attribute '" + attr.name() + "' of " + proto.op_type());
      if (failed(tensor))
        return nullptr;
      value = *tensor;
      break;
    }
    default:
      node.error() << "attribute '" << attr.name() << "' is "
                   << attributeTypeName(attr.type())
                   << ", which the operator does not take";
      return nullptr;
    }
    attributes.push_back(b.getNamedAttr(attr.name(), value));
  }

  // Omitted inputs ("") may only end the list, except for Slice's optional
  // axes and steps, which its operand segments mark.
  bool segmented = name.hasTrait<OpTrait::AttrSizedOperandSegments>();
  SmallVector<Value> operands;
  SmallVector<int32_t> segments;
  int lastPresent = -1;
  for (int i = 0; i < proto.input_size(); ++i)
    if (!proto.input(i).empty())
      lastPresent = i;
  for (int i = 0; i <= lastPresent; ++i) {
    FailureOr<Value> value = node.operand(i);
    if (failed(value))
      return nullptr;
    if (!*value && !segmented) {
      node.error() << "input " << i
                   << " is omitted, but an input after it is not";
      return nullptr;
    }
    if (*value)
      operands.push_back(*value);
    segments.push_back(*value ? 1 : 0);
  }
  if (segmented) {
    if (segments.size() > size_t(kSliceInputs)) {
      node.error() << "takes at most " << kSliceInputs << " inputs, got "
                   << proto.input_size();
      return nullptr;
    }
    segments.resize(kSliceInputs, 0);
    attributes.push_back(builder.getNamedAttr(
        OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr(),
        builder.getDenseI32ArrayAttr(segments)));
  }
  if (operands.empty()) {
    node.error() << "needs at least one input";
    return nullptr;
  }
  // Required inputs left out ("" at the end of the list) leave the op short
  // of the operands its type inference reads.
  if (std::optional<unsigned> required = getRequiredOperandCount(name);
      required && operands.size() < *required) {
    node.error() << "needs " << *required << " inputs, got " << operands.size();
    return nullptr;
  }
  // Each attribute must be of the kind the op declares before the op holds
  // it (its properties keep only that kind).
  NamedAttrList attributeList(attributes);
  if (failed(name.verifyInherentAttrs(attributeList,
                                      [&] { return node.error(); })))
    return nullptr;
  // The op's type inference checks its operands and attributes; its message
  // is given as the node's, once.
  std::string message;
  Operation *created;
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      if (message.empty())
        message = diag.str();
      return success();
    });
    created = createOp(name, node.getLoc(), operands, attributes,
                       operands.front().getType());
  }
  if (!message.empty()) {
    created->erase();
    node.error() << message;
    return nullptr;
  }
  return created;
}

Operation *ModelImporter::buildResize(NodeReader &node, OperationName name,
                                      op::NodeForm form) {
  Builder &b = builder;
  auto declares = [&](StringRef attrName) {
    return declaresAttribute(name, attrName);
  };
  SmallVector<NamedAttribute> attributes;
  if (failed(
          takeEnumAttr<op::ResizeModeAttr>(node, name, "mode", attributes)) ||
      failed(takeEnumAttr<op::CoordinateTransformationModeAttr>(
          node, name, "coordinate_transformation_mode", attributes)) ||
      failed(takeEnumAttr<op::NearestModeAttr>(node, name, "nearest_mode",
                                               attributes)) ||
      failed(takeEnumAttr<op::KeepAspectRatioPolicyAttr>(
          node, name, "keep_aspect_ratio_policy", attributes)))
    return nullptr;
  for (StringRef floatName : {"cubic_coeff_a", "extrapolation_value"}) {
    const pb::AttributeProto *attr;
    if (!declares(floatName))
      continue;
    if (failed(node.takeAttr(floatName, pb::AttributeProto::FLOAT, attr)))
      return nullptr;
    if (attr)
      attributes.push_back(b.getNamedAttr(floatName, getF32(b, attr)));
  }
  for (StringRef intName : {"exclude_outside", "antialias"}) {
    const pb::AttributeProto *attr;
    if (!declares(intName))
      continue;
    if (failed(node.takeAttr(intName, pb::AttributeProto::INT, attr)))
      return nullptr;
    if (attr)
      attributes.push_back(
          b.getNamedAttr(intName, b.getI64IntegerAttr(attr->i())));
  }
  if (declares("axes")) {
    const pb::AttributeProto *attr;
    if (failed(node.takeAttr("axes", pb::AttributeProto::INTS, attr)))
      return nullptr;
    if (attr)
      attributes.push_back(b.getNamedAttr(
          "axes", b.getDenseI64ArrayAttr(SmallVector<int64_t>(
                      attr->ints().begin(), attr->ints().end()))));
  }
  if (failed(node.expectNoOtherAttributes()))
    return nullptr;
  int64_t version =
      name.getInterface<op::VersionedOpInterface>()->getSinceVersion();
  for (NamedAttribute attr : attributes)
    if (auto mode =
            dyn_cast<op::CoordinateTransformationModeAttr>(attr.getValue());
        mode &&
        mode.getValue() ==
            op::CoordinateTransformationMode::tf_half_pixel_for_nn &&
        version >= 13)
      node.warning()
          << "coordinate_transformation_mode 'tf_half_pixel_for_nn' was "
             "removed in Resize-13; computed as Resize-11 defines it";

  FailureOr<Value> input = node.requireOperand(0, "X");
  if (failed(input))
    return nullptr;
  SmallVector<Value> operands = {*input};
  // The 1-D inputs after X, checked for their element types here so that
  // the message names the input.
  auto take = [&](int i, StringRef inputName,
                  function_ref<bool(Type)> isElementType,
                  StringRef types) -> FailureOr<Value> {
    FailureOr<Value> value = node.operand(i);
    if (failed(value) || !*value)
      return value;
    auto type = dyn_cast<RankedTensorType>((*value).getType());
    if (!type || type.getRank() != 1 || !isElementType(type.getElementType())) {
      node.error() << "'" << inputName << "' must be a 1-D " << types
                   << " tensor, but is " << (*value).getType();
      return failure();
    }
    return value;
  };
  auto isF32 = [](Type t) { return t.isF32(); };
  auto isI64 = [](Type t) { return t.isInteger(64); };
  auto isRoi = [](Type t) { return t.isF16() || t.isF32() || t.isF64(); };

  if (form == op::NodeForm::ResizeWithScales) {
    if (failed(node.expectInputs(2, 2)))
      return nullptr;
    FailureOr<Value> scales = node.requireOperand(1, "scales");
    if (failed(scales) || failed(take(1, "scales", isF32, "float")))
      return nullptr;
    operands.push_back(*scales);
    return createOp(name, node.getLoc(), operands, attributes,
                    (*input).getType());
  }

  if (failed(node.expectInputs(1, 4)))
    return nullptr;
  FailureOr<Value> roi = take(1, "roi", isRoi, "float16, float or double");
  FailureOr<Value> scales = take(2, "scales", isF32, "float");
  FailureOr<Value> sizes = take(3, "sizes", isI64, "int64");
  if (failed(roi) || failed(scales) || failed(sizes))
    return nullptr;
  bool segmented = name.hasTrait<OpTrait::AttrSizedOperandSegments>();
  if (!segmented) {
    // Resize-11 requires roi and scales; an omitted one is the empty
    // tensor, which means the same. Such a model is not valid ONNX (ONNX
    // Runtime refuses it), so the user hears of it.
    for (auto [inputName, value] :
         {std::pair<StringRef, Value>{"roi", *roi}, {"scales", *scales}})
      if (!value)
        node.warning() << "Resize-" << version << " requires input '"
                       << inputName << "', but it is omitted; taken as absent";
    auto empty = [&]() -> Value {
      auto type = RankedTensorType::get({0}, b.getF32Type());
      return op::ConstantOp::create(
          builder, node.getLoc(),
          DenseElementsAttr::get(type, ArrayRef<float>()));
    };
    operands.push_back(*roi ? *roi : empty());
    operands.push_back(*scales ? *scales : empty());
    if (*sizes)
      operands.push_back(*sizes);
  } else {
    for (Value v : {*roi, *scales, *sizes})
      if (v)
        operands.push_back(v);
    attributes.push_back(builder.getNamedAttr(
        OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr(),
        builder.getDenseI32ArrayAttr(
            {1, *roi ? 1 : 0, *scales ? 1 : 0, *sizes ? 1 : 0})));
  }
  return createOp(name, node.getLoc(), operands, attributes,
                  (*input).getType());
}
