//===- ONNXTensorOps.td - shape arithmetic and elementwise ops -*- tablegen -*-===//
//
// The ops exporters write around Resize and Clip: the arithmetic that turns
// a tensor's shape into Resize's `sizes` or `scales` (Shape, Gather, Slice,
// Concat, Cast, Unsqueeze, ...), and the elementwise ops of clamps. Each
// version is one op; every op folds when its operands are known, which is how
// a model with static shapes gets constant `sizes` (docs/design.md).
//
// Versions that only add element types onnxc does not have (float8, int4,
// float4) are ops of their own all the same, so that a node resolves to its
// version at every opset up to kNewestKnownOpset.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_DIALECT_ONNX_ONNXTENSOROPS_TD
#define ONNXC_DIALECT_ONNX_ONNXTENSOROPS_TD

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

// "All tensor types" of a schema: what Upsample-7 takes before opset 13,
// with bfloat16 from 13 on.
class ONNX_AllTypes<int version> {
  list<Type> types = !if(!lt(version, 13), ONNX_UpsampleV7Types,
                         ONNX_ResizeV13Types);
}
defvar ONNX_IndexTypes = [I32, I64]<Type>;

// Add, Sub, Mul and Div: 7 has the 32- and 64-bit integers and the floats,
// 13 adds bfloat16, 14 the 8- and 16-bit integers.
class ONNX_ArithmeticTypes<int version> {
  list<Type> types = !listconcat([I32, I64, UI32, UI64]<Type>,
      ONNX_FloatTypes, !if(!ge(version, 13), [BF16]<Type>, []<Type>),
      !if(!ge(version, 14), [I8, I16, UI8, UI16]<Type>, []<Type>));
}

// Floats, with bfloat16 from 13 on.
class ONNX_FloatTypesSince<int version> {
  list<Type> types = !listconcat(ONNX_FloatTypes,
      !if(!ge(version, 13), [BF16]<Type>, []<Type>));
}

//===----------------------------------------------------------------------===//
// Shared definitions
//===----------------------------------------------------------------------===//

// An op whose result type follows from its operands and attributes:
// `inference` is the C++ expression (over `adaptor` and `inferred`) that
// infers it, or fails with the verifier's message, once the attributes it
// reads are known to be there; `folder` (over `adaptor` and the op) folds
// it.
class ONNX_InferredOp<string operatorName, int version, string inference,
                      string folder, list<Trait> traits = []>
    : ONNX_VersionedOp<operatorName, version, "Generic",
                       !listconcat(traits, [Pure, InferTypeOpAdaptor])> {
  let hasFolder = 1;
  let sharedDefinition = [{
    ::mlir::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> loc,
        Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      if (::mlir::failed(verifyAdaptorAttributes(context, loc, adaptor)))
        return ::mlir::failure();
      return }] # inference # [{;
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
      return }] # folder # [{;
    }
  }];
}

//===----------------------------------------------------------------------===//
// Identity
//===----------------------------------------------------------------------===//

foreach version = [1, 13, 14, 16, 19, 21, 23, 24, 25] in
def ONNX_IdentityV # version # Op : ONNX_InferredOp<"Identity", version,
    "inferSameType(loc, adaptor.getInput(), inferred)", "getInput()"> {
  let summary = "Identity-" # version # ": the input, unchanged";
  let arguments = (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$input);
  let results = (outs RankedTensorOf<ONNX_AllTypes<version>.types>:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

//===----------------------------------------------------------------------===//
// Shape and Size
//===----------------------------------------------------------------------===//

// Shape-15 added `start` and `end`, which slice the shape as Python does.
foreach version = [1, 13, 15, 19, 21, 23, 24, 25] in
def ONNX_ShapeV # version # Op : ONNX_InferredOp<"Shape", version,
    "inferShape(loc, adaptor.getData(), " #
        !if(!ge(version, 15), "adaptor.getStart(), adaptor.getEnd()",
            "std::nullopt, std::nullopt") # ", inferred)",
    "foldShape(getData(), " #
        !if(!ge(version, 15), "getStart(), getEnd()",
            "std::nullopt, std::nullopt") # ")"> {
  let summary = "Shape-" # version # ": the dimensions of a tensor, as int64";
  let description = [{
    The dimensions of `data` as a 1-D int64 tensor. Folds to a constant when
    the dimensions it returns are static.

    ```mlir
    %shape = onnx.ShapeV15 %x : tensor<1x3x?x?xf32> -> tensor<4xi64>
    ```
  }];
  let arguments = !if(!ge(version, 15),
      (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data,
           OptionalAttr<I64Attr>:$start, OptionalAttr<I64Attr>:$end),
      (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data));
  let results = (outs 1DTensorOf<[I64]>:$shape);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($shape)";
}

foreach version = [1, 13, 19, 21, 23, 24, 25] in
def ONNX_SizeV # version # Op : ONNX_InferredOp<"Size", version,
    "inferSize(loc, adaptor.getData(), inferred)", "foldSize(getData())"> {
  let summary = "Size-" # version # ": the number of elements of a tensor";
  let arguments = (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data);
  let results = (outs 0DTensorOf<[I64]>:$size);
  let assemblyFormat = "$data attr-dict `:` type($data)";
}

//===----------------------------------------------------------------------===//
// Gather
//===----------------------------------------------------------------------===//

foreach version = [1, 11, 13] in
def ONNX_GatherV # version # Op : ONNX_InferredOp<"Gather", version,
    "inferGather(loc, adaptor.getData(), adaptor.getIndices(), adaptor.getAxis(), "
    "inferred)",
    "foldGather(getData(), getIndices(), getAxis(), adaptor.getData(), "
    "adaptor.getIndices(), getType())"> {
  let summary = "Gather-" # version # ": entries of `data` along `axis`";
  let description = [{
    Takes the entries of `data` along `axis` that `indices` name (a negative
    index counts from the end). The result's shape is `data`'s with `axis`
    replaced by `indices`' shape.

    ```mlir
    %h = onnx.GatherV13 %shape, %two {axis = 0 : i64}
        : tensor<4xi64>, tensor<i64> -> tensor<i64>
    ```
  }];
  let arguments = (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data,
                       RankedTensorOf<ONNX_IndexTypes>:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs RankedTensorOf<ONNX_AllTypes<version>.types>:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` type($data) `,` type($indices) `->`
      type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Slice
//===----------------------------------------------------------------------===//

def ONNX_SliceV1Op : ONNX_InferredOp<"Slice", 1,
    "inferSlice(loc, adaptor.getData(), getKnownInts(adaptor.getStarts()), "
    "getKnownInts(adaptor.getEnds()), getKnownInts(adaptor.getAxes()), "
    "KnownInts(), inferred)",
    "foldSlice(getData(), adaptor.getData(), getType(), "
    "getKnownInts(getStarts()), getKnownInts(getEnds()), "
    "getKnownInts(getAxes()), KnownInts())"> {
  let summary = "Slice-1: a slice of `data`, its bounds as attributes";
  let arguments = (ins RankedTensorOf<ONNX_UpsampleV7Types>:$data,
                       DenseI64ArrayAttr:$starts, DenseI64ArrayAttr:$ends,
                       OptionalAttr<DenseI64ArrayAttr>:$axes);
  let results = (outs RankedTensorOf<ONNX_UpsampleV7Types>:$output);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($output)";
}

foreach version = [10, 11, 13] in
def ONNX_SliceV # version # Op : ONNX_InferredOp<"Slice", version,
    "inferSlice(loc, adaptor.getData(), getKnownInts(adaptor.getStarts()), "
    "getKnownInts(adaptor.getEnds()), getKnownInts(adaptor.getAxes()), "
    "getKnownInts(adaptor.getSteps()), inferred)",
    "foldSlice(getData(), adaptor.getData(), getType(), "
    "getKnownInts(getStarts()), getKnownInts(getEnds()), "
    "getKnownInts(getAxes()), getKnownInts(getSteps()))",
    [AttrSizedOperandSegments]> {
  let summary = "Slice-" # version # ": a slice of `data` along some axes";
  let description = [{
    `data[starts:ends:steps]` along `axes` (default: the first
    `len(starts)` axes; steps default to 1), with Python's clamping of the
    bounds. Folds when `data` and the bounds are known, or when `data` is a
    Shape whose selected dimensions are static.

    ```mlir
    %nc = onnx.SliceV13 %shape, %zero, %two
        : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
    ```
  }];
  let arguments = (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data,
                       1DTensorOf<ONNX_IndexTypes>:$starts,
                       1DTensorOf<ONNX_IndexTypes>:$ends,
                       Optional<1DTensorOf<ONNX_IndexTypes>>:$axes,
                       Optional<1DTensorOf<ONNX_IndexTypes>>:$steps);
  let results = (outs RankedTensorOf<ONNX_AllTypes<version>.types>:$output);
  let assemblyFormat = [{
    $data `,` $starts `,` $ends (`axes` `(` $axes^ `:` type($axes) `)`)?
      (`steps` `(` $steps^ `:` type($steps) `)`)? attr-dict
      `:` `(` type($data) `,` type($starts) `,` type($ends) `)` `->`
      type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Concat
//===----------------------------------------------------------------------===//

// Concat-1's axis defaults to 1; from 4 on it is required, from 11 on it may
// be negative.
foreach version = [1, 4, 11, 13] in
def ONNX_ConcatV # version # Op : ONNX_InferredOp<"Concat", version,
    "inferConcat(loc, adaptor.getInputs(), adaptor.getAxis(), inferred)",
    "foldConcat(getInputs(), adaptor.getInputs(), getAxis(), getType())"> {
  let summary = "Concat-" # version # ": tensors joined along `axis`";
  let arguments = (ins
      Variadic<RankedTensorOf<ONNX_AllTypes<version>.types>>:$inputs,
      !if(!eq(version, 1), DefaultValuedAttr<I64Attr, "1">, I64Attr):$axis);
  let results = (outs RankedTensorOf<ONNX_AllTypes<version>.types>:$output);
  let assemblyFormat = [{
    $inputs attr-dict `:` functional-type($inputs, $output)
  }];
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

// `perm` defaults to the axes reversed; later versions add element types.
foreach version = [1, 13, 21, 23, 24, 25] in
def ONNX_TransposeV # version # Op : ONNX_InferredOp<"Transpose", version,
    "inferTranspose(loc, adaptor.getData(), adaptor.getPerm(), inferred)",
    "foldTransposeOp(*this, adaptor.getData())"> {
  let summary = "Transpose-" # version # ": the axes of a tensor permuted";
  let description = [{
    Output axis `i` is input axis `perm[i]` (tf2onnx wraps every Resize of
    an NHWC model in a pair of them).

    ```mlir
    %y = onnx.TransposeV13 %x {perm = array<i64: 0, 3, 1, 2>}
        : tensor<1x8x8x3xf32> -> tensor<1x3x8x8xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data,
                       OptionalAttr<DenseI64ArrayAttr>:$perm);
  let results = (outs RankedTensorOf<ONNX_AllTypes<version>.types>:$transposed);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($transposed)";
  // The latest version folds a pair of inverse Transposes around a Resize.
  let hasCanonicalizer = !eq(version, 25);
  let extraClassDeclaration = [{
    /// `perm`, or the axes reversed when it is absent.
    ::llvm::SmallVector<int64_t> getPermutation() {
      return ::onnxc::onnx::getTransposePermutation(
          getPerm(), getData().getType().getRank());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Unsqueeze and Squeeze
//===----------------------------------------------------------------------===//

// Versions 1 and 11 take `axes` as an attribute (11 allows negative ones),
// 13 on as an input, which must be known at compile time: it decides the
// result's rank.
class ONNX_AxesOp<string operatorName, int version, string inference,
                  bit axesRequired>
    : ONNX_InferredOp<operatorName, version,
        inference # "(loc, adaptor.getData(), " #
            "getKnownInts(adaptor.getAxes()), " #
            !cast<string>(version) # ", inferred)",
        "foldReshapedConstant(adaptor.getData(), getData(), getType())"> {
  let arguments = !if(!lt(version, 13),
      (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data,
           !if(axesRequired, DenseI64ArrayAttr,
               OptionalAttr<DenseI64ArrayAttr>):$axes),
      (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data,
           !if(axesRequired, 1DTensorOf<[I64]>,
               Optional<1DTensorOf<[I64]>>):$axes));
  let results = (outs RankedTensorOf<ONNX_AllTypes<version>.types>:$expanded);
  let assemblyFormat = !if(!lt(version, 13),
      "$data attr-dict `:` type($data) `->` type($expanded)",
      !if(axesRequired,
          "$data `,` $axes attr-dict `:` type($data) `,` type($axes) `->` "
          "type($expanded)",
          "$data (`axes` `(` $axes^ `:` type($axes) `)`)? attr-dict `:` "
          "type($data) `->` type($expanded)"));
}

foreach version = [1, 11, 13, 21, 23, 24, 25] in
def ONNX_UnsqueezeV # version # Op
    : ONNX_AxesOp<"Unsqueeze", version, "inferUnsqueeze", 1> {
  let summary = "Unsqueeze-" # version # ": insert dimensions of length 1";
}

foreach version = [1, 11, 13, 21, 23, 24, 25] in
def ONNX_SqueezeV # version # Op
    : ONNX_AxesOp<"Squeeze", version, "inferSqueeze", 0> {
  let summary = "Squeeze-" # version # ": remove dimensions of length 1";
  let description = [{
    Removes the dimensions that `axes` lists, each of which must be 1, or
    every dimension of length 1 when `axes` is absent (the shape must then
    be static).
  }];
}

//===----------------------------------------------------------------------===//
// ConstantOfShape
//===----------------------------------------------------------------------===//

// A tensor of the shape `input` holds, every element `value` (one element;
// 0.0 float32 when absent). Later versions add element types.
foreach version = [9, 20, 21, 23, 24, 25] in
def ONNX_ConstantOfShapeV # version # Op
    : ONNX_InferredOp<"ConstantOfShape", version,
        "inferConstantOfShape(loc, context, getKnownInts(adaptor.getInput()), "
        "adaptor.getValueAttr(), inferred)",
        "foldConstantOfShape(getFillValue(), getType())"> {
  let summary = "ConstantOfShape-" # version #
                ": a tensor of a given shape filled with one value";
  let arguments = (ins 1DTensorOf<[I64]>:$input,
                       OptionalAttr<ElementsAttr>:$value);
  let results = (outs RankedTensorOf<ONNX_AllTypes<version>.types>:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let extraClassDeclaration = [{
    /// The element every position holds.
    ::mlir::TypedAttr getFillValue() {
      return ::onnxc::onnx::getConstantOfShapeValue(getValueAttr(),
                                                    getContext());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

// Reshape-1 takes the shape as an attribute and is not supported; 14 adds
// `allowzero`. The shape must have a static length: it decides the
// result's rank.
foreach version = [5, 13, 14, 19, 21, 23, 24, 25] in
def ONNX_ReshapeV # version # Op : ONNX_InferredOp<"Reshape", version,
    "inferReshape(loc, adaptor.getData(), getKnownInts(adaptor.getShape()), " #
        !if(!ge(version, 14), "adaptor.getAllowzero() != 0", "false") #
        ", inferred)",
    "foldReshapedConstant(adaptor.getData(), getData(), getType())"> {
  let summary = "Reshape-" # version # ": the elements in another shape";
  let description = [{
    The elements of `data`, in order, in the shape `shape` gives: an entry 0
    copies the input's dimension (unless `allowzero`, from 14, makes it 0)
    and one entry -1 takes what the others leave.
  }];
  let arguments = !con(
      (ins RankedTensorOf<ONNX_AllTypes<version>.types>:$data,
           1DTensorOf<[I64]>:$shape),
      !if(!ge(version, 14), (ins DefaultValuedAttr<I64Attr, "0">:$allowzero),
          (ins)));
  let results = (outs RankedTensorOf<ONNX_AllTypes<version>.types>:$reshaped);
  let assemblyFormat = "$data `,` $shape attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Cast
//===----------------------------------------------------------------------===//

// Cast-1 names the type with a string; onnxc starts at 6, where `to` is the
// TensorProto data type code. 19 adds `saturate`, which only float8 reads.
foreach version = [6, 9, 13, 19, 21, 23, 24, 25] in
def ONNX_CastV # version # Op : ONNX_InferredOp<"Cast", version,
    "inferCast(loc, context, adaptor.getInput(), adaptor.getTo(), inferred)",
    "foldCast(adaptor.getInput(), getType())"> {
  let summary = "Cast-" # version # ": elements converted to type `to`";
  let description = [{
    Converts each element to the element type whose TensorProto code is
    `to` (docs/semantics.md): integers wrap to narrower integers, floats
    round to nearest even, floats to integers truncate toward zero.

    ```mlir
    %f = onnx.CastV13 %sizes {to = 1 : i64} : tensor<2xi64> -> tensor<2xf32>
    ```
  }];
  defvar types = !listconcat([I1]<Type>, ONNX_IntegerTypes, ONNX_FloatTypes,
      !if(!ge(version, 9), [ONNX_StringType]<Type>, []<Type>),
      !if(!ge(version, 13), [BF16]<Type>, []<Type>));
  let arguments = !if(!ge(version, 19),
      (ins RankedTensorOf<types>:$input, I64Attr:$to,
           DefaultValuedAttr<I64Attr, "1">:$saturate),
      (ins RankedTensorOf<types>:$input, I64Attr:$to));
  let results = (outs RankedTensorOf<types>:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

//===----------------------------------------------------------------------===//
// Elementwise arithmetic
//===----------------------------------------------------------------------===//

// Add, Sub, Mul and Div with multidirectional (numpy) broadcasting. Integer
// arithmetic wraps; Div truncates toward zero. Versions 1 and 6 broadcast
// by their own `broadcast`/`axis` rule and are not supported.
class ONNX_BinaryOp<string operatorName, int version>
    : ONNX_InferredOp<operatorName, version,
        "inferBroadcast(loc, ::mlir::ValueRange{adaptor.getA(), adaptor.getB()}, "
        "inferred)",
        "foldElementwise(\"" # operatorName # "\", "
        "::llvm::ArrayRef<::mlir::Attribute>{adaptor.getA(), adaptor.getB()}, "
        "getType())"> {
  let summary = operatorName # "-" # version #
                ": elementwise, with multidirectional broadcasting";
  let arguments = (ins RankedTensorOf<ONNX_ArithmeticTypes<version>.types>:$A,
                       RankedTensorOf<ONNX_ArithmeticTypes<version>.types>:$B);
  let results =
      (outs RankedTensorOf<ONNX_ArithmeticTypes<version>.types>:$C);
  let assemblyFormat = [{
    $A `,` $B attr-dict `:` functional-type(operands, results)
  }];
}

foreach version = [7, 13, 14] in {
  def ONNX_AddV # version # Op : ONNX_BinaryOp<"Add", version>;
  def ONNX_SubV # version # Op : ONNX_BinaryOp<"Sub", version>;
  def ONNX_MulV # version # Op : ONNX_BinaryOp<"Mul", version>;
  def ONNX_DivV # version # Op : ONNX_BinaryOp<"Div", version>;
}

// Max and Min of any number of inputs, broadcast together (8 on); 12 adds
// the integers, 13 bfloat16. A NaN operand gives NaN.
class ONNX_VariadicOp<string operatorName, int version>
    : ONNX_InferredOp<operatorName, version,
        "inferBroadcast(loc, adaptor.getData(), inferred)",
        "foldElementwise(\"" # operatorName # "\", adaptor.getData(), "
        "getType())"> {
  defvar types = !listconcat(ONNX_FloatTypesSince<version>.types,
      !if(!ge(version, 12), ONNX_IntegerTypes, []<Type>));
  let summary = operatorName # "-" # version #
                ": elementwise over its inputs, broadcast together";
  let arguments = (ins Variadic<RankedTensorOf<types>>:$data);
  let results = (outs RankedTensorOf<types>:$result);
  let assemblyFormat = "$data attr-dict `:` functional-type($data, $result)";
}

foreach version = [8, 12, 13] in {
  def ONNX_MaxV # version # Op : ONNX_VariadicOp<"Max", version>;
  def ONNX_MinV # version # Op : ONNX_VariadicOp<"Min", version>;
}

// Floor, Ceil and Relu of one input (versions 1 had `consumed_inputs` and
// are not supported).
class ONNX_UnaryOp<string operatorName, int version, list<Type> types>
    : ONNX_InferredOp<operatorName, version,
        "inferSameType(loc, adaptor.getX(), inferred)",
        "foldElementwise(\"" # operatorName # "\", "
        "::llvm::ArrayRef<::mlir::Attribute>{adaptor.getX()}, getType())"> {
  let summary = operatorName # "-" # version # ": elementwise";
  let arguments = (ins RankedTensorOf<types>:$X);
  let results = (outs RankedTensorOf<types>:$Y);
  let assemblyFormat = "$X attr-dict `:` type($X)";
}

foreach version = [6, 13] in {
  def ONNX_FloorV # version # Op
      : ONNX_UnaryOp<"Floor", version, ONNX_FloatTypesSince<version>.types>;
  def ONNX_CeilV # version # Op
      : ONNX_UnaryOp<"Ceil", version, ONNX_FloatTypesSince<version>.types>;
}

// Relu is a clamp at 0: max(x, 0), NaN kept. 14 adds the signed integers.
// The latest version canonicalizes to a Clip, which is how it is lowered.
foreach version = [6, 13, 14] in
def ONNX_ReluV # version # Op : ONNX_UnaryOp<"Relu", version,
    !listconcat(ONNX_FloatTypesSince<version>.types,
        !if(!ge(version, 14), [I8, I16, I32, I64]<Type>, []<Type>))> {
  let hasCanonicalizer = !eq(version, 14);
}

#endif // ONNXC_DIALECT_ONNX_ONNXTENSOROPS_TD
