//===- ONNXOps.td - onnx dialect ops -----------------------*- tablegen -*-===//
//
// One op per ONNX operator version. The exact semantics each op stands for
// are in docs/semantics.md; the verifiers enforce every static rule stated
// there.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_DIALECT_ONNX_ONNXOPS_TD
#define ONNXC_DIALECT_ONNX_ONNXOPS_TD

include "onnxc/Dialect/ONNX/ONNXDialect.td"
include "onnxc/Dialect/ONNX/ONNXAttributes.td"
include "onnxc/Dialect/ONNX/ONNXInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Element types allowed by each schema
//===----------------------------------------------------------------------===//

defvar ONNX_FloatTypes = [F16, F32, F64]<Type>;
defvar ONNX_IntegerTypes = [I8, I16, I32, I64, UI8, UI16, UI32, UI64]<Type>;
defvar ONNX_ClipV1Types = ONNX_FloatTypes;
defvar ONNX_ClipV12Types = !listconcat(ONNX_FloatTypes, ONNX_IntegerTypes);
defvar ONNX_ClipV13Types = !listconcat(ONNX_ClipV12Types, [BF16]<Type>);
defvar ONNX_UpsampleV1Types = [I1, F16, F32, F64, I32, I64]<Type>;
defvar ONNX_UpsampleV7Types = !listconcat([I1]<Type>, ONNX_IntegerTypes,
    ONNX_FloatTypes, [Complex<F32>, Complex<F64>, ONNX_StringType]<Type>);

defvar ONNX_ResizeV13Types = !listconcat(ONNX_UpsampleV7Types, [BF16]<Type>);

def ONNX_ScalesTensor : RankedTensorOf<[F32]>;
def ONNX_SizesTensor : RankedTensorOf<[I64]>;
def ONNX_RoiTensor : RankedTensorOf<[F16, F32, F64]>;

//===----------------------------------------------------------------------===//
// Versioned ops
//===----------------------------------------------------------------------===//

// An op for version `version` of the ONNX operator `operatorName`, named
// `<operatorName>V<version>`, whose nodes have the form `nodeForm` (a
// NodeForm enumerator). Its VersionedOpInterface methods are defined here;
// `sharedDefinition` holds C++ definitions that every op of a subclass
// shares, so that the versions of one form have one copy of them.
class ONNX_VersionedOp<string operatorName, int version, string nodeForm,
                       list<Trait> traits = []>
    : ONNX_Op<operatorName # "V" # !cast<string>(version),
              !listconcat(traits,
                  [DeclareOpInterfaceMethods<ONNX_VersionedOpInterface>])> {
  string importWarning = "";
  code sharedDefinition = "";
  let extraClassDefinition = [{
    ::llvm::StringRef $cppClass::getOperatorName() {
      return "}] # operatorName # [{";
    }
    int64_t $cppClass::getSinceVersion() {
      return }] # !cast<string>(version) # [{;
    }
    ::onnxc::onnx::NodeForm $cppClass::getNodeForm() {
      return ::onnxc::onnx::NodeForm::}] # nodeForm # [{;
    }
    ::llvm::StringRef $cppClass::getImportWarning() {
      return "}] # importWarning # [{";
    }
  }] # sharedDefinition;
}

//===----------------------------------------------------------------------===//
// Constant
//===----------------------------------------------------------------------===//

def ONNX_ConstantOp : ONNX_Op<"Constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "output"]>]> {
  let summary = "constant tensor (an initializer or a Constant node)";
  let description = [{
    A tensor known at compile time: a graph initializer or the value of an
    ONNX `Constant` node. Unlike `arith.constant` it holds every ONNX element
    type, unsigned integers and `!onnx.string` included.

    ```mlir
    %scales = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Clip
//===----------------------------------------------------------------------===//

class ONNX_ClipOp<int version, string nodeForm, list<Trait> traits = []>
    : ONNX_VersionedOp<"Clip", version, nodeForm, !listconcat(traits, [Pure,
        AllTypesMatch<["input", "output"]>,
        DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
            ["reifyResultShapes"]>])> {
  let summary = "Clip-" # !cast<string>(version) #
                ": limit every element to the interval [min, max]";
  code boundsDefinition = "";
  let sharedDefinition = [{
    ::mlir::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &builder,
        ::mlir::ReifiedRankedShapedTypeDims &shapes) {
      return reifyClipShape(builder, *this, shapes);
    }
  }] # boundsDefinition;
}

def ONNX_ClipV1Op : ONNX_ClipOp<1, "ClipWithAttributeBounds"> {
  let description = [{
    Clip as defined from opset 1. `min` and `max` are optional float
    attributes; an absent one is the lowest/highest value of the element
    type. `consumed_inputs` is a legacy optimization hint and is ignored.

    ```mlir
    %y = onnx.ClipV1 %x min 0.0 max 6.0 : tensor<4xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<ONNX_ClipV1Types>:$input,
                       OptionalAttr<F32Attr>:$min,
                       OptionalAttr<F32Attr>:$max,
                       OptionalAttr<DenseI64ArrayAttr>:$consumed_inputs);
  let results = (outs RankedTensorOf<ONNX_ClipV1Types>:$output);
  let assemblyFormat = [{
    $input (`min` $min^)? (`max` $max^)? attr-dict `:` type($input)
  }];
}

def ONNX_ClipV6Op : ONNX_ClipOp<6, "ClipWithAttributeBounds"> {
  let description = [{
    Clip as defined from opset 6. `min` and `max` are float attributes that
    default to the lowest/highest float32; the float32 values are converted
    to the element type, so the defaults are real bounds (1e39 in an f64
    tensor becomes 3.4028234663852886e+38).

    ```mlir
    %y = onnx.ClipV6 %x max 6.0 : tensor<4xf32>
    ```
  }];
  let arguments = (ins
      RankedTensorOf<ONNX_ClipV1Types>:$input,
      DefaultValuedAttr<F32Attr, "std::numeric_limits<float>::lowest()">:$min,
      DefaultValuedAttr<F32Attr, "std::numeric_limits<float>::max()">:$max);
  let results = (outs RankedTensorOf<ONNX_ClipV1Types>:$output);
  let assemblyFormat = [{
    $input (`min` $min^)? (`max` $max^)? attr-dict `:` type($input)
  }];
}

class ONNX_ClipWithInputBoundsOp<int version, list<Type> types>
    : ONNX_ClipOp<version, "ClipWithInputBounds",
                  [AttrSizedOperandSegments]> {
  let arguments = (ins RankedTensorOf<types>:$input,
                       Optional<RankedTensorOf<types>>:$min,
                       Optional<RankedTensorOf<types>>:$max);
  let results = (outs RankedTensorOf<types>:$output);
  let assemblyFormat = [{
    $input (`min` `(` $min^ `:` type($min) `)`)?
           (`max` `(` $max^ `:` type($max) `)`)? attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let boundsDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyInputBounds(*this);
    }
    void $cppClass::getCanonicalizationPatterns(
        ::mlir::RewritePatternSet &results, ::mlir::MLIRContext *context) {
      results.add<FoldClipOfClip<$cppClass>>(context);
    }
  }];
}

def ONNX_ClipV11Op : ONNX_ClipWithInputBoundsOp<11, ONNX_ClipV1Types> {
  let description = [{
    Clip as defined from opset 11: the bounds are optional operands holding
    exactly one element of the input's element type; an absent bound is the
    lowest/highest value of the element type. Computes
    `t = x < min ? min : x; y = max < t ? max : t` with ordered comparisons.

    ```mlir
    %y = onnx.ClipV11 %x min(%lo : tensor<f32>) max(%hi : tensor<f32>)
        : tensor<4xf32>
    ```
  }];
}

def ONNX_ClipV12Op : ONNX_ClipWithInputBoundsOp<12, ONNX_ClipV12Types> {
  let description = [{
    Clip as defined from opset 12: ClipV11 extended to signed and unsigned
    integers, compared according to their signedness.
  }];
}

def ONNX_ClipV13Op : ONNX_ClipWithInputBoundsOp<13, ONNX_ClipV13Types> {
  let description = [{
    Clip as defined from opset 13: ClipV12 extended to bfloat16. This is the
    form every older Clip is upgraded to before lowering.
  }];
}

//===----------------------------------------------------------------------===//
// Upsample
//===----------------------------------------------------------------------===//

class ONNX_UpsampleOp<int version, string nodeForm, list<Trait> traits = []>
    : ONNX_VersionedOp<"Upsample", version, nodeForm,
                       !listconcat(traits, [Pure,
        InferTypeOpAdaptorWithIsCompatible,
        DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
            ["reifyResultShapes"]>])> {
  let summary = "Upsample-" # !cast<string>(version) #
                ": nearest or linear upsampling by per-dimension scales";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The scales, one per input dimension, when known at compile time.
    std::optional<llvm::SmallVector<float>> getConstantScales();
  }];
  code scalesDefinition = "";
  let sharedDefinition = [{
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                            ::mlir::TypeRange rhs) {
      return isCompatibleResampledTypes(lhs, rhs);
    }
  }] # scalesDefinition;
}

def ONNX_UpsampleV1Op : ONNX_UpsampleOp<1, "UpsampleWithScaleAttributes"> {
  let description = [{
    Upsample as defined from opset 1 (experimental): a 4-D NCHW input scaled
    by `height_scale` and `width_scale`, i.e. scales `[1, 1, h, w]`, in mode
    `nearest` (default) or `bilinear`.

    ```mlir
    %y = onnx.UpsampleV1 %x height_scale 2.0 width_scale 2.0
        : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<ONNX_UpsampleV1Types>:$X,
                       F32Attr:$height_scale, F32Attr:$width_scale,
                       DefaultValuedAttr<ONNX_UpsampleV1ModeAttr,
                           "::onnxc::onnx::UpsampleV1Mode::nearest">:$mode);
  let results = (outs RankedTensorOf<ONNX_UpsampleV1Types>:$Y);
  let assemblyFormat = [{
    $X `height_scale` $height_scale `width_scale` $width_scale
       (`mode` `` $mode^)? attr-dict `:` type($X) `->` type($Y)
  }];
}

def ONNX_UpsampleV7Op : ONNX_UpsampleOp<7, "UpsampleWithScalesAttribute"> {
  let description = [{
    Upsample as defined from opset 7: one float `scales` attribute entry per
    input dimension, mode `nearest` (default) or `linear`.

    ```mlir
    %y = onnx.UpsampleV7 %x scales [1.0, 1.0, 2.0, 2.0] mode linear
        : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<ONNX_UpsampleV7Types>:$X,
                       DenseF32ArrayAttr:$scales,
                       DefaultValuedAttr<ONNX_UpsampleModeAttr,
                           "::onnxc::onnx::UpsampleMode::nearest">:$mode);
  let results = (outs RankedTensorOf<ONNX_UpsampleV7Types>:$Y);
  let assemblyFormat = [{
    $X `scales` $scales (`mode` `` $mode^)? attr-dict
       `:` type($X) `->` type($Y)
  }];
}

class ONNX_UpsampleWithInputScalesOp<int version>
    : ONNX_UpsampleOp<version, "UpsampleWithScalesInput"> {
  let scalesDefinition = [{
    std::optional<llvm::SmallVector<float>> $cppClass::getConstantScales() {
      return getConstantFloats(getScales());
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyInputScalesUpsample(*this);
    }
    ::mlir::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location>,
        Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      return inferInputScalesUpsample(adaptor, inferredReturnTypes);
    }
    ::mlir::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &builder,
        ::mlir::ReifiedRankedShapedTypeDims &shapes) {
      return reifyInputScalesUpsample(*this, builder, shapes);
    }
  }];
  let arguments = (ins RankedTensorOf<ONNX_UpsampleV7Types>:$X,
                       ONNX_ScalesTensor:$scales,
                       DefaultValuedAttr<ONNX_UpsampleModeAttr,
                           "::onnxc::onnx::UpsampleMode::nearest">:$mode);
  let results = (outs RankedTensorOf<ONNX_UpsampleV7Types>:$Y);
  let assemblyFormat = [{
    $X `,` $scales (`mode` `` $mode^)? attr-dict
       `:` type($X) `,` type($scales) `->` type($Y)
  }];
}

def ONNX_UpsampleV9Op : ONNX_UpsampleWithInputScalesOp<9> {
  let description = [{
    Upsample as defined from opset 9: the scales are a 1-D float tensor
    operand, a constant or a run-time value, one entry per input dimension.

    ```mlir
    %y = onnx.UpsampleV9 %x, %scales
        : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x6xf32>
    ```
  }];
}

def ONNX_UpsampleV10Op : ONNX_UpsampleWithInputScalesOp<10> {
  let importWarning = "Upsample is deprecated from opset 10 on; imported as "
                      "UpsampleV10 (the semantics of Upsample-9)";
  let description = [{
    Upsample as defined from opset 10, where the operator is deprecated; its
    semantics are those of UpsampleV9. This is the form every older Upsample
    is upgraded to before lowering.
  }];
}

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

// Every Resize version. `reader` names the C++ function (ONNXOps.cpp) that
// reads an op or adaptor of the version into a ResizeOperands, the one view
// the verifier, the shape rules and the lowering work on.
class ONNX_ResizeOp<int version, string nodeForm, string reader,
                    list<Trait> traits = []>
    : ONNX_VersionedOp<"Resize", version, nodeForm,
                       !listconcat(traits, [Pure,
        InferTypeOpAdaptorWithIsCompatible,
        DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
            ["reifyResultShapes"]>])> {
  let summary = "Resize-" # !cast<string>(version) #
                ": resample a tensor by per-axis scales or output sizes";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The inputs and attributes, absent ones at their defaults.
    ResizeOperands getResizeOperands();
  }];
  let sharedDefinition = [{
    ResizeOperands $cppClass::getResizeOperands() {
      return }] # reader # [{(*this);
    }
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                            ::mlir::TypeRange rhs) {
      return isCompatibleResampledTypes(lhs, rhs);
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyResize(*this, getResizeOperands());
    }
    ::mlir::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location>,
        Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      inferredReturnTypes.push_back(
          inferResizeType(}] # reader # [{(adaptor)));
      return ::mlir::success();
    }
    ::mlir::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &builder,
        ::mlir::ReifiedRankedShapedTypeDims &shapes) {
      shapes.push_back(reifyResizedSizes(builder, getLoc(),
                                         getResizeOperands(),
                                         getY().getType()));
      return ::mlir::success();
    }
  }];
}

def ONNX_ResizeV10Op : ONNX_ResizeOp<10, "ResizeWithScales",
                                     "readResizeV10"> {
  let description = [{
    Resize as defined from opset 10: X resampled by `scales` (one positive
    float per axis, constant or run time) with asymmetric coordinates. In
    mode `nearest` the index is `ceil(x)` on axes whose scale is below 1 and
    `floor(x)` on the others; `linear` interpolates between the two nearest
    inputs, clamped to the edges.

    ```mlir
    %y = onnx.ResizeV10 %x, %scales {mode = #onnx<resize_mode<linear>>}
        : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x4xf32>
    ```
  }];
  let arguments = (ins
      RankedTensorOf<ONNX_UpsampleV7Types>:$X,
      ONNX_ScalesTensor:$scales,
      DefaultValuedAttr<ONNX_ResizeModeAttr,
                        "::onnxc::onnx::ResizeMode::nearest">:$mode);
  let results = (outs RankedTensorOf<ONNX_UpsampleV7Types>:$Y);
  let assemblyFormat = [{
    $X `,` $scales attr-dict `:` type($X) `,` type($scales) `->` type($Y)
  }];
}

// The attributes Resize-11 introduced; later versions add to them.
defvar ONNX_ResizeV11Attributes = (ins
    DefaultValuedAttr<ONNX_CoordinateTransformationModeAttr,
        "::onnxc::onnx::CoordinateTransformationMode::half_pixel">
        :$coordinate_transformation_mode,
    DefaultValuedAttr<F32Attr, "-0.75">:$cubic_coeff_a,
    DefaultValuedAttr<ONNX_FlagAttr, "0">:$exclude_outside,
    DefaultValuedAttr<F32Attr, "0.0">:$extrapolation_value,
    DefaultValuedAttr<ONNX_ResizeModeAttr,
                      "::onnxc::onnx::ResizeMode::nearest">:$mode,
    DefaultValuedAttr<ONNX_NearestModeAttr,
        "::onnxc::onnx::NearestMode::round_prefer_floor">:$nearest_mode);

def ONNX_ResizeV11Op : ONNX_ResizeOp<11, "ResizeWithOptionalInputs",
                                     "readResizeV11"> {
  let description = [{
    Resize as defined from opset 11: `roi` and `scales` are required inputs,
    `sizes` an optional one; an empty `scales` means that `sizes` gives the
    output shape. Adds cubic interpolation, coordinate transformation modes
    and nearest rounding modes (docs/semantics.md).

    ```mlir
    %y = onnx.ResizeV11 %x roi(%roi : tensor<0xf32>)
        scales(%scales : tensor<4xf32>)
        {coordinate_transformation_mode =
             #onnx<coordinate_transformation_mode<asymmetric>>}
        : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
    ```
  }];
  let arguments = !con((ins RankedTensorOf<ONNX_UpsampleV7Types>:$X,
                            ONNX_RoiTensor:$roi, ONNX_ScalesTensor:$scales,
                            Optional<ONNX_SizesTensor>:$sizes),
                       ONNX_ResizeV11Attributes);
  let results = (outs RankedTensorOf<ONNX_UpsampleV7Types>:$Y);
  let assemblyFormat = [{
    $X `roi` `(` $roi `:` type($roi) `)`
       `scales` `(` $scales `:` type($scales) `)`
       (`sizes` `(` $sizes^ `:` type($sizes) `)`)? attr-dict
       `:` type($X) `->` type($Y)
  }];
}

// Resize-13 on: `roi`, `scales` and `sizes` are all optional.
class ONNX_ResizeWithOptionalInputsOp<int version, string reader, dag attributes>
    : ONNX_ResizeOp<version, "ResizeWithOptionalInputs", reader,
                    [AttrSizedOperandSegments]> {
  let arguments = !con((ins RankedTensorOf<ONNX_ResizeV13Types>:$X,
                            Optional<ONNX_RoiTensor>:$roi,
                            Optional<ONNX_ScalesTensor>:$scales,
                            Optional<ONNX_SizesTensor>:$sizes),
                       attributes);
  let results = (outs RankedTensorOf<ONNX_ResizeV13Types>:$Y);
  let assemblyFormat = [{
    $X (`roi` `(` $roi^ `:` type($roi) `)`)?
       (`scales` `(` $scales^ `:` type($scales) `)`)?
       (`sizes` `(` $sizes^ `:` type($sizes) `)`)? attr-dict
       `:` type($X) `->` type($Y)
  }];
}

def ONNX_ResizeV13Op
    : ONNX_ResizeWithOptionalInputsOp<13, "readResizeV13",
                                      ONNX_ResizeV11Attributes> {
  let description = [{
    Resize as defined from opset 13: every input after X is optional, and
    exactly one of `scales` and `sizes` is given. Adds bfloat16; the
    `tf_half_pixel_for_nn` coordinate mode is gone from the operator, but
    models still carry it and onnxc accepts it with a warning.
  }];
}

defvar ONNX_ResizeV18Attributes = !con(ONNX_ResizeV11Attributes, (ins
    DefaultValuedAttr<ONNX_FlagAttr, "0">:$antialias,
    OptionalAttr<DenseI64ArrayAttr>:$axes,
    DefaultValuedAttr<ONNX_KeepAspectRatioPolicyAttr,
        "::onnxc::onnx::KeepAspectRatioPolicy::stretch">
        :$keep_aspect_ratio_policy));

def ONNX_ResizeV18Op
    : ONNX_ResizeWithOptionalInputsOp<18, "readResizeV18",
                                      ONNX_ResizeV18Attributes> {
  let description = [{
    Resize as defined from opset 18: adds `antialias`, `axes` (the axes that
    `roi`, `scales` and `sizes` describe) and `keep_aspect_ratio_policy`.
  }];
}

def ONNX_ResizeV19Op
    : ONNX_ResizeWithOptionalInputsOp<19, "readResizeV19",
                                      ONNX_ResizeV18Attributes> {
  let description = [{
    Resize as defined from opset 19: adds the `half_pixel_symmetric`
    coordinate mode. This is the form every later Resize-11+ is upgraded to
    before lowering.

    ```mlir
    %y = onnx.ResizeV19 %x scales(%scales : tensor<4xf32>)
        {mode = #onnx<resize_mode<linear>>} : tensor<1x3x8x8xf32> -> tensor<1x3x16x16xf32>
    ```
  }];
}

include "onnxc/Dialect/ONNX/ONNXTensorOps.td"

#endif // ONNXC_DIALECT_ONNX_ONNXOPS_TD
