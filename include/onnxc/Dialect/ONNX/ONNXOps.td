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

def ONNX_ScalesTensor : RankedTensorOf<[F32]>;

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
      return isCompatibleUpsampleTypes(lhs, rhs);
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
                       DefaultValuedStrAttr<StrAttr, "nearest">:$mode);
  let results = (outs RankedTensorOf<ONNX_UpsampleV1Types>:$Y);
  let assemblyFormat = [{
    $X `height_scale` $height_scale `width_scale` $width_scale
       (`mode` $mode^)? attr-dict `:` type($X) `->` type($Y)
  }];
}

def ONNX_UpsampleV7Op : ONNX_UpsampleOp<7, "UpsampleWithScalesAttribute"> {
  let description = [{
    Upsample as defined from opset 7: one float `scales` attribute entry per
    input dimension, mode `nearest` (default) or `linear`.

    ```mlir
    %y = onnx.UpsampleV7 %x scales [1.0, 1.0, 2.0, 2.0] mode "linear"
        : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<ONNX_UpsampleV7Types>:$X,
                       DenseF32ArrayAttr:$scales,
                       DefaultValuedStrAttr<StrAttr, "nearest">:$mode);
  let results = (outs RankedTensorOf<ONNX_UpsampleV7Types>:$Y);
  let assemblyFormat = [{
    $X `scales` $scales (`mode` $mode^)? attr-dict
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
                       DefaultValuedStrAttr<StrAttr, "nearest">:$mode);
  let results = (outs RankedTensorOf<ONNX_UpsampleV7Types>:$Y);
  let assemblyFormat = [{
    $X `,` $scales (`mode` $mode^)? attr-dict
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

#endif // ONNXC_DIALECT_ONNX_ONNXOPS_TD
