//===- ConstantGlobals.cpp - Views of constant global tables --------------===//
//
// What compile time knows of a memref that views a constant memref.global:
// the tables the lowering emits as constants.
//
//===----------------------------------------------------------------------===//

#include "ConstantGlobals.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace onnxc::codegen;

DenseElementsAttr onnxc::codegen::getConstantGlobalValue(Value memref) {
  auto getGlobal = memref.getDefiningOp<memref::GetGlobalOp>();
  if (!getGlobal)
    return {};
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      getGlobal, getGlobal.getNameAttr());
  if (!global || !global.getConstant() || !global.getInitialValue())
    return {};
  return dyn_cast<DenseElementsAttr>(*global.getInitialValue());
}

std::optional<ConstantGlobalView>
onnxc::codegen::getConstantGlobalView(Value memref) {
  int64_t offset = 0;
  while (auto subview = memref.getDefiningOp<memref::SubViewOp>()) {
    auto sourceType = cast<MemRefType>(subview.getSource().getType());
    if (sourceType.getRank() != 1 || subview.getType().getRank() > 1)
      return std::nullopt;
    ArrayRef<int64_t> offsets = subview.getStaticOffsets();
    if (ShapedType::isDynamic(offsets[0]) ||
        !llvm::all_of(subview.getStaticStrides(),
                      [](int64_t s) { return s == 1; }))
      return std::nullopt;
    offset += offsets[0];
    memref = subview.getSource();
  }
  DenseElementsAttr value = getConstantGlobalValue(memref);
  if (!value || value.getType().getRank() != 1)
    return std::nullopt;
  return ConstantGlobalView{value, offset};
}

bool onnxc::codegen::readsConstantTableAt(Operation &op, Value iv) {
  auto subview = dyn_cast<memref::SubViewOp>(op);
  return subview && llvm::is_contained(subview.getOffsets(), iv) &&
         getConstantGlobalView(subview.getSource()).has_value();
}

std::optional<ConstantGlobalBox>
onnxc::codegen::getConstantGlobalBox(Value memref) {
  SmallVector<memref::SubViewOp> views;
  while (auto subview = memref.getDefiningOp<memref::SubViewOp>()) {
    if (!llvm::all_of(subview.getStaticStrides(),
                      [](int64_t s) { return s == 1; }))
      return std::nullopt;
    views.push_back(subview);
    memref = subview.getSource();
  }
  DenseElementsAttr value = getConstantGlobalValue(memref);
  if (!value || !value.getType().hasStaticShape())
    return std::nullopt;
  ConstantGlobalBox box{value, SmallVector<int64_t>(value.getType().getRank()),
                        llvm::to_vector(value.getType().getShape())};
  // The global's dimension of each dimension of the current view, and
  // whether a dynamic offset made the view's start along a global
  // dimension unknown: then [begin, end) only bounds where it may be.
  SmallVector<int64_t> dims =
      llvm::to_vector(llvm::seq<int64_t>(0, value.getType().getRank()));
  SmallVector<bool> floating(dims.size(), false);
  for (memref::SubViewOp subview : llvm::reverse(views)) {
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<int64_t> kept;
    for (auto [d, offset, size] : llvm::enumerate(subview.getStaticOffsets(),
                                                  subview.getStaticSizes())) {
      int64_t g = dims[d];
      if (ShapedType::isDynamic(offset)) {
        floating[g] = true;
      } else {
        box.begin[g] += offset;
        if (!floating[g] && !ShapedType::isDynamic(size))
          box.end[g] = std::min(box.end[g], box.begin[g] + size);
      }
      if (!dropped.test(d))
        kept.push_back(g);
    }
    dims = std::move(kept);
  }
  return box;
}

std::optional<Attribute> ConstantGlobalBox::getUniformValue() const {
  // Enough for the tables the lowering makes (a row weight per input row
  // and phase); larger boxes are not worth the walk.
  constexpr int64_t kMaxElements = 1 << 16;
  int64_t count = 1;
  for (auto [b, e] : llvm::zip_equal(begin, end)) {
    if (e <= b)
      return std::nullopt;
    count *= e - b;
    if (count > kMaxElements)
      return std::nullopt;
  }
  if (value.isSplat())
    return value.getSplatValue<Attribute>();
  SmallVector<int64_t> strides = computeStrides(value.getType().getShape());
  SmallVector<int64_t> boxShape;
  for (auto [b, e] : llvm::zip_equal(begin, end))
    boxShape.push_back(e - b);
  SmallVector<int64_t> boxStrides = computeStrides(boxShape);
  auto values = value.getValues<Attribute>();
  std::optional<Attribute> first;
  for (int64_t i = 0; i < count; ++i) {
    SmallVector<int64_t> position = delinearize(i, boxStrides);
    int64_t linear = 0;
    for (auto [p, b, stride] : llvm::zip_equal(position, begin, strides))
      linear += (p + b) * stride;
    Attribute element = values[linear];
    if (!first)
      first = element;
    else if (element != *first)
      return std::nullopt;
  }
  return first;
}

bool onnxc::codegen::viewsConstantGlobalAt(Operation &op, Value iv) {
  auto subview = dyn_cast<memref::SubViewOp>(op);
  return subview && llvm::is_contained(subview.getOffsets(), iv) &&
         getConstantGlobalBox(subview.getSource()).has_value();
}
