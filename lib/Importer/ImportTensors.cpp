//===- ImportTensors.cpp - TensorProto data -------------------------------===//
//
// Tensor data, inline (typed fields or raw bytes) or external, to elements
// attributes; initializers to onnx.Constant. Every size is checked against
// the data actually present before anything is read.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"
#include "onnxc/Support/TensorData.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace onnxc;
using namespace onnxc::importer;
namespace op = onnxc::onnx;

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

  // The elements' raw little-endian bytes: the raw data, or the typed field
  // packed into that layout.
  std::string packed;
  if (!raw) {
    int64_t perElement = getScalarsPerElement(tensor.data_type());
    int64_t scalars = getTypedFieldScalarCount(tensor, tensor.data_type());
    if (scalars != numElements * perElement)
      return mismatch(std::max<int64_t>(scalars, 0) / perElement);
    appendTypedFieldBytes(tensor, tensor.data_type(), packed);
    raw = &packed;
  }
  bool isComplex = isa<ComplexType>(*elementType);
  unsigned elementBytes =
      (isComplex ? cast<ComplexType>(*elementType).getElementType()
                 : *elementType)
          .getIntOrFloatBitWidth() /
      8 * (isComplex ? 2 : 1);
  if (tensor.data_type() == pb::TensorProto::BOOL) {
    // One byte per bool; the attribute packs them into bits.
    if (static_cast<int64_t>(raw->size()) != numElements)
      return mismatch(raw->size());
    SmallVector<bool> bools;
    for (char c : *raw)
      bools.push_back(c != 0);
    return ElementsAttr(DenseElementsAttr::get(type, bools));
  }
  if (static_cast<int64_t>(raw->size()) != numElements * elementBytes)
    return mismatch(raw->size() / std::max(1u, elementBytes));
  // Large data moves into a resource blob: no copy (each of which pays
  // first-touch page faults), no per-element work and no hashing of the
  // whole buffer to unique an attribute. Small data is copied once into a
  // uniqued attribute.
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

LogicalResult ModelImporter::importInitializer(pb::TensorProto &tensor) {
  if (tensor.name().empty())
    return error() << "an initializer has no name";
  FailureOr<ElementsAttr> value = convertTensor(
      tensor, "initializer '" + tensor.name() + "'",
      tensor.has_raw_data() ? tensor.mutable_raw_data() : nullptr);
  if (failed(value))
    return failure();
  Location loc = onnx::getInitializerLocation(context, tensor.name(), fileLoc);
  values[tensor.name()] = op::ConstantOp::create(builder, loc, *value);
  return success();
}
