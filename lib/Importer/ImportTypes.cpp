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

FailureOr<Type>
ModelImporter::convertTensorElementType(const pb::TypeProto &type,
                                        const Twine &what) {
  if (!type.has_tensor_type()) {
    error() << what << " is not a tensor";
    return failure();
  }
  return convertElementType(type.tensor_type().elem_type(), what);
}

LogicalResult ModelImporter::checkElementCount(ArrayRef<int64_t> shape,
                                               const Twine &what) {
  // Element counts must stay far from int64 overflow in the shape
  // arithmetic of the compiler, the kernels and the runtime.
  int64_t staticElements = 1;
  for (int64_t size : shape) {
    if (ShapedType::isDynamic(size) || size == 0)
      continue;
    if (staticElements > kMaxElements / size)
      return error() << what << " has more than 2^48 elements";
    staticElements *= size;
  }
  return success();
}

FailureOr<RankedTensorType>
ModelImporter::convertValueType(const pb::TypeProto &type, const Twine &what,
                                SmallVectorImpl<StringRef> *dimParams) {
  FailureOr<Type> elementType = convertTensorElementType(type, what);
  if (failed(elementType))
    return failure();
  const pb::TypeProto::Tensor &tensor = type.tensor_type();
  if (!tensor.has_shape()) {
    error() << what << " has no shape; onnxc needs the rank of every tensor";
    return failure();
  }
  SmallVector<int64_t> shape;
  for (const pb::TensorShapeProto::Dimension &dim : tensor.shape().dim()) {
    if (dim.has_dim_value()) {
      if (dim.dim_value() < 0) {
        error() << what << " has a negative dimension " << dim.dim_value();
        return failure();
      }
      shape.push_back(dim.dim_value());
    } else {
      shape.push_back(ShapedType::kDynamic);
    }
    if (dimParams)
      dimParams->push_back(dim.has_dim_param() ? StringRef(dim.dim_param())
                                               : StringRef());
  }
  if (failed(checkElementCount(shape, what)))
    return failure();
  return RankedTensorType::get(shape, *elementType);
}

FailureOr<RankedTensorType>
ModelImporter::convertInputType(const pb::ValueInfoProto &input,
                                const InputShape *given,
                                SmallVectorImpl<StringRef> &dimParams) {
  std::string what = "graph input '" + input.name() + "'";
  const pb::TypeProto &type = input.type();
  bool declaresShape = type.has_tensor_type() && type.tensor_type().has_shape();
  if (!given) {
    if (type.has_tensor_type() && !declaresShape) {
      error() << what
              << " has no shape, and onnxc needs the rank of every tensor: "
                 "give it with --input-shape "
              << input.name() << "=DIMS (sizes or symbols, e.g. N,3,224,224)";
      return failure();
    }
    return convertValueType(type, what, &dimParams);
  }
  FailureOr<Type> elementType = convertTensorElementType(type, what);
  if (failed(elementType))
    return failure();
  auto givenType = RankedTensorType::get(given->sizes, *elementType);
  if (failed(checkElementCount(givenType.getShape(), what)))
    return failure();
  if (!declaresShape) {
    for (const std::string &symbol : given->symbols)
      dimParams.push_back(symbol);
    return givenType;
  }
  SmallVector<StringRef> declaredParams;
  FailureOr<RankedTensorType> declared =
      convertValueType(type, what, &declaredParams);
  if (failed(declared))
    return failure();
  std::optional<RankedTensorType> joined = join(givenType, *declared);
  if (!joined) {
    error() << what << " is declared as " << *declared
            << ", but --input-shape gives " << givenType;
    return failure();
  }
  for (auto [i, size] : llvm::enumerate(joined->getShape())) {
    StringRef symbol;
    if (ShapedType::isDynamic(size))
      symbol = given->symbols[i].empty() ? declaredParams[i]
                                         : StringRef(given->symbols[i]);
    dimParams.push_back(symbol);
  }
  return *joined;
}

FailureOr<SmallVector<const InputShape *>>
ModelImporter::matchInputShapes(ArrayRef<const pb::ValueInfoProto *> inputs) {
  SmallVector<const InputShape *> shapes(inputs.size(), nullptr);
  for (const InputShape &shape : options.inputShapes) {
    const auto *named = llvm::find_if(inputs, [&](const auto *input) {
      return input->name() == shape.input;
    });
    size_t index = named - inputs.begin();
    if (named == inputs.end() &&
        (StringRef(shape.input).getAsInteger(10, index) ||
         index >= inputs.size())) {
      InFlightDiagnostic diag = error();
      diag << "--input-shape names '" << shape.input
           << "', which is neither the name nor the position of a graph "
              "input; the inputs are ";
      llvm::interleaveComma(inputs, diag, [&](const auto *input) {
        diag << "'" << input->name() << "'";
      });
      return failure();
    }
    if (shapes[index]) {
      error() << "--input-shape gives graph input '" << inputs[index]->name()
              << "' twice";
      return failure();
    }
    shapes[index] = &shape;
  }
  return shapes;
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

FailureOr<std::optional<RankedTensorType>>
ModelImporter::reconcile(RankedTensorType computed, RankedTensorType declared,
                         StringRef name, Location loc, const Twine &prefix,
                         StringRef producer) {
  if (std::optional<RankedTensorType> joined = join(computed, declared))
    return joined;
  bool sameElements = computed.getElementType() == declared.getElementType();
  if (!sameElements || options.strictShapes) {
    emitError(loc) << prefix << "the model declares '" << name << "' as "
                   << declared << ", but " << producer << " computes "
                   << computed;
    return failure();
  }
  emitWarning(loc) << prefix << "the model declares '" << name << "' as "
                   << declared << ", but " << producer << " computes "
                   << computed
                   << "; using the computed shape (--strict-shapes makes "
                      "this an error)";
  setAsideDeclarations.insert(name);
  return std::optional<RankedTensorType>();
}
