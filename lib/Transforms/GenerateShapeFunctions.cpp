//===- GenerateShapeFunctions.cpp - Output shapes and run-time checks -----===//
//
// The runtime must know the output shapes before it runs a kernel (outputs
// are written into buffers it allocates or the caller provides), and must
// reject inputs that docs/semantics.md's rules forbid but only run time can
// see. Both come from one compiled function per model function, derived here
// from the onnx ops: their shape reification gives the dimensions, and each op
// adds the checks its run-time operands need.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Dialect/ONNX/ONNXOps.h"
#include "onnxc/Dialect/ONNX/ResizeRules.h"
#include "onnxc/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXGENERATESHAPEFUNCTIONSPASS
#include "onnxc/Transforms/Passes.h.inc"
} // namespace onnxc

using namespace mlir;
using namespace onnxc::onnx;

namespace {

/// "Upsample node 'up1'" (or "Upsample node #0") from an op and its
/// location.
std::string describe(Operation *op) {
  StringRef family = op->getName().stripDialect();
  family = family.take_front(family.find('V'));
  std::optional<std::string> where = describeModelLocation(op->getLoc());
  if (!where)
    return (family + " node").str();
  return (family + " " + *where).str();
}

/// Builds the body of a shape function, which returns the status of the
/// first check that fails (1 + its index), or 0 and the dimensions.
///
/// A check whose failure would make later code read out of bounds (the
/// count of a run-time operand, before its elements are read) opens an
/// scf.if around that code. Other checks only join the status: the code
/// after them runs either way, and a value it computes from what a failed
/// check rejects (an fptosi out of range: poison) is never branched on or
/// returned with status 0. Nesting every check made models with long
/// chains of dynamic ops take time quadratic in their length to compile.
/// The ifs pass the dimensions out as scalars: a tensor yielded through
/// every check would become a buffer copied at each.
class CheckedBodyBuilder {
public:
  CheckedBodyBuilder(OpBuilder &builder, Location loc, int64_t numDims)
      : b(builder), loc(loc),
        dimsType(RankedTensorType::get({numDims}, builder.getI64Type())) {}

  /// Code built next runs only if `ok`; otherwise the function returns
  /// 1 + the index of this check.
  void guard(Value ok, std::string message) {
    check(ok, std::move(message));
    // Selects on each earlier check keep a later one's poison out.
    Value allOk = pending.back().ok;
    for (const Pending &p : llvm::reverse(ArrayRef(pending).drop_back()))
      allOk = arith::SelectOp::create(b, loc, p.ok, allOk, constantBool(false));
    auto ifOp = scf::IfOp::create(b, loc, resultTypes(), allOk,
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard insertion(b);
      b.setInsertionPointToStart(&ifOp.getElseRegion().front());
      SmallVector<Value> results = {firstFailure(/*none=*/nullptr)};
      results.append(dimsType.getNumElements(),
                     arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0)));
      scf::YieldOp::create(b, loc, results);
    }
    pending.clear();
    openChecks.push_back(ifOp);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  }

  /// The function returns 1 + the index of this check if `ok` is false and
  /// no earlier check failed.
  void check(Value ok, std::string message) {
    messages.push_back(std::move(message));
    pending.push_back({ok, static_cast<int32_t>(messages.size())});
  }

  /// Ends the body: the status and `dims`, passed out through every open
  /// guard.
  void finish(ArrayRef<Value> dims) {
    SmallVector<Value> results = {firstFailure(constantStatus(0))};
    llvm::append_range(results, dims);
    for (scf::IfOp ifOp : llvm::reverse(openChecks)) {
      scf::YieldOp::create(b, loc, results);
      b.setInsertionPointAfter(ifOp);
      results = SmallVector<Value>(ifOp.getResults());
    }
    Value tensor = tensor::FromElementsOp::create(
        b, loc, dimsType, ArrayRef(results).drop_front());
    func::ReturnOp::create(b, loc, ValueRange{results.front(), tensor});
  }

  ArrayRef<std::string> getMessages() const { return messages; }

private:
  struct Pending {
    Value ok;
    int32_t status;
  };

  /// The status of the first pending check that fails, else `none` (or,
  /// null, the last check's status: the caller knows one fails). Selects
  /// on the earlier check keep a later one's poison out of the result.
  Value firstFailure(Value none) {
    Value status = none;
    for (const Pending &p : llvm::reverse(pending)) {
      Value failed = constantStatus(p.status);
      status = status ? arith::SelectOp::create(b, loc, p.ok, status, failed)
                            .getResult()
                      : failed;
    }
    return status;
  }

  SmallVector<Type> resultTypes() {
    SmallVector<Type> types = {b.getI32Type()};
    types.append(dimsType.getNumElements(), b.getI64Type());
    return types;
  }
  Value constantStatus(int32_t status) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(status));
  }
  Value constantBool(bool value) {
    return arith::ConstantOp::create(b, loc, b.getBoolAttr(value));
  }

  OpBuilder &b;
  Location loc;
  RankedTensorType dimsType;
  SmallVector<std::string> messages;
  SmallVector<Pending> pending;
  SmallVector<scf::IfOp> openChecks;
};

Value product(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes) {
  Value result = arith::ConstantIndexOp::create(b, loc, 1);
  for (OpFoldResult size : sizes)
    result = arith::MulIOp::create(
        b, loc, result, getValueOrCreateConstantIndexOp(b, loc, size));
  return result;
}

Value allOf(OpBuilder &b, Location loc, ArrayRef<Value> conditions) {
  Value result = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  for (Value c : conditions)
    result = arith::AndIOp::create(b, loc, result, c);
  return result;
}

/// The product of index `factors` (negative ones taken as 0), or `limit` + 1
/// once it would pass `limit` (a positive index): a product that cannot
/// wrap, for checks against sizes no tensor reaches.
Value buildSaturatingProduct(OpBuilder &b, Location loc,
                             ArrayRef<Value> factors, int64_t limit) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value bound = arith::ConstantIndexOp::create(b, loc, limit);
  Value past = arith::ConstantIndexOp::create(b, loc, limit + 1);
  Value product = one;
  for (Value factor : factors) {
    factor = arith::MaxSIOp::create(b, loc, factor, zero);
    Value divisor = arith::SelectOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, factor, zero),
        one, factor);
    Value overflows =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, product,
                              arith::DivSIOp::create(b, loc, bound, divisor));
    product =
        arith::SelectOp::create(b, loc, overflows, past,
                                arith::MulIOp::create(b, loc, product, factor));
  }
  return product;
}

/// Clip: a bound of dynamic shape holds exactly one element.
void addChecks(LatestClipOp op, IRMapping &mapping, OpBuilder &b,
               CheckedBodyBuilder &checks) {
  Location loc = op.getLoc();
  std::pair<StringRef, Value> bounds[] = {{"min", op.getMin()},
                                          {"max", op.getMax()}};
  for (auto [name, bound] : bounds) {
    if (!bound || cast<RankedTensorType>(bound.getType()).hasStaticShape())
      continue;
    Value mapped = mapping.lookup(bound);
    Value numElements = product(b, loc, tensor::getMixedSizes(b, loc, mapped));
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    checks.check(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       numElements, one),
                 llvm::formatv("{0}: bound '{1}' must hold exactly one "
                               "element",
                               describe(op), name)
                     .str());
  }
}

/// Upsample with run-time scales: one finite scale >= 1 per dimension, and
/// output lengths that fit and agree with the declared ones.
void addChecks(LatestUpsampleOp op, IRMapping &mapping, OpBuilder &b,
               CheckedBodyBuilder &checks) {
  Location loc = op.getLoc();
  Value input = mapping.lookup(op.getX());
  auto inputType = op.getX().getType();
  auto resultType = op.getY().getType();
  int64_t rank = inputType.getRank();
  std::optional<SmallVector<float>> constantScales = op.getConstantScales();
  std::string what = describe(op);

  SmallVector<Value> scales;
  if (constantScales) {
    for (float s : *constantScales)
      scales.push_back(arith::ConstantOp::create(b, loc, b.getF32FloatAttr(s)));
  } else {
    Value scalesOperand = mapping.lookup(op.getScales());
    if (op.getScales().getType().isDynamicDim(0)) {
      Value count = tensor::DimOp::create(b, loc, scalesOperand, 0);
      Value expected = arith::ConstantIndexOp::create(b, loc, rank);
      checks.guard(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         count, expected),
                   llvm::formatv("{0}: scales must hold one value per input "
                                 "dimension ({1})",
                                 what, rank)
                       .str());
    }
    for (int64_t i = 0; i < rank; ++i) {
      Value index = arith::ConstantIndexOp::create(b, loc, i);
      scales.push_back(tensor::ExtractOp::create(b, loc, scalesOperand, index));
    }
    // Ordered comparisons: NaN fails both.
    Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
    Value largest = arith::ConstantOp::create(
        b, loc, b.getF32FloatAttr(std::numeric_limits<float>::max()));
    SmallVector<Value> valid;
    for (Value s : scales) {
      valid.push_back(
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, s, one));
      valid.push_back(
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, s, largest));
    }
    checks.check(
        allOf(b, loc, valid),
        llvm::formatv("{0}: scales must be finite and >= 1", what).str());
  }

  // float32(n) * s must stay below 2^62 to be a length.
  SmallVector<OpFoldResult> inSizes = tensor::getMixedSizes(b, loc, input);
  SmallVector<Value> fits;
  Value limit = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0x1p62f));
  for (int64_t i = 0; i < rank; ++i) {
    if (constantScales && !inputType.isDynamicDim(i))
      continue; // Checked by the verifier.
    Value n = getValueOrCreateConstantIndexOp(b, loc, inSizes[i]);
    Value nF32 = arith::SIToFPOp::create(
        b, loc, b.getF32Type(),
        arith::IndexCastOp::create(b, loc, b.getI64Type(), n));
    Value length = arith::MulFOp::create(b, loc, nF32, scales[i]);
    fits.push_back(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                         length, limit));
  }
  if (!fits.empty())
    checks.check(
        allOf(b, loc, fits),
        llvm::formatv("{0}: an output dimension is too large", what).str());

  for (int64_t i = 0; i < rank; ++i) {
    if (resultType.isDynamicDim(i) ||
        (constantScales && !inputType.isDynamicDim(i)))
      continue;
    Value n = getValueOrCreateConstantIndexOp(b, loc, inSizes[i]);
    Value length = buildUpsampledLength(b, loc, n, scales[i]);
    Value declared =
        arith::ConstantIndexOp::create(b, loc, resultType.getDimSize(i));
    checks.check(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, length,
                                       declared),
                 llvm::formatv("{0}: output dimension {1} is declared as {2}, "
                               "but the scales give another length",
                               what, i, resultType.getDimSize(i))
                     .str());
  }
}

/// Resize with run-time inputs: as many scales, sizes and roi values as the
/// resized axes need, finite scales > 0, sizes >= 0, and output lengths that
/// fit, agree with the declared ones and leave no empty axis to fill.
void addResizeChecks(Operation *op, const ResizeOperands &resize,
                     IRMapping &mapping, OpBuilder &b,
                     CheckedBodyBuilder &checks) {
  Location loc = op->getLoc();
  std::string what = describe(op);
  Value input = mapping.lookup(resize.x);
  auto inputType = cast<RankedTensorType>(resize.x.getType());
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = inputType.getRank();
  int64_t count = resize.getListedAxes(rank).size();
  auto isConstant = [](Value v) { return matchPattern(v, m_Constant()); };
  auto index = [&](int64_t i) -> Value {
    return arith::ConstantIndexOp::create(b, loc, i);
  };

  // Lengths first: every later read depends on them.
  bool crop =
      resize.coordinateMode == CoordinateTransformationMode::tf_crop_and_resize;
  std::pair<StringRef, Value> given[] = {{"scales", resize.scales},
                                         {"sizes", resize.sizes},
                                         {"roi", crop ? resize.roi : Value()}};
  for (auto [name, value] : given) {
    if (!value || !cast<RankedTensorType>(value.getType()).isDynamicDim(0))
      continue;
    int64_t expected = name == "roi" ? 2 * count : count;
    Value length = tensor::DimOp::create(b, loc, mapping.lookup(value), 0);
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, length,
                                     index(expected));
    // An empty roi is the whole input.
    if (name == "roi")
      ok = arith::OrIOp::create(b, loc, ok,
                                arith::CmpIOp::create(b, loc,
                                                      arith::CmpIPredicate::eq,
                                                      length, index(0)));
    checks.guard(ok,
                 llvm::formatv("{0}: '{1}' must hold {2} values{3}", what, name,
                               expected, name == "roi" ? " (or none)" : "")
                     .str());
  }
  if (crop && resize.roi && !isConstant(resize.roi)) {
    // Read only when the roi holds its values (an empty one has none).
    Value roi = mapping.lookup(resize.roi);
    auto roiType = cast<RankedTensorType>(roi.getType());
    auto elementType = cast<FloatType>(roiType.getElementType());
    auto allFinite = [&](OpBuilder &nb, Location nloc) -> Value {
      Value largest = arith::ConstantOp::create(
          nb, nloc,
          nb.getFloatAttr(elementType, APFloat::getLargest(
                                           elementType.getFloatSemantics())));
      SmallVector<Value> finite;
      for (int64_t i = 0; i < 2 * count; ++i) {
        Value v = tensor::ExtractOp::create(
            nb, nloc, roi,
            ValueRange{arith::ConstantIndexOp::create(nb, nloc, i)});
        // Ordered: NaN fails.
        finite.push_back(
            arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLE,
                                  math::AbsFOp::create(nb, nloc, v), largest));
      }
      return allOf(nb, nloc, finite);
    };
    Value finite;
    if (!roiType.isDynamicDim(0)) {
      finite = allFinite(b, loc);
    } else {
      Value isEmpty = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          tensor::DimOp::create(b, loc, roi, 0), index(0));
      auto ifOp = scf::IfOp::create(
          b, loc, isEmpty,
          [&](OpBuilder &nb, Location nloc) {
            scf::YieldOp::create(nb, nloc,
                                 ValueRange{arith::ConstantOp::create(
                                     nb, nloc, nb.getBoolAttr(true))});
          },
          [&](OpBuilder &nb, Location nloc) {
            scf::YieldOp::create(nb, nloc, ValueRange{allFinite(nb, nloc)});
          });
      finite = ifOp.getResult(0);
    }
    checks.check(finite, llvm::formatv("{0}: roi must be finite", what).str());
  }
  if (resize.scalesBesideSizes)
    checks.check(
        arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq,
            tensor::DimOp::create(b, loc,
                                  mapping.lookup(resize.scalesBesideSizes), 0),
            index(0)),
        llvm::formatv("{0}: takes exactly one of 'scales' and 'sizes', but "
                      "has both (an empty 'scales' stands for none)",
                      what)
            .str());
  if (resize.scales && !isConstant(resize.scales)) {
    Value scales = mapping.lookup(resize.scales);
    Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
    Value largest = arith::ConstantOp::create(
        b, loc, b.getF32FloatAttr(std::numeric_limits<float>::max()));
    SmallVector<Value> valid;
    for (int64_t i = 0; i < count; ++i) {
      Value s = tensor::ExtractOp::create(b, loc, scales, index(i));
      // Ordered comparisons: NaN fails both.
      valid.push_back(
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, s, zero));
      valid.push_back(
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, s, largest));
    }
    checks.check(
        allOf(b, loc, valid),
        llvm::formatv("{0}: scales must be finite and > 0", what).str());
  }
  if (resize.sizes && !isConstant(resize.sizes)) {
    Value sizes = mapping.lookup(resize.sizes);
    Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
    SmallVector<Value> valid;
    for (int64_t i = 0; i < count; ++i) {
      Value v = tensor::ExtractOp::create(b, loc, sizes, index(i));
      valid.push_back(
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, v, zero));
    }
    checks.check(allOf(b, loc, valid),
                 llvm::formatv("{0}: sizes must be >= 0", what).str());
  }

  Value scales = resize.scales ? mapping.lookup(resize.scales) : Value();
  Value sizes = resize.sizes ? mapping.lookup(resize.sizes) : Value();
  SmallVector<ResizedAxis> axes =
      buildResizedAxes(b, loc, resize, input, scales, sizes);
  SmallVector<OpFoldResult> inSizes = tensor::getMixedSizes(b, loc, input);
  SmallVector<Value> fits, filled, agrees, factors;
  Value limit = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0x1p62));
  Value zeroIndex = index(0);
  for (auto [d, axis] : llvm::enumerate(axes)) {
    if (getConstantIntValue(axis.outLength) && getConstantIntValue(inSizes[d]))
      continue; // Checked by the verifier.
    Value n = getValueOrCreateConstantIndexOp(b, loc, inSizes[d]);
    Value out = getValueOrCreateConstantIndexOp(b, loc, axis.outLength);
    if (std::optional<int64_t> factor = resize.getRunTimeFactor(
            axis.staticScale, !getConstantIntValue(inSizes[d]),
            /*innermost=*/d + 1 == axes.size()))
      factors.push_back(arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, out,
          arith::MulIOp::create(b, loc, n, index(*factor))));
    if (resize.scales) {
      Value nF64 = arith::SIToFPOp::create(
          b, loc, b.getF64Type(),
          arith::IndexCastOp::create(b, loc, b.getI64Type(), n));
      Value length = arith::MulFOp::create(b, loc, nF64, axis.scale);
      fits.push_back(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                           length, limit));
    }
    if (!resize.scales) {
      // Scales give an empty axis an empty output; sizes may not.
      Value inputFilled =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, n, zeroIndex);
      Value outputEmpty = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, out, zeroIndex);
      filled.push_back(arith::OrIOp::create(b, loc, inputFilled, outputEmpty));
    }
    if (!resultType.isDynamicDim(d))
      agrees.push_back(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                             out,
                                             index(resultType.getDimSize(d))));
  }
  if (crop && isa<StringType>(inputType.getElementType())) {
    // A string tensor has no extrapolation_value: every output must lie
    // inside the input. Coordinates are monotonic in the output position,
    // so the first and last outputs of each axis decide.
    using namespace resize_rules;
    IRArithmetic m{b, loc};
    Value roi = resize.roi ? mapping.lookup(resize.roi) : Value();
    SmallVector<int64_t> listed = resize.getListedAxes(rank);
    SmallVector<Value> inside;
    for (auto [i, d] : llvm::enumerate(listed)) {
      Value n = getValueOrCreateConstantIndexOp(b, loc, inSizes[d]);
      Value out = getValueOrCreateConstantIndexOp(b, loc, axes[d].outLength);
      AxisValues<IRArithmetic> values =
          getAxisValues(b, loc, resize, axes[d], n, out, roi, i, listed.size());
      auto zero = m.constant(0.0), one = m.constant(1.0);
      auto last = m.sub(values.inLength, one);
      Value isEmpty =
          arith::OrIOp::create(b, loc, m.equal(values.inLength, zero),
                               m.equal(values.outLength, zero));
      SmallVector<Value> ends;
      for (Value o : {zero, m.sub(values.outLength, one)}) {
        Value x = sourceCoordinate(m, resize.coordinateMode, o, values);
        ends.push_back(m.both(m.lessEqual(zero, x), m.lessEqual(x, last)));
      }
      inside.push_back(
          arith::OrIOp::create(b, loc, isEmpty, allOf(b, loc, ends)));
    }
    checks.check(allOf(b, loc, inside),
                 llvm::formatv("{0}: tf_crop_and_resize maps outputs outside "
                               "the input, and a string tensor has no "
                               "extrapolation_value",
                               what)
                     .str());
  }
  if (!resize.scales && !resultType.hasStaticShape()) {
    // Sizes may each be valid and still ask for more than memory holds.
    Type element = resultType.getElementType();
    int64_t bytes = 8; // A string is a pointer.
    if (auto complex = dyn_cast<ComplexType>(element))
      bytes = 2 * complex.getElementType().getIntOrFloatBitWidth() / 8;
    else if (element.isIntOrFloat())
      bytes = std::max(element.getIntOrFloatBitWidth() / 8, 1u);
    int64_t limit = (int64_t(1) << 62) / bytes;
    SmallVector<Value> lengths =
        llvm::map_to_vector(axes, [&](const ResizedAxis &axis) {
          return getValueOrCreateConstantIndexOp(b, loc, axis.outLength);
        });
    fits.push_back(arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::sle,
        buildSaturatingProduct(b, loc, lengths, limit), index(limit)));
  }
  if (!fits.empty())
    checks.check(
        allOf(b, loc, fits),
        llvm::formatv("{0}: an output dimension is too large", what).str());
  if (!factors.empty())
    checks.check(allOf(b, loc, factors),
                 llvm::formatv("{0}: an axis of integer scale f and more "
                               "than 2^24 output elements, which the length "
                               "rule makes longer than f times its input, is "
                               "not supported when its length is known only "
                               "at run time",
                               what)
                     .str());
  if (!filled.empty())
    checks.check(allOf(b, loc, filled),
                 llvm::formatv("{0}: an empty input dimension cannot be "
                               "resized to a non-empty one",
                               what)
                     .str());
  if (!agrees.empty())
    checks.check(allOf(b, loc, agrees),
                 llvm::formatv("{0}: the output shape differs from the one "
                               "the model declares",
                               what)
                     .str());
}

/// Add, Sub, Mul, Div, Max, Min and Concat with run-time dimensions: the
/// dimensions that must agree do. The lowering broadcasts only dimensions of
/// 1 known at compile time, so a run-time dimension must equal the result's;
/// Concat's inputs agree off its axis.
void addAgreementChecks(Operation *op, IRMapping &mapping, OpBuilder &b,
                        CheckedBodyBuilder &checks) {
  auto concat = dyn_cast<ConcatV13Op>(op);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = resultType.getRank();
  std::optional<int64_t> axis;
  if (concat)
    axis = (static_cast<int64_t>(concat.getAxis()) + rank) % rank;
  Location loc = op->getLoc();
  SmallVector<Value> agree;
  for (int64_t d = 0; d < rank; ++d) {
    if (d == axis)
      continue;
    Value expected;
    if (!resultType.isDynamicDim(d))
      expected =
          arith::ConstantIndexOp::create(b, loc, resultType.getDimSize(d));
    for (Value operand : op->getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      int64_t i = d - (rank - type.getRank());
      if (i < 0 || !type.isDynamicDim(i))
        continue;
      Value dim = tensor::DimOp::create(b, loc, mapping.lookup(operand), i);
      if (!expected) {
        expected = dim;
        continue;
      }
      agree.push_back(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            dim, expected));
    }
  }
  if (agree.empty())
    return;
  checks.check(allOf(b, loc, agree),
               concat ? llvm::formatv("{0}: the inputs' dimensions off the "
                                      "axis differ",
                                      describe(op))
                            .str()
                      : llvm::formatv("{0}: the inputs' dimensions differ "
                                      "(onnxc broadcasts only dimensions of 1 "
                                      "known at compile time)",
                                      describe(op))
                            .str());
}

/// Reshape whose entries or input sizes run time gives: entries of -1 or
/// more, at most one -1, a 0 only where the input has that dimension (with
/// allowzero, never beside a -1), and a shape of as many elements as the
/// input holds.
void addChecks(ReshapeV25Op op, IRMapping &mapping, OpBuilder &b,
               CheckedBodyBuilder &checks) {
  if (matchPattern(op.getShape(), m_Constant()) &&
      op.getData().getType().hasStaticShape())
    return; // Checked by the verifier.
  Location loc = op.getLoc();
  std::string what = describe(op);
  Value data = mapping.lookup(op.getData());
  Value shape = mapping.lookup(op.getShape());
  bool allowZero = op.getAllowzero() != 0;
  int64_t rank = op.getData().getType().getRank();
  auto index = [&](int64_t i) -> Value {
    return arith::ConstantIndexOp::create(b, loc, i);
  };
  auto compare = [&](arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs).getResult();
  };
  using Predicate = arith::CmpIPredicate;
  SmallVector<Value> entries =
      buildReshapeEntries(b, loc, data, shape, /*allowZero=*/true);
  SmallVector<Value> resolved =
      buildReshapeEntries(b, loc, data, shape, allowZero);
  Value zero = index(0), one = index(1), minusOne = index(-1);
  Value inferred = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  Value zeroed = inferred;
  SmallVector<Value> valid;
  for (auto [i, entry] : llvm::enumerate(entries)) {
    valid.push_back(compare(Predicate::sge, entry, minusOne));
    Value isInferred = compare(Predicate::eq, entry, minusOne);
    // A second -1.
    valid.push_back(arith::XOrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, inferred, isInferred),
        arith::ConstantOp::create(b, loc, b.getBoolAttr(true))));
    inferred = arith::OrIOp::create(b, loc, inferred, isInferred);
    Value isZero = compare(Predicate::eq, entry, zero);
    zeroed = arith::OrIOp::create(b, loc, zeroed, isZero);
    if (!allowZero && static_cast<int64_t>(i) >= rank)
      valid.push_back(compare(Predicate::ne, entry, zero));
  }
  if (allowZero)
    valid.push_back(arith::XOrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, inferred, zeroed),
        arith::ConstantOp::create(b, loc, b.getBoolAttr(true))));
  checks.check(allOf(b, loc, valid),
               llvm::formatv("{0}: its shape entries must be >= -1, with at "
                             "most one -1{1}",
                             what,
                             allowZero ? " and no 0 beside it (allowzero)"
                                       : ", and a 0 only where the input has "
                                         "that dimension")
                   .str());
  // The product of the entries other than -1, saturated past 2^62 (no
  // tensor holds more).
  SmallVector<Value> factors;
  for (auto [entry, size] : llvm::zip_equal(entries, resolved))
    factors.push_back(arith::SelectOp::create(
        b, loc, compare(Predicate::eq, entry, minusOne), one, size));
  Value known = buildSaturatingProduct(b, loc, factors, int64_t(1) << 62);
  Value total = one;
  for (OpFoldResult size : tensor::getMixedSizes(b, loc, data))
    total = arith::MulIOp::create(
        b, loc, total, getValueOrCreateConstantIndexOp(b, loc, size));
  Value divisor = arith::SelectOp::create(
      b, loc, compare(Predicate::eq, known, zero), one, known);
  Value fills = arith::AndIOp::create(
      b, loc, compare(Predicate::ne, known, zero),
      compare(Predicate::eq, arith::RemSIOp::create(b, loc, total, divisor),
              zero));
  Value fits = arith::SelectOp::create(b, loc, inferred, fills,
                                       compare(Predicate::eq, known, total));
  checks.check(fits, llvm::formatv("{0}: its shape does not hold the "
                                   "input's number of elements",
                                   what)
                         .str());
}

/// tensor.cast to a more static type: the dimensions it asserts.
void addChecks(tensor::CastOp op, IRMapping &mapping, OpBuilder &b,
               CheckedBodyBuilder &checks) {
  auto source = dyn_cast<RankedTensorType>(op.getSource().getType());
  auto dest = dyn_cast<RankedTensorType>(op.getType());
  if (!source || !dest)
    return;
  Location loc = op.getLoc();
  for (int64_t i = 0, e = dest.getRank(); i < e; ++i) {
    if (dest.isDynamicDim(i) || !source.isDynamicDim(i))
      continue;
    Value dim =
        tensor::DimOp::create(b, loc, mapping.lookup(op.getSource()), i);
    Value declared = arith::ConstantIndexOp::create(b, loc, dest.getDimSize(i));
    checks.check(
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, dim, declared),
        llvm::formatv("dimension {0} of a value declared with type {1} does "
                      "not match",
                      i, dest)
            .str());
  }
}

/// The dimensions of the values of a shape function being built, in terms
/// of its arguments: each op's once, when it is cloned. The `tensor.dim`s
/// that checks and reifications create are replaced by them as they come,
/// rather than resolved later each through the whole chain of ops before
/// it, which took time quadratic in the chain's length.
class KnownSizes : public OpBuilder::Listener {
public:
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    if (auto dim = dyn_cast<tensor::DimOp>(op))
      pending.push_back(dim);
  }

  /// Records the sizes of `op`'s results, as the op reifies them.
  void addResults(OpBuilder &b, Operation *op) {
    auto reify = dyn_cast<ReifyRankedShapedTypeOpInterface>(op);
    ReifiedRankedShapedTypeDims shapes;
    if (!reify || failed(reify.reifyResultShapes(b, shapes)))
      return;
    for (auto [result, sizes] : llvm::zip(op->getResults(), shapes))
      sizesOf[result] = sizes;
    newest = op;
  }

  /// Replaces the new `tensor.dim`s of values whose sizes are known.
  void resolveDims() {
    DenseMap<Value, Value> replaced;
    for (tensor::DimOp dim : pending) {
      auto it = sizesOf.find(dim.getSource());
      std::optional<int64_t> index = dim.getConstantIndex();
      if (it == sizesOf.end() || !index ||
          *index >= static_cast<int64_t>(it->second.size()))
        continue;
      OpBuilder b(dim);
      Value size =
          getValueOrCreateConstantIndexOp(b, dim.getLoc(), it->second[*index]);
      replaced[dim.getResult()] = size;
      dim.getResult().replaceAllUsesWith(size);
      dim.erase();
    }
    pending.clear();
    // The newest op's sizes may name the dims just replaced.
    if (newest)
      for (Value result : newest->getResults())
        if (auto it = sizesOf.find(result); it != sizesOf.end())
          for (OpFoldResult &size : it->second)
            if (auto value = dyn_cast<Value>(size))
              if (Value replacement = replaced.lookup(value))
                size = replacement;
    newest = nullptr;
  }

private:
  DenseMap<Value, SmallVector<OpFoldResult>> sizesOf;
  SmallVector<tensor::DimOp> pending;
  Operation *newest = nullptr;
};

struct ONNXGenerateShapeFunctionsPass
    : onnxc::impl::ONNXGenerateShapeFunctionsPassBase<
          ONNXGenerateShapeFunctionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> functions;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal() &&
          !func->hasAttr(kShapeFunctionAttr) && !func->hasAttr(kChecksAttr))
        functions.push_back(func);
    for (func::FuncOp func : functions)
      if (failed(generate(func)))
        return signalPassFailure();
  }

  static constexpr StringLiteral kShapeFunctionAttr =
      ONNXDialect::ShapeFunctionAttrHelper::getNameStr();
  static constexpr StringLiteral kChecksAttr =
      ONNXDialect::ChecksAttrHelper::getNameStr();

  LogicalResult generate(func::FuncOp func) {
    if (!func.getBody().hasOneBlock())
      return func.emitError("shape functions need single-block functions");
    MLIRContext *context = func.getContext();
    Location loc = func.getLoc();
    FunctionType type = func.getFunctionType();
    int64_t numDims = 0;
    for (Type result : type.getResults()) {
      auto tensorType = dyn_cast<RankedTensorType>(result);
      if (!tensorType)
        return func.emitError("model functions must return ranked tensors");
      numDims += tensorType.getRank();
    }

    OpBuilder b(context);
    b.setInsertionPointAfter(func);
    std::string name = (func.getName() + "_shapes").str();
    // The output dimensions, then the bytes of the kernel's workspace: -1
    // (not known) until onnx-plan-memory plans it.
    auto dimsType = RankedTensorType::get({numDims + 1}, b.getI64Type());
    auto shapes =
        func::FuncOp::create(b, loc, name,
                             FunctionType::get(context, type.getInputs(),
                                               {b.getI32Type(), dimsType}));
    SymbolTable(func->getParentOfType<ModuleOp>()).insert(shapes);
    func->setAttr(kShapeFunctionAttr, FlatSymbolRefAttr::get(shapes));
    if (ArrayAttr argAttrs = func.getAllArgAttrs())
      shapes.setAllArgAttrs(argAttrs);

    Block *entry = shapes.addEntryBlock();
    b.setInsertionPointToStart(entry);
    IRMapping mapping;
    mapping.map(func.getArguments(), entry->getArguments());
    CheckedBodyBuilder checks(b, loc, numDims + 1);
    KnownSizes known;
    b.setListener(&known);
    for (Operation &op : func.getBody().front()) {
      if (auto ret = dyn_cast<func::ReturnOp>(op)) {
        SmallVector<Value> dims;
        for (Value v : ret.getOperands()) {
          Value mapped = mapping.lookup(v);
          for (OpFoldResult size : tensor::getMixedSizes(b, loc, mapped))
            dims.push_back(arith::IndexCastOp::create(
                b, loc, b.getI64Type(),
                getValueOrCreateConstantIndexOp(b, loc, size)));
        }
        dims.push_back(
            arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(-1)));
        known.resolveDims();
        checks.finish(dims);
        break;
      }
      if (isSupersededVersion(&op))
        return op.emitOpError("has no shape function of its own; run "
                              "-onnx-upgrade-ops first");
      if (auto clip = dyn_cast<LatestClipOp>(op))
        addChecks(clip, mapping, b, checks);
      else if (auto upsample = dyn_cast<LatestUpsampleOp>(op))
        addChecks(upsample, mapping, b, checks);
      else if (auto resize = dyn_cast<LatestResizeOp>(op))
        addResizeChecks(resize, resize.getResizeOperands(), mapping, b, checks);
      else if (auto resize = dyn_cast<ResizeV10Op>(op))
        addResizeChecks(resize, resize.getResizeOperands(), mapping, b, checks);
      else if (auto cast = dyn_cast<tensor::CastOp>(op))
        addChecks(cast, mapping, b, checks);
      else if (auto reshape = dyn_cast<ReshapeV25Op>(op))
        addChecks(reshape, mapping, b, checks);
      else if (isa<AddV14Op, SubV14Op, MulV14Op, DivV14Op, MaxV13Op, MinV13Op,
                   ConcatV13Op>(op))
        addAgreementChecks(&op, mapping, b, checks);
      Operation *clone = b.clone(op, mapping);
      known.addResults(b, clone);
      known.resolveDims();
    }
    b.setListener(nullptr);
    shapes->setAttr(
        kChecksAttr,
        b.getStrArrayAttr(llvm::to_vector_of<StringRef>(checks.getMessages())));

    // Dimensions of op results in terms of the arguments; the ops are then
    // dead unless a check reads their values.
    RewritePatternSet patterns(context);
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    tensor::DimOp::getCanonicalizationPatterns(patterns, context);
    return applyPatternsGreedily(shapes, std::move(patterns));
  }
};
} // namespace
