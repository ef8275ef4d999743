//===- Importer.cpp - ONNX model to onnx dialect --------------------------===//
//
// Every protobuf field is checked before use: a malformed model gives a
// diagnostic naming the file, the node and the op, never a crash. Op rules
// (types, scales, bounds) are left to the op verifiers, run on each op as it
// is built so that their diagnostics point at the node.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Importer/Importer.h"
#include "onnxc/Dialect/ONNX/ElementTypes.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <onnx/defs/parser.h>
#include <onnx/onnx_pb.h>

#include <exception>

using namespace mlir;
using namespace onnxc;
namespace op = onnxc::onnx;
namespace pb = ::onnx;

namespace {

/// The most elements a tensor of the model may have (2^48: byte counts of
/// any element type stay far below int64 overflow).
constexpr int64_t kMaxElements = int64_t(1) << 48;

/// Description of a node for messages: "node 'name' (Clip)" or, unnamed,
/// "node #3 (Clip)".
std::string describeNode(const pb::NodeProto &node, int index) {
  std::string type = node.op_type();
  if (!node.domain().empty() && node.domain() != "ai.onnx")
    type = node.domain() + "." + type;
  if (!node.name().empty())
    return llvm::formatv("node '{0}' ({1})", node.name(), type).str();
  return llvm::formatv("node #{0} ({1})", index, type).str();
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

/// Operator versions onnxc implements, by ONNX operator name.
struct OperatorVersions {
  StringRef name;
  ArrayRef<int64_t> versions; // Ascending since_versions.
};
constexpr int64_t kClipVersions[] = {1, 6, 11, 12, 13};
constexpr int64_t kUpsampleVersions[] = {1, 7, 9, 10};
constexpr int64_t kConstantVersions[] = {1, 9, 11, 12, 13};
constexpr OperatorVersions kSupportedOperators[] = {
    {"Clip", kClipVersions},
    {"Upsample", kUpsampleVersions},
    {"Constant", kConstantVersions}};

/// The largest since_version <= opset, or 0 when the operator does not exist
/// yet at that opset.
int64_t resolveVersion(ArrayRef<int64_t> versions, int64_t opset) {
  int64_t resolved = 0;
  for (int64_t v : versions)
    if (v <= opset)
      resolved = v;
  return resolved;
}

std::string listSupportedOperators() {
  std::string list;
  llvm::raw_string_ostream os(list);
  llvm::interleave(
      kSupportedOperators, os,
      [&](const OperatorVersions &op) {
        os << op.name << " (versions ";
        llvm::interleaveComma(op.versions, os);
        os << ")";
      },
      ", ");
  return list;
}

class ModelImporter {
public:
  ModelImporter(MLIRContext *context, StringRef sourceName)
      : context(context), builder(context), sourceName(sourceName.str()),
        fileLoc(FileLineColLoc::get(context, sourceName, 0, 0)) {}

  OwningOpRef<ModuleOp> import(pb::ModelProto &model);

private:
  InFlightDiagnostic error() { return emitError(fileLoc); }

  Location nodeLoc(const pb::NodeProto &node, int index) {
    std::string name =
        node.name().empty() ? llvm::formatv("#{0}", index).str() : node.name();
    return NameLoc::get(StringAttr::get(context, name), fileLoc);
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
  LogicalResult defineNodeOutput(const pb::NodeProto &node, Operation *op,
                                 Location loc, StringRef what);

  /// The type the model declares for a value (value_info or graph output),
  /// if any; errors are diagnosed.
  FailureOr<std::optional<RankedTensorType>> getDeclaredType(StringRef name);
  /// The refinement of `computed` by `declared`: `computed` where `declared`
  /// is dynamic. Fails when the two disagree.
  static std::optional<RankedTensorType> join(RankedTensorType computed,
                                              RankedTensorType declared);

  MLIRContext *context;
  OpBuilder builder;
  std::string sourceName;
  Location fileLoc;
  int64_t opset = 0;
  llvm::StringMap<Value> values;
  llvm::StringMap<const pb::TypeProto *> declaredTypes;
};

FailureOr<Type> ModelImporter::convertElementType(int32_t type,
                                                  const Twine &what) {
  if (Type elementType = op::getElementType(context, type))
    return elementType;
  std::string name = pb::TensorProto::DataType_IsValid(type)
                         ? pb::TensorProto::DataType_Name(type)
                         : llvm::formatv("#{0}", type).str();
  error() << what << " has element type " << name
          << ", which no supported operator takes";
  return failure();
}

FailureOr<RankedTensorType>
ModelImporter::convertValueType(const pb::TypeProto &type, const Twine &what,
                                SmallVectorImpl<StringRef> *dimParams) {
  if (!type.has_tensor_type()) {
    error() << what << " is not a tensor";
    return failure();
  }
  const pb::TypeProto::Tensor &tensor = type.tensor_type();
  FailureOr<Type> elementType = convertElementType(tensor.elem_type(), what);
  if (failed(elementType))
    return failure();
  if (!tensor.has_shape()) {
    error() << what << " has no shape; onnxc needs the rank of every tensor";
    return failure();
  }
  SmallVector<int64_t> shape;
  int64_t staticElements = 1;
  for (const pb::TensorShapeProto::Dimension &dim : tensor.shape().dim()) {
    if (dim.has_dim_value()) {
      int64_t size = dim.dim_value();
      if (size < 0) {
        error() << what << " has a negative dimension " << size;
        return failure();
      }
      // Element counts must stay far from int64 overflow in the shape
      // arithmetic of the compiler, the kernels and the runtime.
      if (size > 0 && staticElements > kMaxElements / size) {
        error() << what << " has more than 2^48 elements";
        return failure();
      }
      staticElements *= size;
      shape.push_back(size);
    } else {
      shape.push_back(ShapedType::kDynamic);
    }
    if (dimParams)
      dimParams->push_back(dim.has_dim_param() ? StringRef(dim.dim_param())
                                               : StringRef());
  }
  return RankedTensorType::get(shape, *elementType);
}

FailureOr<std::string>
ModelImporter::readExternalData(const pb::TensorProto &tensor,
                                const Twine &what) {
  std::string location;
  int64_t offset = 0, length = -1;
  for (const pb::StringStringEntryProto &entry : tensor.external_data()) {
    if (entry.key() == "location")
      location = entry.value();
    else if ((entry.key() == "offset" &&
              !llvm::to_integer(entry.value(), offset)) ||
             (entry.key() == "length" &&
              !llvm::to_integer(entry.value(), length))) {
      error() << what << " has a malformed external data " << entry.key();
      return failure();
    }
  }
  if (location.empty() || llvm::sys::path::is_absolute(location) ||
      StringRef(location).contains("..")) {
    error() << what
            << " has external data without a location inside the "
               "model's directory";
    return failure();
  }
  // Only regular files that resolve (symbolic links followed) inside the
  // model's directory: a link must not embed any file the user can read,
  // and a FIFO or device must not block or never end.
  SmallString<256> directory(llvm::sys::path::parent_path(sourceName));
  if (directory.empty())
    directory = ".";
  SmallString<256> path(directory);
  llvm::sys::path::append(path, location);
  SmallString<256> realDirectory, realPath;
  if (std::error_code ec = llvm::sys::fs::real_path(directory, realDirectory)) {
    error() << what << ": cannot resolve the model's directory '" << directory
            << "': " << ec.message();
    return failure();
  }
  if (std::error_code ec = llvm::sys::fs::real_path(path, realPath)) {
    error() << what << ": cannot read external data '" << path
            << "': " << ec.message();
    return failure();
  }
  if (!StringRef(realPath).starts_with(realDirectory.str().str() + "/")) {
    error() << what << ": external data '" << path << "' resolves to '"
            << realPath << "', outside the model's directory";
    return failure();
  }
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(realPath, status)) {
    error() << what << ": cannot read external data '" << path
            << "': " << ec.message();
    return failure();
  }
  if (status.type() != llvm::sys::fs::file_type::regular_file) {
    error() << what << ": external data '" << path << "' is not a regular file";
    return failure();
  }
  // The range, without overflow; only its bytes are read.
  uint64_t size = status.getSize();
  if (offset < 0 || static_cast<uint64_t>(offset) > size ||
      (length >= 0 &&
       static_cast<uint64_t>(length) > size - static_cast<uint64_t>(offset))) {
    error() << what << ": external data range lies outside '" << path << "'";
    return failure();
  }
  uint64_t count = length >= 0 ? static_cast<uint64_t>(length) : size - offset;
  if (count == 0)
    return std::string();
  auto file = llvm::MemoryBuffer::getFileSlice(realPath, count, offset);
  if (!file) {
    error() << what << ": cannot read external data '" << path
            << "': " << file.getError().message();
    return failure();
  }
  StringRef data = (*file)->getBuffer();
  if (data.size() != count) {
    error() << what << ": external data '" << path << "' changed while read";
    return failure();
  }
  return data.str();
}

FailureOr<ElementsAttr>
ModelImporter::convertTensor(const pb::TensorProto &tensor, const Twine &what,
                             std::string *movableRaw) {
  if (!tensor.has_data_type()) {
    error() << what << " has no element type";
    return failure();
  }
  FailureOr<Type> elementType = convertElementType(tensor.data_type(), what);
  if (failed(elementType))
    return failure();
  SmallVector<int64_t> shape;
  int64_t numElements = 1;
  for (int64_t dim : tensor.dims()) {
    if (dim < 0 || (dim > 0 && numElements > kMaxElements / dim)) {
      error() << what << " has an invalid or too large shape";
      return failure();
    }
    shape.push_back(dim);
    numElements *= dim;
  }
  auto type = RankedTensorType::get(shape, *elementType);
  auto mismatch = [&](int64_t count) {
    error() << what << " holds " << count << " values for a tensor of "
            << numElements << " elements of " << *elementType;
    return failure();
  };

  if (tensor.data_type() == pb::TensorProto::STRING) {
    if (tensor.string_data_size() != numElements)
      return mismatch(tensor.string_data_size());
    SmallVector<StringRef> strings(tensor.string_data().begin(),
                                   tensor.string_data().end());
    return ElementsAttr(DenseStringElementsAttr::get(type, strings));
  }

  std::string external;
  const std::string *raw = nullptr;
  if (tensor.data_location() == pb::TensorProto::EXTERNAL) {
    FailureOr<std::string> data = readExternalData(tensor, what);
    if (failed(data))
      return failure();
    external = std::move(*data);
    raw = &external;
    movableRaw = &external;
  } else if (tensor.has_raw_data()) {
    raw = &tensor.raw_data();
  } else {
    movableRaw = nullptr;
  }

  bool isComplex = isa<ComplexType>(*elementType);
  unsigned scalarBytes =
      (isComplex ? cast<ComplexType>(*elementType).getElementType()
                 : *elementType)
          .getIntOrFloatBitWidth() /
      8;
  if (tensor.data_type() == pb::TensorProto::BOOL) {
    SmallVector<bool> bools;
    if (raw) {
      if (static_cast<int64_t>(raw->size()) != numElements)
        return mismatch(raw->size());
      for (char c : *raw)
        bools.push_back(c != 0);
    } else {
      if (tensor.int32_data_size() != numElements)
        return mismatch(tensor.int32_data_size());
      for (int32_t v : tensor.int32_data())
        bools.push_back(v != 0);
    }
    return ElementsAttr(DenseElementsAttr::get(type, bools));
  }

  int64_t numScalars = numElements * (isComplex ? 2 : 1);
  std::string packed;
  if (raw) {
    if (static_cast<int64_t>(raw->size()) != numScalars * scalarBytes)
      return mismatch(raw->size() / std::max(1u, scalarBytes) /
                      (isComplex ? 2 : 1));
  } else {
    // Typed fields: pack them into the raw little-endian layout.
    auto pack = [&](const auto &field, auto narrow) -> LogicalResult {
      if (field.size() != numScalars) {
        (void)mismatch(field.size() / (isComplex ? 2 : 1));
        return failure();
      }
      packed.resize(numScalars * scalarBytes);
      char *out = packed.data();
      for (auto v : field) {
        auto n = narrow(v);
        std::memcpy(out, &n, sizeof(n));
        out += sizeof(n);
      }
      return success();
    };
    LogicalResult packedOk = failure();
    switch (tensor.data_type()) {
    case pb::TensorProto::FLOAT:
    case pb::TensorProto::COMPLEX64:
      packedOk = pack(tensor.float_data(), [](float v) { return v; });
      break;
    case pb::TensorProto::DOUBLE:
    case pb::TensorProto::COMPLEX128:
      packedOk = pack(tensor.double_data(), [](double v) { return v; });
      break;
    case pb::TensorProto::INT8:
    case pb::TensorProto::UINT8:
      packedOk = pack(tensor.int32_data(),
                      [](int32_t v) { return static_cast<uint8_t>(v); });
      break;
    case pb::TensorProto::INT16:
    case pb::TensorProto::UINT16:
    case pb::TensorProto::FLOAT16:
    case pb::TensorProto::BFLOAT16:
      packedOk = pack(tensor.int32_data(),
                      [](int32_t v) { return static_cast<uint16_t>(v); });
      break;
    case pb::TensorProto::INT32:
      packedOk = pack(tensor.int32_data(), [](int32_t v) { return v; });
      break;
    case pb::TensorProto::INT64:
      packedOk = pack(tensor.int64_data(), [](int64_t v) { return v; });
      break;
    case pb::TensorProto::UINT32:
      packedOk = pack(tensor.uint64_data(),
                      [](uint64_t v) { return static_cast<uint32_t>(v); });
      break;
    case pb::TensorProto::UINT64:
      packedOk = pack(tensor.uint64_data(), [](uint64_t v) { return v; });
      break;
    default:
      break;
    }
    if (failed(packedOk))
      return failure();
    raw = &packed;
  }
  // Large data moves into a resource blob: no copy, no per-element work and
  // no hashing of the whole buffer to unique an attribute. (On these
  // machines every copy of 100 MB also costs ~0.3 s of first-touch page
  // faults.) Small data is copied once into a uniqued attribute.
  constexpr size_t kResourceThreshold = size_t(1) << 20;
  if (movableRaw && raw == movableRaw && raw->size() >= kResourceThreshold) {
    auto *owned = new std::string(std::move(*movableRaw));
    AsmResourceBlob blob(
        ArrayRef<char>(owned->data(), owned->size()), alignof(std::max_align_t),
        [owned](void *, size_t, size_t) { delete owned; },
        /*dataIsMutable=*/false);
    return ElementsAttr(DenseResourceElementsAttr::get(type, "onnx_initializer",
                                                       std::move(blob)));
  }
  return ElementsAttr(DenseElementsAttr::getFromRawBuffer(
      type, ArrayRef<char>(raw->data(), raw->size())));
}

FailureOr<std::optional<RankedTensorType>>
ModelImporter::getDeclaredType(StringRef name) {
  auto it = declaredTypes.find(name);
  if (it == declaredTypes.end())
    return std::optional<RankedTensorType>();
  const pb::TypeProto &type = *it->second;
  // A value_info without an element type or shape declares nothing useful.
  if (!type.has_tensor_type() || type.tensor_type().elem_type() == 0 ||
      !type.tensor_type().has_shape())
    return std::optional<RankedTensorType>();
  FailureOr<RankedTensorType> converted =
      convertValueType(type, "value '" + name + "'", nullptr);
  if (failed(converted))
    return failure();
  return std::optional<RankedTensorType>(*converted);
}

std::optional<RankedTensorType> ModelImporter::join(RankedTensorType computed,
                                                    RankedTensorType declared) {
  if (computed.getElementType() != declared.getElementType() ||
      computed.getRank() != declared.getRank())
    return std::nullopt;
  SmallVector<int64_t> shape;
  for (auto [c, d] :
       llvm::zip_equal(computed.getShape(), declared.getShape())) {
    if (!ShapedType::isDynamic(c) && !ShapedType::isDynamic(d) && c != d)
      return std::nullopt;
    shape.push_back(ShapedType::isDynamic(c) ? d : c);
  }
  return computed.clone(shape);
}

LogicalResult ModelImporter::importInitializer(pb::TensorProto &tensor) {
  if (tensor.name().empty())
    return error() << "an initializer has no name";
  FailureOr<ElementsAttr> value = convertTensor(
      tensor, "initializer '" + tensor.name() + "'",
      tensor.has_raw_data() ? tensor.mutable_raw_data() : nullptr);
  if (failed(value))
    return failure();
  Location loc = NameLoc::get(builder.getStringAttr(tensor.name()), fileLoc);
  values[tensor.name()] = op::ConstantOp::create(builder, loc, *value);
  return success();
}

LogicalResult ModelImporter::defineNodeOutput(const pb::NodeProto &node,
                                              Operation *op, Location loc,
                                              StringRef what) {
  if (failed(mlir::verify(op)))
    return failure();
  const std::string &name = node.output(0);
  Value result = op->getResult(0);
  FailureOr<std::optional<RankedTensorType>> declared = getDeclaredType(name);
  if (failed(declared))
    return failure();
  if (*declared && **declared != result.getType()) {
    auto computed = cast<RankedTensorType>(result.getType());
    std::optional<RankedTensorType> refined = join(computed, **declared);
    if (!refined)
      return emitError(loc)
             << what << ": the model declares '" << name << "' as "
             << **declared << ", but the node computes " << computed;
    if (*refined != computed) {
      // Upsample may state a more static result (it is checked against the
      // scales); for Clip the result is its input type, so cast.
      if (isa<op::UpsampleV1Op, op::UpsampleV7Op, op::UpsampleV9Op,
              op::UpsampleV10Op>(op)) {
        result.setType(*refined);
        if (failed(mlir::verify(op)))
          return failure();
      } else {
        result = tensor::CastOp::create(builder, loc, *refined, result);
      }
    }
  }
  values[name] = result;
  return success();
}

LogicalResult ModelImporter::importConstantNode(const pb::NodeProto &node,
                                                int index, Location loc) {
  std::string what = describeNode(node, index);
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
                          loc, what);
}

LogicalResult ModelImporter::importNode(const pb::NodeProto &node, int index) {
  Location loc = nodeLoc(node, index);
  std::string what = describeNode(node, index);
  StringRef domain = node.domain();
  bool defaultDomain = domain.empty() || domain == "ai.onnx";

  const OperatorVersions *known = nullptr;
  for (const OperatorVersions &op : kSupportedOperators)
    if (defaultDomain && op.name == node.op_type())
      known = &op;
  int64_t version = known ? resolveVersion(known->versions, opset) : 0;
  if (!known || version == 0) {
    auto diag = emitError(loc) << what << ": unsupported operator '"
                               << node.op_type() << "' of domain '"
                               << (domain.empty() ? "ai.onnx" : domain) << "'";
    if (defaultDomain)
      diag << " at opset " << opset;
    return diag << "; onnxc supports " << listSupportedOperators()
                << " of the default domain";
  }
  what += llvm::formatv(" resolved to {0}-{1}", node.op_type(), version);

  if (node.output_size() != 1 || node.output(0).empty())
    return emitError(loc) << what << ": expects exactly one output, got "
                          << node.output_size();
  if (values.count(node.output(0)))
    return emitError(loc) << what << ": output '" << node.output(0)
                          << "' is already defined; ONNX values are assigned "
                             "once";

  if (node.op_type() == "Constant")
    return importConstantNode(node, index, loc);

  // Attributes: check each one's kind; unknown ones are errors.
  llvm::StringMap<const pb::AttributeProto *> attrs;
  for (const pb::AttributeProto &attr : node.attribute())
    attrs[attr.name()] = &attr;
  auto takeAttr = [&](StringRef name, pb::AttributeProto::AttributeType type,
                      const pb::AttributeProto *&out) -> LogicalResult {
    out = nullptr;
    auto it = attrs.find(name);
    if (it == attrs.end())
      return success();
    const pb::AttributeProto *attr = it->second;
    attrs.erase(it);
    if (attr->type() != type)
      return emitError(loc) << what << ": attribute '" << name << "' must be "
                            << attributeTypeName(type) << ", but is "
                            << attributeTypeName(attr->type());
    out = attr;
    return success();
  };
  auto requireAttr = [&](StringRef name, const pb::AttributeProto *attr) {
    if (attr)
      return success();
    emitError(loc) << what << ": missing required attribute '" << name << "'";
    return failure();
  };

  // Operands: "" is an omitted optional input.
  auto operand = [&](int i) -> FailureOr<Value> {
    if (i >= node.input_size() || node.input(i).empty())
      return Value();
    auto it = values.find(node.input(i));
    if (it == values.end()) {
      emitError(loc) << what << ": input '" << node.input(i)
                     << "' is neither a graph input, an initializer nor the "
                        "output of an earlier node";
      return failure();
    }
    return it->second;
  };
  auto expectInputs = [&](int min, int max) -> LogicalResult {
    if (node.input_size() < min || node.input_size() > max)
      return emitError(loc)
             << what << ": takes " << min
             << (min == max ? "" : llvm::formatv(" to {0}", max).str())
             << (max == 1 ? " input" : " inputs") << ", got "
             << node.input_size();
    return success();
  };
  auto requireOperand = [&](int i, StringRef name) -> FailureOr<Value> {
    FailureOr<Value> v = operand(i);
    if (succeeded(v) && !*v) {
      emitError(loc) << what << ": missing required input '" << name << "'";
      return failure();
    }
    return v;
  };

  Builder &b = builder;
  Operation *created = nullptr;
  const pb::AttributeProto *minAttr, *maxAttr, *modeAttr;
  if (node.op_type() == "Clip") {
    if (version < 11) {
      if (failed(expectInputs(1, 1)))
        return failure();
      const pb::AttributeProto *consumed = nullptr;
      if (failed(takeAttr("min", pb::AttributeProto::FLOAT, minAttr)) ||
          failed(takeAttr("max", pb::AttributeProto::FLOAT, maxAttr)) ||
          (version == 1 &&
           failed(takeAttr("consumed_inputs", pb::AttributeProto::INTS,
                           consumed))))
        return failure();
      if (!attrs.empty())
        return emitError(loc) << what << ": unexpected attribute '"
                              << attrs.begin()->first() << "'";
      FailureOr<Value> input = requireOperand(0, "input");
      if (failed(input))
        return failure();
      FloatAttr min = minAttr ? b.getF32FloatAttr(minAttr->f()) : FloatAttr();
      FloatAttr max = maxAttr ? b.getF32FloatAttr(maxAttr->f()) : FloatAttr();
      if (version == 1) {
        DenseI64ArrayAttr consumedInputs;
        if (consumed)
          consumedInputs = b.getDenseI64ArrayAttr(SmallVector<int64_t>(
              consumed->ints().begin(), consumed->ints().end()));
        created = op::ClipV1Op::create(builder, loc, *input, min, max,
                                       consumedInputs);
      } else {
        // Absent attributes take the schema defaults, float32's extremes.
        if (!min)
          min = b.getF32FloatAttr(std::numeric_limits<float>::lowest());
        if (!max)
          max = b.getF32FloatAttr(std::numeric_limits<float>::max());
        created = op::ClipV6Op::create(builder, loc, *input, min, max);
      }
    } else {
      if (failed(expectInputs(1, 3)))
        return failure();
      if (!attrs.empty())
        return emitError(loc) << what << ": unexpected attribute '"
                              << attrs.begin()->first() << "'";
      FailureOr<Value> input = requireOperand(0, "input");
      FailureOr<Value> min = operand(1);
      FailureOr<Value> max = operand(2);
      if (failed(input) || failed(min) || failed(max))
        return failure();
      if (version == 11)
        created = op::ClipV11Op::create(builder, loc, *input, *min, *max);
      else if (version == 12)
        created = op::ClipV12Op::create(builder, loc, *input, *min, *max);
      else
        created = op::ClipV13Op::create(builder, loc, *input, *min, *max);
    }
  } else { // Upsample
    if (version >= 10)
      emitWarning(loc) << what << ": Upsample is deprecated from opset 10 "
                       << "on; imported as UpsampleV10 (the semantics of "
                          "Upsample-9)";
    if (failed(takeAttr("mode", pb::AttributeProto::STRING, modeAttr)))
      return failure();
    StringRef mode = modeAttr ? StringRef(modeAttr->s()) : "nearest";
    FailureOr<Value> input = requireOperand(0, "X");
    if (failed(input))
      return failure();
    StringAttr modeString = b.getStringAttr(mode);
    if (version == 1) {
      const pb::AttributeProto *height, *width;
      if (failed(expectInputs(1, 1)) ||
          failed(takeAttr("height_scale", pb::AttributeProto::FLOAT, height)) ||
          failed(takeAttr("width_scale", pb::AttributeProto::FLOAT, width)) ||
          failed(requireAttr("height_scale", height)) ||
          failed(requireAttr("width_scale", width)))
        return failure();
      if (!attrs.empty())
        return emitError(loc) << what << ": unexpected attribute '"
                              << attrs.begin()->first() << "'";
      created = op::UpsampleV1Op::create(
          builder, loc, *input, b.getF32FloatAttr(height->f()),
          b.getF32FloatAttr(width->f()), modeString);
    } else if (version == 7) {
      const pb::AttributeProto *scales;
      if (failed(expectInputs(1, 1)) ||
          failed(takeAttr("scales", pb::AttributeProto::FLOATS, scales)) ||
          failed(requireAttr("scales", scales)))
        return failure();
      if (!attrs.empty())
        return emitError(loc) << what << ": unexpected attribute '"
                              << attrs.begin()->first() << "'";
      created = op::UpsampleV7Op::create(
          builder, loc, *input,
          b.getDenseF32ArrayAttr(SmallVector<float>(scales->floats().begin(),
                                                    scales->floats().end())),
          modeString);
    } else {
      if (failed(expectInputs(2, 2)))
        return failure();
      if (!attrs.empty())
        return emitError(loc) << what << ": unexpected attribute '"
                              << attrs.begin()->first() << "'";
      FailureOr<Value> scales = requireOperand(1, "scales");
      if (failed(scales))
        return failure();
      auto scalesType = dyn_cast<RankedTensorType>((*scales).getType());
      if (!scalesType || scalesType.getRank() != 1 ||
          !scalesType.getElementType().isF32())
        return emitError(loc) << what
                              << ": 'scales' must be a 1-D float "
                                 "tensor, but is "
                              << (*scales).getType();
      if (version == 9)
        created =
            op::UpsampleV9Op::create(builder, loc, *input, *scales, modeString);
      else
        created = op::UpsampleV10Op::create(builder, loc, *input, *scales,
                                            modeString);
    }
  }
  return defineNodeOutput(node, created, loc, what);
}

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
  SmallVector<Type> argTypes;
  SmallVector<DictionaryAttr> argAttrs;
  SmallVector<std::string> argNames;
  for (const pb::ValueInfoProto &input : graph.input()) {
    if (initializerNames.contains(input.name()))
      continue;
    if (input.name().empty()) {
      error() << "a graph input has no name";
      return nullptr;
    }
    if (llvm::is_contained(argNames, input.name())) {
      error() << "graph input '" << input.name() << "' is listed twice";
      return nullptr;
    }
    SmallVector<StringRef> dimParams;
    FailureOr<RankedTensorType> type = convertValueType(
        input.type(), "graph input '" + input.name() + "'", &dimParams);
    if (failed(type))
      return nullptr;
    SmallVector<NamedAttribute> attrs = {
        b.getNamedAttr(op::ONNXDialect::NameAttrHelper::getNameStr(),
                       b.getStringAttr(input.name()))};
    if (llvm::any_of(dimParams, [](StringRef p) { return !p.empty(); }))
      attrs.push_back(
          b.getNamedAttr(op::ONNXDialect::DimParamsAttrHelper::getNameStr(),
                         b.getStrArrayAttr(dimParams)));
    argTypes.push_back(*type);
    argAttrs.push_back(b.getDictionaryAttr(attrs));
    argNames.push_back(input.name());
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
    values[argNames[i]] = entry->getArgument(i);
  }
  builder.setInsertionPointToStart(entry);

  for (pb::TensorProto &tensor : *graph.mutable_initializer())
    if (failed(importInitializer(tensor)))
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
    if (output.has_type() && output.type().has_tensor_type() &&
        output.type().tensor_type().elem_type() != 0 &&
        output.type().tensor_type().has_shape()) {
      SmallVector<StringRef> dimParams;
      FailureOr<RankedTensorType> declared = convertValueType(
          output.type(), "graph output '" + output.name() + "'", &dimParams);
      if (failed(declared))
        return nullptr;
      auto computed = cast<RankedTensorType>(value.getType());
      std::optional<RankedTensorType> refined = join(computed, *declared);
      if (!refined) {
        error() << "graph output '" << output.name() << "' is declared as "
                << *declared << ", but is computed as " << computed;
        return nullptr;
      }
      if (*refined != computed)
        value = tensor::CastOp::create(builder, fileLoc, *refined, value);
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

} // namespace

OwningOpRef<ModuleOp> onnxc::importONNXModel(MLIRContext *context,
                                             StringRef contents, bool isText,
                                             StringRef sourceName) {
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
  return ModelImporter(context, sourceName).import(model);
}

OwningOpRef<ModuleOp> onnxc::importONNXFile(MLIRContext *context,
                                            StringRef path) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file) {
    emitError(FileLineColLoc::get(context, path, 0, 0))
        << "cannot read the model: " << file.getError().message();
    return nullptr;
  }
  bool isText = path.ends_with(".onnxtxt");
  return importONNXModel(context, (*file)->getBuffer(), isText, path);
}
