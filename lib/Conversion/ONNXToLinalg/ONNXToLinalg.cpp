//===- ONNXToLinalg.cpp - Lower onnx ops to linalg on tensors -------------===//
//
// The pass, the type converter and the lowering of onnx.Constant, of the
// latest Clip (LatestClipOp, which Relu becomes), and of Identity. Upsample is
// in UpsampleToLinalg.cpp, Resize in ResizeToLinalg.cpp.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Conversion/ONNXToLinalg/ONNXToLinalg.h"
#include "ONNXToLinalgPatterns.h"
#include "onnxc/Conversion/Passes.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

namespace onnxc {
#define GEN_PASS_DEF_CONVERTONNXTOLINALGPASS
#include "onnxc/Conversion/Passes.h.inc"
} // namespace onnxc

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

ONNXToLinalgTypeConverter::ONNXToLinalgTypeConverter(MLIRContext *context) {
  // Conversions are tried last-added first.
  addConversion([](Type type) { return type; });
  addConversion([context](IntegerType type) -> Type {
    if (type.isUnsigned())
      return IntegerType::get(context, type.getWidth());
    return type;
  });
  addConversion(
      [context](StringType) -> Type { return IntegerType::get(context, 64); });
  addConversion([this, context](RankedTensorType type) -> Type {
    // Booleans are bytes in memory (ONNX and the runtime store one per
    // byte), but LLVM packs vectors of i1 as bits: tensors hold them as i8.
    if (type.getElementType().isInteger(1))
      return type.clone(IntegerType::get(context, 8));
    Type elementType = convertType(type.getElementType());
    if (!elementType)
      return {};
    return type.clone(elementType);
  });
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

bool onnxc::onnx_to_linalg::hasStaticShapes(Operation *op) {
  auto isStatic = [](Type type) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    return ranked && ranked.hasStaticShape();
  };
  return llvm::all_of(op->getOperandTypes(), isStatic) &&
         llvm::all_of(op->getResultTypes(), isStatic);
}

Value onnxc::onnx_to_linalg::createEmptyLike(OpBuilder &b, Location loc,
                                             ArrayRef<OpFoldResult> sizes,
                                             Type elementType) {
  return tensor::EmptyOp::create(b, loc, sizes, elementType);
}

Value onnxc::onnx_to_linalg::extractFirstElement(OpBuilder &b, Location loc,
                                                 Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> indices(type.getRank(), zero);
  return tensor::ExtractOp::create(b, loc, tensor, indices);
}

//===----------------------------------------------------------------------===//
// onnx.Constant
//===----------------------------------------------------------------------===//

namespace {
struct ConstantLowering : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported type");
    if (isa<StringType>(op.getType().getElementType()))
      return rewriter.notifyMatchFailure(op, "string constant");
    ElementsAttr value = op.getValue();
    if (type != op.getType() && !op.getType().getElementType().isInteger(1)) {
      if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
        // Only the signedness changes: the same bytes, seen as signless.
        rewriter.replaceOpWithNewOp<arith::ConstantOp>(
            op, type,
            DenseResourceElementsAttr::get(type, resource.getRawHandle()));
        return success();
      }
    }
    if (type != op.getType()) {
      auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value);
      if (!dense)
        return rewriter.notifyMatchFailure(op, "non-dense converted constant");
      if (op.getType().getElementType().isInteger(1)) {
        // Booleans widen to bytes.
        value = dense.mapValues(type.getElementType(),
                                [](const APInt &bit) { return bit.zext(8); });
      } else {
        // Only the signedness changes (uiN -> iN): reinterpret the bits.
        value = dense.bitcast(type.getElementType());
      }
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Clip
//===----------------------------------------------------------------------===//

/// numeric_limits<T>::lowest() (or max()) of an element type, the value of
/// an absent bound.
static Value createExtremeValue(OpBuilder &b, Location loc, Type elementType,
                                bool isUnsigned, bool lowest) {
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(floatType, APFloat::getLargest(
                                      floatType.getFloatSemantics(), lowest)));
  unsigned width = elementType.getIntOrFloatBitWidth();
  APInt value = isUnsigned ? (lowest ? APInt::getMinValue(width)
                                     : APInt::getMaxValue(width))
                           : (lowest ? APInt::getSignedMinValue(width)
                                     : APInt::getSignedMaxValue(width));
  return arith::ConstantOp::create(b, loc,
                                   b.getIntegerAttr(elementType, value));
}

/// An Identity that did not fold: its input.
struct IdentityLowering : OpConversionPattern<IdentityV25Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IdentityV25Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getInput());
    return success();
  }
};

/// Clip as an elementwise linalg.generic of the input's rank (onnx-fuse
/// flattens what stays elementwise after fusion).
struct ClipLowering : OpConversionPattern<LatestClipOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LatestClipOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto type = cast<RankedTensorType>(input.getType());
    Type elementType = type.getElementType();
    bool isUnsigned =
        op.getInput().getType().getElementType().isUnsignedInteger();

    auto bound = [&](Value operand, bool lowest) -> Value {
      if (operand)
        return onnx_to_linalg::extractFirstElement(rewriter, loc, operand);
      return createExtremeValue(rewriter, loc, elementType, isUnsigned, lowest);
    };
    Value min = bound(adaptor.getMin(), /*lowest=*/true);
    Value max = bound(adaptor.getMax(), /*lowest=*/false);

    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);
    Value init =
        onnx_to_linalg::createEmptyLike(rewriter, loc, sizes, elementType);
    int64_t rank = type.getRank();
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, init.getType(), input, init,
        ArrayRef<AffineMap>{identity, identity}, iterators,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value x = args[0];
          Value y;
          if (isa<FloatType>(elementType)) {
            // t = x < min ? min : x; y = max < t ? max : t, with ordered
            // comparisons: a NaN input stays, a NaN bound is ignored.
            Value below = arith::CmpFOp::create(
                b, loc, arith::CmpFPredicate::OLT, x, min);
            Value t = arith::SelectOp::create(b, loc, below, min, x);
            Value above = arith::CmpFOp::create(
                b, loc, arith::CmpFPredicate::OLT, max, t);
            y = arith::SelectOp::create(b, loc, above, max, t);
          } else if (isUnsigned) {
            Value t = arith::MaxUIOp::create(b, loc, x, min);
            y = arith::MinUIOp::create(b, loc, t, max);
          } else {
            Value t = arith::MaxSIOp::create(b, loc, x, min);
            y = arith::MinSIOp::create(b, loc, t, max);
          }
          linalg::YieldOp::create(b, loc, y);
        });
    Value result = generic.getResult(0);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Rebuilds an op of another dialect (e.g. tensor.cast) whose types mention
/// converted element types, with the converted types.
struct ConvertOperandAndResultTypes final : ConversionPattern {
  ConvertOperandAndResultTypes(const TypeConverter &typeConverter,
                               MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/0,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<ONNXDialect>(op->getDialect()) || op->getNumRegions() != 0)
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs(), op->getSuccessors());
    Operation *newOp = rewriter.create(state);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Whether a shape or elementwise op (NodeForm::Generic) that did not fold
/// has a lowering.
static bool hasTensorOpLowering(Operation *op) {
  return isa<IdentityV25Op, ReluV14Op>(op) ||
         onnx_to_linalg::isLoweredElementwise(op) ||
         onnx_to_linalg::isLoweredDataMovement(op) ||
         onnx_to_linalg::isScalarizedShapeArithmetic(op);
}

/// Why a shape or elementwise op without a lowering was not computed at
/// compile time, from what its value depends on.
static std::string explainUnfolded(Operation *op) {
  auto readsOnlyDimensions = [](Operation *op) {
    StringRef name = cast<VersionedOpInterface>(op).getOperatorName();
    return name == "Shape" || name == "Size";
  };
  bool readsDimensions = readsOnlyDimensions(op), readsData = false;
  SmallVector<Value> worklist;
  if (!readsDimensions)
    llvm::append_range(worklist, op->getOperands());
  llvm::SmallPtrSet<Operation *, 16> visited;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    Operation *producer = value.getDefiningOp();
    if (!producer) {
      readsData = true;
      continue;
    }
    if (isa<ConstantOp>(producer) || !visited.insert(producer).second)
      continue;
    auto versioned = dyn_cast<VersionedOpInterface>(producer);
    if (versioned && readsOnlyDimensions(producer)) {
      readsDimensions = true;
      continue;
    }
    if (!versioned || versioned.getNodeForm() != NodeForm::Generic) {
      readsData = true;
      continue;
    }
    llvm::append_range(worklist, producer->getOperands());
  }
  // The values of a ConstantOfShape's shape are dimensions of the result,
  // which only compile time can fix.
  Value shape;
  if (auto constantOfShape = dyn_cast<ConstantOfShapeV25Op>(op))
    shape = constantOfShape.getInput();
  if (shape && !matchPattern(shape, m_Constant()))
    return "the values of its shape input are dimensions of its result, "
           "which onnxc needs at compile time: a constant, or computed "
           "from constants and static dimensions";
  if (isa<SqueezeV25Op>(op))
    return "a dimension it removes is known only at run time, and onnxc "
           "removes only dimensions known to be 1; give the graph inputs' "
           "shapes with --input-shape";
  if (readsData && isa<ConstantOfShapeV25Op>(op))
    return "onnxc computes this operator on tensor data only when every "
           "shape is known at compile time; give the graph inputs' shapes "
           "with --input-shape";
  if (readsData)
    return "onnxc computes this operator only on values known at compile "
           "time, and this one reads tensor data";
  if (readsDimensions)
    return "its value depends on dimensions known only at run time, which "
           "onnxc does not compute for this operator yet; give the graph "
           "inputs' shapes with --input-shape so that it folds";
  return llvm::formatv("its constant inputs have no value onnxc computes at "
                       "compile time (an integer division by zero, a string, "
                       "or more than {0} elements)",
                       kMaxFoldedElements)
      .str();
}

/// align_corners with scales divides by s * n - 1, where ONNX Runtime and
/// PyTorch (which exports such models) divide by the output length - 1:
/// where s * n is not an integer the results differ, and the user hears
/// of it, axis by axis.
static void warnAboutAlignCorners(LatestResizeOp op) {
  ResizeOperands resize = op.getResizeOperands();
  DenseFPElementsAttr scales;
  if (resize.coordinateMode != CoordinateTransformationMode::align_corners ||
      !resize.scales || !matchPattern(resize.scales, m_Constant(&scales)))
    return;
  auto inputType = cast<RankedTensorType>(resize.x.getType());
  SmallVector<int64_t> listed = resize.getListedAxes(inputType.getRank());
  if (static_cast<int64_t>(listed.size()) != scales.getNumElements())
    return;
  for (auto [d, scale] : llvm::zip(listed, scales.getValues<APFloat>())) {
    if (inputType.isDynamicDim(d))
      continue;
    int64_t n = inputType.getDimSize(d);
    double s = scale.convertToDouble(), length = s * double(n);
    std::optional<int64_t> out = getResizedLength(n, s);
    if (!out || *out <= 1 || length == std::floor(length))
      continue;
    op.emitWarning() << llvm::formatv(
        "align_corners on axis {0} divides by s * n - 1 = {1}, where ONNX "
        "Runtime and PyTorch divide by the output length - 1 = {2}; "
        "--resize-align-corners=onnxruntime computes it their way",
        d, llvm::format("%g", length - 1), *out - 1);
  }
}

struct ConvertONNXToLinalgPass
    : onnxc::impl::ConvertONNXToLinalgPassBase<ConvertONNXToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!alignCornersByOutputLength)
      module.walk(warnAboutAlignCorners);
    MLIRContext *context = &getContext();

    WalkResult walk = module.walk([](Operation *op) {
      if (isSupersededVersion(op)) {
        op->emitOpError("has no lowering of its own; run -onnx-upgrade-ops "
                        "first");
        return WalkResult::interrupt();
      }
      if (auto versioned = dyn_cast<VersionedOpInterface>(op);
          versioned && versioned.getNodeForm() == NodeForm::Generic &&
          !hasTensorOpLowering(op)) {
        op->emitError() << versioned.getOperatorName() << ": "
                        << explainUnfolded(op);
        return WalkResult::interrupt();
      }
      auto constant = dyn_cast<ConstantOp>(op);
      if (constant && isa<StringType>(constant.getType().getElementType())) {
        // Strings are pointers to caller-owned data at run time; constant
        // ones would need data of their own in the model.
        op->emitOpError("string constants have no lowering; pass string "
                        "tensors as model inputs");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    ONNXToLinalgTypeConverter typeConverter(context);
    ConversionTarget target(*context);
    target.addIllegalDialect<ONNXDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return typeConverter.isSignatureLegal(op.getFunctionType()) &&
             typeConverter.isLegal(&op.getBody());
    });
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return typeConverter.isLegal(op); });

    RewritePatternSet patterns(context);
    populateONNXToLinalgConversionPatterns(typeConverter, patterns,
                                           alignCornersByOutputLength);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(
        patterns, typeConverter);
    populateReturnOpTypeConversionPattern(patterns, typeConverter);
    populateCallOpTypeConversionPattern(patterns, typeConverter);
    patterns.add<ConvertOperandAndResultTypes>(typeConverter, context);
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace

void onnxc::populateONNXToLinalgConversionPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns,
    bool alignCornersByOutputLength) {
  patterns.add<ConstantLowering, ClipLowering, IdentityLowering>(
      typeConverter, patterns.getContext());
  // Relu becomes a Clip, lowered by ClipLowering.
  ReluV14Op::getCanonicalizationPatterns(patterns, patterns.getContext());
  onnx_to_linalg::populateElementwiseToLinalgPatterns(typeConverter, patterns);
  onnx_to_linalg::populateDataMovementToLinalgPatterns(typeConverter, patterns);
  onnx_to_linalg::populateShapeArithmeticToScalarsPatterns(typeConverter,
                                                           patterns);
  onnx_to_linalg::populateUpsampleToLinalgPatterns(typeConverter, patterns);
  onnx_to_linalg::populateResizeToLinalgPatterns(typeConverter, patterns,
                                                 alignCornersByOutputLength);
}
