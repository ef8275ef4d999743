//===- Importer.cpp - ONNX model to onnx dialect --------------------------===//
//
// The model and its graph: opset, inputs, initializers, nodes in order,
// outputs. Every protobuf field is checked before use: a malformed model
// gives a diagnostic naming the file, the node and the op, never a crash.
// Op rules (types, scales, bounds) are left to the op verifiers, run on each
// op as it is built so that their diagnostics point at the node.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Importer/Importer.h"
#include "ImporterImpl.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

#include <onnx/defs/parser.h>

#include <climits>
#include <exception>

using namespace onnxc;
using namespace onnxc::importer;
namespace op = onnxc::onnx;

OwningOpRef<ModuleOp> ModelImporter::import(pb::ModelProto &model) {
  // The opset of the default domain decides every operator version.
  bool found = false;
  for (const pb::OperatorSetIdProto &set : model.opset_import()) {
    if (set.domain().empty() || set.domain() == "ai.onnx") {
      opset = set.version();
      found = true;
    }
  }
  if (!found) {
    if (model.ir_version() >= 3) {
      error() << "the model imports no version of the default ONNX domain "
                 "(opset_import)";
      return nullptr;
    }
    opset = 1; // IR versions before 3 had no opset_import: opset 1.
  }
  if (opset < 1) {
    error() << "invalid opset version " << opset << " for the default domain";
    return nullptr;
  }
  if (opset > op::kNewestKnownOpset)
    emitWarning(fileLoc) << "the model imports opset " << opset
                         << " of the default domain, newer than the newest "
                            "onnxc knows ("
                         << op::kNewestKnownOpset
                         << "): each node gets the newest version onnxc has";
  if (!model.has_graph()) {
    error() << "the model has no graph";
    return nullptr;
  }
  pb::GraphProto &graph = *model.mutable_graph();

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  Builder &b = builder;
  (*module)->setAttr(op::ONNXDialect::OpsetAttrHelper::getNameStr(),
                     b.getI64IntegerAttr(opset));
  (*module)->setAttr(op::ONNXDialect::IrVersionAttrHelper::getNameStr(),
                     b.getI64IntegerAttr(model.ir_version()));
  if (!graph.name().empty())
    (*module)->setAttr(op::ONNXDialect::GraphNameAttrHelper::getNameStr(),
                       b.getStringAttr(graph.name()));
  if (!model.producer_name().empty())
    (*module)->setAttr(op::ONNXDialect::ProducerNameAttrHelper::getNameStr(),
                       b.getStringAttr(model.producer_name()));

  for (const pb::ValueInfoProto &info : graph.value_info())
    if (info.has_type())
      declaredTypes[info.name()] = &info.type();
  for (const pb::ValueInfoProto &info : graph.output())
    if (info.has_type())
      declaredTypes[info.name()] = &info.type();

  // Arguments: graph inputs without an initializer, in graph order.
  llvm::StringSet<llvm::MallocAllocator> initializerNames;
  for (const pb::TensorProto &tensor : graph.initializer())
    initializerNames.insert(tensor.name());
  SmallVector<const pb::ValueInfoProto *> inputs;
  llvm::StringSet<llvm::MallocAllocator> inputNames;
  for (const pb::ValueInfoProto &input : graph.input()) {
    if (initializerNames.contains(input.name()))
      continue;
    if (input.name().empty()) {
      error() << "a graph input has no name";
      return nullptr;
    }
    if (!inputNames.insert(input.name()).second) {
      error() << "graph input '" << input.name() << "' is listed twice";
      return nullptr;
    }
    inputs.push_back(&input);
  }
  FailureOr<SmallVector<const InputShape *>> givenShapes =
      matchInputShapes(inputs);
  if (failed(givenShapes))
    return nullptr;
  SmallVector<Type> argTypes;
  SmallVector<DictionaryAttr> argAttrs;
  for (auto [input, given] : llvm::zip_equal(inputs, *givenShapes)) {
    SmallVector<StringRef> dimParams;
    FailureOr<RankedTensorType> type =
        convertInputType(*input, given, dimParams);
    if (failed(type))
      return nullptr;
    SmallVector<NamedAttribute> attrs = {
        b.getNamedAttr(op::ONNXDialect::NameAttrHelper::getNameStr(),
                       b.getStringAttr(input->name()))};
    if (llvm::any_of(dimParams, [](StringRef p) { return !p.empty(); }))
      attrs.push_back(
          b.getNamedAttr(op::ONNXDialect::DimParamsAttrHelper::getNameStr(),
                         b.getStrArrayAttr(dimParams)));
    argTypes.push_back(*type);
    argAttrs.push_back(b.getDictionaryAttr(attrs));
  }
  if (graph.output_size() == 0) {
    error() << "the graph has no outputs";
    return nullptr;
  }

  builder.setInsertionPointToEnd(module->getBody());
  auto func = func::FuncOp::create(builder, fileLoc, kMainGraphName,
                                   b.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  for (auto [i, attrs] : llvm::enumerate(argAttrs)) {
    func.setArgAttrs(i, attrs);
    values[inputs[i]->name()] = entry->getArgument(i);
  }
  builder.setInsertionPointToStart(entry);

  for (pb::TensorProto &tensor : *graph.mutable_initializer())
    if (failed(importInitializer(tensor)))
      return nullptr;
  if (failed(checkOperatorsSupported(graph)))
    return nullptr;
  for (auto [index, node] : llvm::enumerate(graph.node()))
    if (failed(importNode(node, index)))
      return nullptr;

  SmallVector<Value> results;
  SmallVector<Type> resultTypes;
  SmallVector<DictionaryAttr> resultAttrs;
  for (const pb::ValueInfoProto &output : graph.output()) {
    auto it = values.find(output.name());
    if (it == values.end()) {
      error() << "graph output '" << output.name()
              << "' is not produced by any node, input or initializer";
      return nullptr;
    }
    Value value = it->second;
    SmallVector<NamedAttribute> attrs = {
        b.getNamedAttr(op::ONNXDialect::NameAttrHelper::getNameStr(),
                       b.getStringAttr(output.name()))};
    // A declaration a node's output already set aside was warned about.
    if (output.has_type() && output.type().has_tensor_type() &&
        output.type().tensor_type().elem_type() != 0 &&
        output.type().tensor_type().has_shape() &&
        !setAsideDeclarations.contains(output.name())) {
      SmallVector<StringRef> dimParams;
      FailureOr<RankedTensorType> declared = convertValueType(
          output.type(), "graph output '" + output.name() + "'", &dimParams);
      if (failed(declared))
        return nullptr;
      auto computed = cast<RankedTensorType>(value.getType());
      FailureOr<std::optional<RankedTensorType>> refined = reconcile(
          computed, *declared, output.name(), fileLoc, "", "the graph");
      if (failed(refined))
        return nullptr;
      if (!*refined)
        dimParams.clear();
      else if (**refined != computed)
        value = tensor::CastOp::create(builder, fileLoc, **refined, value);
      if (llvm::any_of(dimParams, [](StringRef p) { return !p.empty(); }))
        attrs.push_back(
            b.getNamedAttr(op::ONNXDialect::DimParamsAttrHelper::getNameStr(),
                           b.getStrArrayAttr(dimParams)));
    }
    results.push_back(value);
    resultTypes.push_back(value.getType());
    resultAttrs.push_back(b.getDictionaryAttr(attrs));
  }
  func::ReturnOp::create(builder, fileLoc, results);
  func.setFunctionType(b.getFunctionType(argTypes, resultTypes));
  func.setAllResultAttrs(resultAttrs);

  if (failed(mlir::verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp> onnxc::importONNXModel(MLIRContext *context,
                                             StringRef contents, bool isText,
                                             StringRef sourceName,
                                             const ImportOptions &options) {
  context->loadDialect<op::ONNXDialect, func::FuncDialect,
                       tensor::TensorDialect>();
  Location fileLoc = FileLineColLoc::get(context, sourceName, 0, 0);
  pb::ModelProto model;
  // ONNX's parser reports errors through Status but may also throw; nothing
  // may escape into code built without exceptions.
  try {
    if (isText) {
      std::string text = contents.str();
      pb::Common::Status status = pb::OnnxParser::Parse(model, text.c_str());
      if (!status.IsOK()) {
        emitError(fileLoc) << "not a valid model in ONNX text syntax: "
                           << status.ErrorMessage();
        return nullptr;
      }
    } else if (contents.size() > static_cast<size_t>(INT_MAX) ||
               !model.ParseFromArray(contents.data(),
                                     static_cast<int>(contents.size()))) {
      emitError(fileLoc) << "not a valid ONNX model: the file is not a "
                            "ModelProto (unreadable, truncated or another "
                            "format)";
      return nullptr;
    }
  } catch (const std::exception &e) {
    emitError(fileLoc) << "not a valid ONNX model: " << e.what();
    return nullptr;
  }
  return ModelImporter(context, sourceName, options).import(model);
}

OwningOpRef<ModuleOp> onnxc::importONNXFile(MLIRContext *context,
                                            StringRef path,
                                            const ImportOptions &options) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file) {
    emitError(FileLineColLoc::get(context, path, 0, 0))
        << "cannot read the model: " << file.getError().message();
    return nullptr;
  }
  StringRef contents = (*file)->getBuffer();
  return importONNXModel(context, contents, isONNXTextSyntax(path, contents),
                         path, options);
}

bool onnxc::isONNXTextSyntax(StringRef name, StringRef contents) {
  return name.ends_with(".onnxtxt") || contents.ltrim().starts_with("<");
}

void onnxc::printModelDiagnostic(Diagnostic &diag, StringRef file,
                                 llvm::raw_ostream &os) {
  std::string locationFile;
  diag.getLocation()->walk([&](Location loc) {
    if (auto fileLoc = dyn_cast<FileLineColLoc>(loc);
        fileLoc && locationFile.empty())
      locationFile = fileLoc.getFilename().str();
    return WalkResult::advance();
  });
  std::optional<std::string> where =
      op::describeModelLocation(diag.getLocation());
  os << (locationFile.empty() ? file : StringRef(locationFile)) << ": ";
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Error:
    llvm::WithColor(os, llvm::HighlightColor::Error) << "error: ";
    break;
  case DiagnosticSeverity::Warning:
    llvm::WithColor(os, llvm::HighlightColor::Warning) << "warning: ";
    break;
  default:
    llvm::WithColor(os, llvm::HighlightColor::Note) << "note: ";
    break;
  }
  std::string message = diag.str();
  if (where && !StringRef(message).starts_with(*where))
    os << *where << ": ";
  os << message << "\n";
  for (Diagnostic &note : diag.getNotes())
    printModelDiagnostic(note, file, os);
}
