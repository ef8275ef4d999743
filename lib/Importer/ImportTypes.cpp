//===- ImportTypes.cpp - ONNX element and value types ---------------------===//
//
// TypeProto to ranked tensor types, and the declared types of values
// (value_info, graph outputs) that refine what the nodes compute.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"
#include "onnxc/Dialect/ONNX/ElementTypes.h"

using namespace onnxc;
using namespace onnxc::importer;
namespace op = onnxc::onnx;

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
