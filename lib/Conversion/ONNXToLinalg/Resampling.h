//===- Resampling.h - What Upsample and Resize lowerings share --*- C++ -*-===//
//
// Both resample a tensor axis by axis through tables: per output position
// of an axis, its taps (input indices) and their weights. This is what the
// two lowerings share: the arithmetic element types are interpolated in,
// and the tables' representation.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESAMPLING_H
#define ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESAMPLING_H

#include "onnxc/Dialect/ONNX/ONNXDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace onnxc::onnx_to_linalg::resampling {
using namespace mlir;

/// Moves elements of X into the type interpolation computes in (float32,
/// f64 for f64; real and imaginary parts of complex numbers) and back, and
/// does its arithmetic.
///
/// Integer inputs may instead compute in fixed point (see tryFixedPoint):
/// integers of `fixedType`, every weight scaled by `denominator` in all,
/// divided back with truncation toward zero or, with roundToNearestEven,
/// rounded half to even and saturated. The result is the exact value's,
/// without the conversions to and from float and in narrower lanes.
struct ComputeType {
  Type elementType; // X's element type after type conversion.
  bool isUnsigned = false;
  /// X holds strings, as pointers: elements are moved, never computed.
  bool isString = false;
  /// X holds booleans, as bytes.
  bool isBool = false;
  FloatType type;
  bool isComplex = false;
  IntegerType fixedType; // Null: arithmetic in `type`.
  /// What fixed-point sums are divided by: the product of the axes'
  /// weight denominators.
  int64_t denominator = 1;
  /// Every weight is a compile-time 0 or power of two, so that every term
  /// w * X is exact (see UpsampleLowering::hasExactWeights).
  bool exactTerms = false;
  /// Whether a weighted sum may contract its multiply-adds into fused
  /// ones: real float results are judged within a tolerance, but integer
  /// results are exact, and so must be the double sums they round from.
  bool contract = false;

  ComputeType(Type convertedElementType, Type originalElementType)
      : elementType(convertedElementType),
        isUnsigned(originalElementType.isUnsignedInteger()),
        isString(isa<onnx::StringType>(originalElementType)),
        isBool(originalElementType.isInteger(1)),
        contract(isa<FloatType>(convertedElementType)) {
    MLIRContext *context = convertedElementType.getContext();
    Type scalar = convertedElementType;
    if (auto complexType = dyn_cast<ComplexType>(scalar)) {
      isComplex = true;
      scalar = complexType.getElementType();
    }
    type = scalar.isF64() ? FloatType(Float64Type::get(context))
                          : FloatType(Float32Type::get(context));
  }

  /// How integer results are rounded: toward zero (Upsample, as float32 to
  /// integer conversion does) or to nearest even and saturated to the type
  /// (Resize). With it, a float result narrowed from a wider compute type
  /// (f16, bf16) saturates at the type's largest finite value too, as
  /// Resize's reference rounds every result.
  bool roundToNearestEven = false;

  mlir::SmallVector<mlir::Value>
  toCompute(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x) const;
  mlir::Value fromCompute(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::ArrayRef<mlir::Value> parts) const;
  mlir::Value multiply(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                       mlir::Value rhs,
                       mlir::arith::FastMathFlags fastMath) const;
  mlir::Value add(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                  mlir::Value rhs, mlir::arith::FastMathFlags fastMath) const;
};

/// The most a weight's denominator, and an axis's common one, may be in
/// fixed point (tryFixedPoint): a power of two.
constexpr int64_t kMaxFixedPointDenominator = 1 << 14;

/// Switches `compute` to fixed point, and the weight tables to integers,
/// where every weight is a compile-time fraction p / q: X is an integer
/// type narrower than a width of `widths` (tried in order), and each
/// weight is dyadic (q = 2^e) or, with `rationals`, within rounding of a
/// fraction of small q (a coordinate computed in double from a rational
/// scale, such as 1.5 or 11/7). `weights` holds, per interpolated axis,
/// its taps' weight tables, replaced in place. With D_a the least common
/// multiple of axis a's q and D the product of the D_a, each weight w of
/// axis a becomes the integer w * D_a, and the sum is the integer s over
/// D, the exact value. While the bound on |s| (the largest |X| times, per
/// axis, the largest sum of an output's |w * D_a|) fits the width, no
/// integer wraps. With dyadic weights the float sums are exact too (their
/// terms and partial sums are multiples of 1 / D far inside the mantissa),
/// so the result is theirs; with other fractions the float sums round, and
/// an exact tie (k + 1/2) can land on either side, which the integers
/// decide exactly. Returns whether it switched.
bool tryFixedPoint(OpBuilder &b, Location loc, ComputeType &compute,
                   ArrayRef<MutableArrayRef<Value>> weights,
                   ArrayRef<unsigned> widths, bool rationals);

/// The largest factor of the innermost axis computed by phases (Upsample's
/// InnermostForm::Phases, Resize's buildPhasedGather). Each phase is a sum
/// and a select of its own, so their cost grows with the factor while a
/// gather's does not: tuned with benchmarks/sweep.py's linear x4 and x8.
constexpr int64_t kMaxPhases = 4;

/// The value of phase `phase` (a linalg.index over `count` phases), each
/// phase's computed by `phaseValue(r)`: a chain of selects from the last
/// phase down, the form onnx-flatten-vectors turns into interleaves.
Value selectPhase(OpBuilder &b, Location loc, Value phase, int64_t count,
                  function_ref<Value(int64_t)> phaseValue);

/// The longest table built as a constant; longer ones are computed at the
/// kernel's entry: the same arithmetic, without emitting megabytes of
/// constants.
constexpr int64_t kMaxConstantTableLength = 1 << 16;

/// The element type of an axis's index tables: i32 when its input length
/// `n` is known and allows (half the table traffic, and 32-bit gather
/// indices), index otherwise.
Type getIndexTableType(OpBuilder &b, std::optional<int64_t> n);

Value constantIndexTable(OpBuilder &b, Location loc, Type elementType,
                         ArrayRef<int64_t> values);

/// An index read from an index table, as `index`.
Value tableEntryToIndex(OpBuilder &b, Location loc, Value entry);

/// An index computed at run time, as an entry of a table of `type`.
Value indexToTableEntry(OpBuilder &b, Location loc, Type type, Value index);

/// A constant table of `values` rounded to `type`.
Value constantWeightTable(OpBuilder &b, Location loc, FloatType type,
                          ArrayRef<double> values);

/// A 1-D linalg.generic over the `outLength` output positions of one axis
/// with the given result element types; `body` computes the results from
/// the position.
SmallVector<Value> buildAxisTables(
    OpBuilder &b, Location loc, OpFoldResult outLength,
    ArrayRef<Type> elementTypes,
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value)> body);

/// Nearest resampling whose axis d repeats each input `repeats[d]` times (1:
/// a copy): a broadcast into the output viewed as [..., n, k, ...], read
/// with affine maps alone.
Value buildBroadcast(OpBuilder &b, Location loc, Value input,
                     ArrayRef<int64_t> repeats,
                     ArrayRef<OpFoldResult> outSizes);

} // namespace onnxc::onnx_to_linalg::resampling

#endif // ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESAMPLING_H
