// RUN: onnx-opt %s -split-input-file -verify-diagnostics
// One negative test per verifier rule of docs/semantics.md.

//===----------------------------------------------------------------------===//
// Clip: element types of each version
//===----------------------------------------------------------------------===//

func.func @clip_v1_integer(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<3xi32>'}}
  %0 = onnx.ClipV1 %x : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @clip_v6_bf16(%x: tensor<3xbf16>) -> tensor<3xbf16> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<3xbf16>'}}
  %0 = onnx.ClipV6 %x : tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// -----

func.func @clip_v11_integer(%x: tensor<3xi8>) -> tensor<3xi8> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<3xi8>'}}
  %0 = onnx.ClipV11 %x : tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

func.func @clip_v12_bf16(%x: tensor<3xbf16>) -> tensor<3xbf16> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer values, but got 'tensor<3xbf16>'}}
  %0 = onnx.ClipV12 %x : tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// -----

func.func @clip_v13_bool(%x: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = onnx.ClipV13 %x : tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @clip_v13_signed_integer(%x: tensor<3xsi32>) -> tensor<3xsi32> {
  // Signed ONNX integers are signless MLIR integers.
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = onnx.ClipV13 %x : tensor<3xsi32>
  return %0 : tensor<3xsi32>
}

// -----

//===----------------------------------------------------------------------===//
// Clip: the result type is the input type
//===----------------------------------------------------------------------===//

func.func @clip_v1_result_type(%x: tensor<3xf32>) -> tensor<3xf16> {
  // expected-error @+1 {{all of {input, output} have same type}}
  %0 = "onnx.ClipV1"(%x) : (tensor<3xf32>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

func.func @clip_v6_result_shape(%x: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all of {input, output} have same type}}
  %0 = "onnx.ClipV6"(%x) : (tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clip_v13_result_shape(%x: tensor<3xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{all of {input, output} have same type}}
  %0 = "onnx.ClipV13"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Clip: bounds of X's element type holding one element
//===----------------------------------------------------------------------===//

func.func @clip_v11_bound_element_type(%x: tensor<3xf32>, %lo: tensor<f64>) -> tensor<3xf32> {
  // expected-error @+1 {{bound 'min' must have the input's element type 'f32', but has type 'tensor<f64>'}}
  %0 = onnx.ClipV11 %x min(%lo : tensor<f64>) : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @clip_v12_bound_signedness(%x: tensor<3xi8>, %hi: tensor<ui8>) -> tensor<3xi8> {
  // expected-error @+1 {{bound 'max' must have the input's element type 'i8', but has type 'tensor<ui8>'}}
  %0 = onnx.ClipV12 %x max(%hi : tensor<ui8>) : tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

func.func @clip_v13_bound_two_elements(%x: tensor<3xf32>, %lo: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{bound 'min' must hold exactly one element, but has type 'tensor<2xf32>'}}
  %0 = onnx.ClipV13 %x min(%lo : tensor<2xf32>) : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @clip_v11_bound_empty(%x: tensor<3xf32>, %hi: tensor<0xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{bound 'max' must hold exactly one element, but has type 'tensor<0xf32>'}}
  %0 = onnx.ClipV11 %x max(%hi : tensor<0xf32>) : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @clip_v12_bound_many_elements(%x: tensor<3xi32>, %hi: tensor<1x2xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{bound 'max' must hold exactly one element, but has type 'tensor<1x2xi32>'}}
  %0 = onnx.ClipV12 %x max(%hi : tensor<1x2xi32>) : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

//===----------------------------------------------------------------------===//
// Upsample: element types of each version
//===----------------------------------------------------------------------===//

func.func @upsample_v1_int8(%x: tensor<1x1x2x2xi8>) -> tensor<1x1x4x4xi8> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 1-bit signless integer or 16-bit float or 32-bit float or 64-bit float or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<1x1x2x2xi8>'}}
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 2.0 : tensor<1x1x2x2xi8> -> tensor<1x1x4x4xi8>
  return %0 : tensor<1x1x4x4xi8>
}

// -----

func.func @upsample_v7_bf16(%x: tensor<2xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = onnx.UpsampleV7 %x scales [2.0] : tensor<2xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @upsample_v9_f64_scales(%x: tensor<2xf32>, %s: tensor<1xf64>) -> tensor<?xf32> {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit float values, but got 'tensor<1xf64>'}}
  %0 = onnx.UpsampleV9 %x, %s : tensor<2xf32>, tensor<1xf64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Upsample: input rank
//===----------------------------------------------------------------------===//

func.func @upsample_v1_not_4d(%x: tensor<1x2x2xf32>) -> tensor<1x4x4xf32> {
  // expected-error @+1 {{UpsampleV1 takes a 4-D NCHW input, but the input has rank 3}}
  %0 = "onnx.UpsampleV1"(%x) {height_scale = 2.0 : f32, width_scale = 2.0 : f32} : (tensor<1x2x2xf32>) -> tensor<1x4x4xf32>
  return %0 : tensor<1x4x4xf32>
}

// -----

func.func @upsample_v7_rank_0(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{input must have rank >= 1 to be upsampled}}
  %0 = onnx.UpsampleV7 %x scales [] : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

//===----------------------------------------------------------------------===//
// Upsample: modes
//===----------------------------------------------------------------------===//

func.func @upsample_v1_linear(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+2 {{expected ::onnxc::onnx::UpsampleV1Mode to be one of: nearest, bilinear}}
  // expected-error @+1 {{failed to parse ONNX_UpsampleV1ModeAttr parameter}}
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 2.0 mode linear : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

func.func @upsample_v7_bilinear(%x: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected ::onnxc::onnx::UpsampleMode to be one of: nearest, linear}}
  // expected-error @+1 {{failed to parse ONNX_UpsampleModeAttr parameter}}
  %0 = onnx.UpsampleV7 %x scales [2.0] mode bilinear : tensor<2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @upsample_v10_cubic(%x: tensor<2xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error @+2 {{expected ::onnxc::onnx::UpsampleMode to be one of: nearest, linear}}
  // expected-error @+1 {{failed to parse ONNX_UpsampleModeAttr parameter}}
  %0 = onnx.UpsampleV10 %x, %s mode "cubic" : tensor<2xf32>, tensor<1xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @upsample_v1_bilinear_bool(%x: tensor<1x1x2x2xi1>) -> tensor<1x1x4x4xi1> {
  // expected-error @+1 {{mode 'bilinear' interpolates and is not defined for element type 'i1'}}
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 2.0 mode bilinear : tensor<1x1x2x2xi1> -> tensor<1x1x4x4xi1>
  return %0 : tensor<1x1x4x4xi1>
}

// -----

func.func @upsample_v7_linear_string(%x: tensor<2x!onnx.string>) -> tensor<4x!onnx.string> {
  // expected-error @+1 {{mode 'linear' interpolates and is not defined for element type '!onnx.string'}}
  %0 = onnx.UpsampleV7 %x scales [2.0] mode linear : tensor<2x!onnx.string> -> tensor<4x!onnx.string>
  return %0 : tensor<4x!onnx.string>
}

// -----

func.func @upsample_v9_linear_bool(%x: tensor<2xi1>, %s: tensor<1xf32>) -> tensor<?xi1> {
  // expected-error @+1 {{mode 'linear' interpolates and is not defined for element type 'i1'}}
  %0 = onnx.UpsampleV9 %x, %s mode linear : tensor<2xi1>, tensor<1xf32> -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

//===----------------------------------------------------------------------===//
// Upsample: one scale per dimension
//===----------------------------------------------------------------------===//

func.func @upsample_v7_scale_count(%x: tensor<2x2xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{expects one scale per input dimension: 3 scales for an input of rank 2}}
  %0 = onnx.UpsampleV7 %x scales [1.0, 2.0, 2.0] : tensor<2x2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @upsample_v9_scale_count(%x: tensor<2x2xf32>, %s: tensor<4xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{expects one scale per input dimension: 4 scales for an input of rank 2}}
  %0 = onnx.UpsampleV9 %x, %s : tensor<2x2xf32>, tensor<4xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @upsample_v10_scales_rank(%x: tensor<2x2xf32>, %s: tensor<1x2xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{scales must be a 1-D tensor, but has type 'tensor<1x2xf32>'}}
  %0 = onnx.UpsampleV10 %x, %s : tensor<2x2xf32>, tensor<1x2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Upsample: constant scales are finite and >= 1
//===----------------------------------------------------------------------===//

func.func @upsample_v1_scale_below_one(%x: tensor<1x1x2x2xf32>) -> tensor<?x?x?x?xf32> {
  // expected-error @+1 {{scales must be finite and >= 1, but the scale of dimension 3 is 5.000000e-01}}
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 0.5 : tensor<1x1x2x2xf32> -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @upsample_v7_scale_below_one(%x: tensor<2x2xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{scales must be finite and >= 1, but the scale of dimension 0 is 9.990000e-01}}
  %0 = onnx.UpsampleV7 %x scales [0.999, 2.0] : tensor<2x2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @upsample_v9_constant_scale_nan(%x: tensor<2x2xf32>) -> tensor<?x?xf32> {
  %s = onnx.Constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  // expected-error @+1 {{scales must be finite and >= 1, but the scale of dimension 1 is nan}}
  %0 = onnx.UpsampleV9 %x, %s : tensor<2x2xf32>, tensor<2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @upsample_v10_constant_scale_inf(%x: tensor<2x2xf32>) -> tensor<?x?xf32> {
  %s = onnx.Constant dense<[0x7F800000, 1.0]> : tensor<2xf32>
  // expected-error @+1 {{scales must be finite and >= 1, but the scale of dimension 0 is INF}}
  %0 = onnx.UpsampleV10 %x, %s : tensor<2x2xf32>, tensor<2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @upsample_v10_constant_scale_count(%x: tensor<2x2xf32>) -> tensor<?x?xf32> {
  %s = onnx.Constant dense<[1.0, 2.0, 2.0]> : tensor<3xf32>
  // expected-error @+1 {{expects one scale per input dimension: 3 scales for an input of rank 2}}
  %0 = onnx.UpsampleV10 %x, %s : tensor<2x2xf32>, tensor<3xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Upsample: result type = trunc(float32(n) * s) per dimension
//===----------------------------------------------------------------------===//

func.func @upsample_v7_result_length(%x: tensor<10xf32>) -> tensor<12xf32> {
  // float32 arithmetic: 10 * 1.3f = 13.0000005, so 13 and not 12.
  // expected-error @+1 {{result dimension 0 must be trunc(10 * 1.300000e+00) = 13, but is 12}}
  %0 = onnx.UpsampleV7 %x scales [1.3] : tensor<10xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// -----

func.func @upsample_v1_result_length(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x5xf32> {
  // expected-error @+1 {{result dimension 3 must be trunc(2 * 3.000000e+00) = 6, but is 5}}
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 3.0 : tensor<1x1x2x2xf32> -> tensor<1x1x4x5xf32>
  return %0 : tensor<1x1x4x5xf32>
}

// -----

func.func @upsample_v10_result_length(%x: tensor<3x2xf32>) -> tensor<5x4xf32> {
  %s = onnx.Constant dense<[1.5, 2.0]> : tensor<2xf32>
  // expected-error @+1 {{result dimension 0 must be trunc(3 * 1.500000e+00) = 4, but is 5}}
  %0 = onnx.UpsampleV10 %x, %s : tensor<3x2xf32>, tensor<2xf32> -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @upsample_v9_result_element_type(%x: tensor<2xf32>, %s: tensor<1xf32>) -> tensor<?xf16> {
  // expected-error @+1 {{result element type must be the input's, 'f32', but is 'f16'}}
  %0 = onnx.UpsampleV9 %x, %s : tensor<2xf32>, tensor<1xf32> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}

// -----

func.func @upsample_v7_result_rank(%x: tensor<2xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{result rank must be the input's, 1, but is 2}}
  %0 = onnx.UpsampleV7 %x scales [2.0] : tensor<2xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @upsample_v7_result_too_large(%x: tensor<1000xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{output dimension 0 = trunc(1000 * 1.000000e+30) is too large}}
  %0 = onnx.UpsampleV7 %x scales [1.0e30] : tensor<1000xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Each dimension fits, their product does not.
func.func @upsample_v7_output_too_large(%x: tensor<8x8xf32>) -> tensor<8796093022208x8796093022208xf32> {
  // expected-error @+1 {{the output is too large: 'tensor<8796093022208x8796093022208xf32>' holds more than 2^62 bytes}}
  %0 = onnx.UpsampleV7 %x scales [1099511627776.0, 1099511627776.0] : tensor<8x8xf32> -> tensor<8796093022208x8796093022208xf32>
  return %0 : tensor<8796093022208x8796093022208xf32>
}

// -----

// Exactly 2^62 bytes is the largest tensor there is; twice that is too large.
func.func @upsample_v7_output_at_the_limit(%x: tensor<1x1xf32>) -> tensor<1073741824x1073741824xf32> {
  %0 = onnx.UpsampleV7 %x scales [1073741824.0, 1073741824.0] : tensor<1x1xf32> -> tensor<1073741824x1073741824xf32>
  return %0 : tensor<1073741824x1073741824xf32>
}

// -----

func.func @upsample_v7_output_past_the_limit(%x: tensor<1x1xf64>) -> tensor<1073741824x1073741824xf64> {
  // expected-error @+1 {{the output is too large: 'tensor<1073741824x1073741824xf64>' holds more than 2^62 bytes}}
  %0 = onnx.UpsampleV7 %x scales [1073741824.0, 1073741824.0] : tensor<1x1xf64> -> tensor<1073741824x1073741824xf64>
  return %0 : tensor<1073741824x1073741824xf64>
}

// -----

// Dimensions unknown until run time are checked then.
func.func @upsample_v7_output_large_but_dynamic(%x: tensor<8x?xf32>) -> tensor<8796093022208x?xf32> {
  %0 = onnx.UpsampleV7 %x scales [1099511627776.0, 1099511627776.0] : tensor<8x?xf32> -> tensor<8796093022208x?xf32>
  return %0 : tensor<8796093022208x?xf32>
}
