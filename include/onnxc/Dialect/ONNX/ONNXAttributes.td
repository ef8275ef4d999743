//===- ONNXAttributes.td - onnx dialect attribute kinds ----*- tablegen -*-===//
//
// ONNX string attributes whose values form a fixed set, as enums: a value
// outside the set is a parse or import error, and no pass compares strings.
// The string of each case is the ONNX spelling. Integer attributes with a
// fixed range are confined to it the same way.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_DIALECT_ONNX_ONNXATTRIBUTES_TD
#define ONNXC_DIALECT_ONNX_ONNXATTRIBUTES_TD

include "onnxc/Dialect/ONNX/ONNXDialect.td"
include "mlir/IR/EnumAttr.td"

class ONNX_EnumAttr<EnumAttrInfo enumInfo, string name>
    : EnumAttr<ONNX_Dialect, enumInfo, name> {
  let assemblyFormat = "`<` $value `>`";
}

// Upsample's modes appear in its own syntax after the `mode` keyword, as a
// bare keyword: `mode linear`.
class ONNX_KeywordEnumAttr<EnumAttrInfo enumInfo, string name>
    : EnumAttr<ONNX_Dialect, enumInfo, name> {
  let assemblyFormat = "$value";
}

def ONNX_UpsampleV1Mode : I32EnumAttr<"UpsampleV1Mode",
    "Upsample-1's interpolation mode",
    [I32EnumAttrCase<"nearest", 0>, I32EnumAttrCase<"bilinear", 1>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::onnxc::onnx";
}
def ONNX_UpsampleV1ModeAttr
    : ONNX_KeywordEnumAttr<ONNX_UpsampleV1Mode, "upsample_v1_mode">;

def ONNX_UpsampleMode : I32EnumAttr<"UpsampleMode",
    "Upsample-7 and later's interpolation mode",
    [I32EnumAttrCase<"nearest", 0>, I32EnumAttrCase<"linear", 1>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::onnxc::onnx";
}
def ONNX_UpsampleModeAttr
    : ONNX_KeywordEnumAttr<ONNX_UpsampleMode, "upsample_mode">;

def ONNX_ResizeMode : I32EnumAttr<"ResizeMode", "Resize's interpolation mode",
    [I32EnumAttrCase<"nearest", 0>, I32EnumAttrCase<"linear", 1>,
     I32EnumAttrCase<"cubic", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::onnxc::onnx";
}
def ONNX_ResizeModeAttr : ONNX_EnumAttr<ONNX_ResizeMode, "resize_mode">;

def ONNX_CoordinateTransformationMode : I32EnumAttr<
    "CoordinateTransformationMode",
    "how Resize maps an output index to an input coordinate",
    [I32EnumAttrCase<"half_pixel", 0>,
     I32EnumAttrCase<"half_pixel_symmetric", 1>,
     I32EnumAttrCase<"pytorch_half_pixel", 2>,
     I32EnumAttrCase<"align_corners", 3>,
     I32EnumAttrCase<"asymmetric", 4>,
     I32EnumAttrCase<"tf_half_pixel_for_nn", 5>,
     I32EnumAttrCase<"tf_crop_and_resize", 6>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::onnxc::onnx";
}
def ONNX_CoordinateTransformationModeAttr
    : ONNX_EnumAttr<ONNX_CoordinateTransformationMode,
                    "coordinate_transformation_mode">;

def ONNX_NearestMode : I32EnumAttr<"NearestMode",
    "how Resize's nearest mode rounds a coordinate to an index",
    [I32EnumAttrCase<"round_prefer_floor", 0>,
     I32EnumAttrCase<"round_prefer_ceil", 1>,
     I32EnumAttrCase<"floor", 2>, I32EnumAttrCase<"ceil", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::onnxc::onnx";
}
def ONNX_NearestModeAttr : ONNX_EnumAttr<ONNX_NearestMode, "nearest_mode">;

def ONNX_KeepAspectRatioPolicy : I32EnumAttr<"KeepAspectRatioPolicy",
    "how Resize-18's sizes constrain the output shape",
    [I32EnumAttrCase<"stretch", 0>, I32EnumAttrCase<"not_larger", 1>,
     I32EnumAttrCase<"not_smaller", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::onnxc::onnx";
}
def ONNX_KeepAspectRatioPolicyAttr
    : ONNX_EnumAttr<ONNX_KeepAspectRatioPolicy, "keep_aspect_ratio_policy">;

// An integer attribute the operator text allows only 0 or 1 for (Resize's
// exclude_outside and antialias).
def ONNX_FlagAttr : ConfinedAttr<I64Attr, [IntMinValue<0>, IntMaxValue<1>]> {
  let summary = "0 or 1";
}

#endif // ONNXC_DIALECT_ONNX_ONNXATTRIBUTES_TD
