// RUN: onnx-opt %s -split-input-file -verify-diagnostics
// One negative test per rule the shape and elementwise ops check.

func.func @gather_axis(%x: tensor<4xi64>, %i: tensor<i64>) -> tensor<i64> {
  // expected-error @+2 {{Gather's axis 1 is out of range for 'data' of rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.GatherV13 %x, %i {axis = 1 : i64} : tensor<4xi64>, tensor<i64> -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @slice_lengths(%x: tensor<4xi64>, %s: tensor<1xi64>, %e: tensor<2xi64>) -> tensor<?xi64> {
  // expected-error @+2 {{Slice needs as many 'ends' as 'starts' (1), but has 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.SliceV13 %x, %s, %e : (tensor<4xi64>, tensor<1xi64>, tensor<2xi64>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @slice_zero_step(%x: tensor<4xi64>) -> tensor<?xi64> {
  %s = onnx.Constant dense<0> : tensor<1xi64>
  %step = onnx.Constant dense<0> : tensor<1xi64>
  // expected-error @+2 {{Slice's steps must not be 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.SliceV13 %x, %s, %s steps(%step : tensor<1xi64>) : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @slice_repeated_axis(%x: tensor<4x4xf32>) -> tensor<?x?xf32> {
  %s = onnx.Constant dense<0> : tensor<2xi64>
  %axes = onnx.Constant dense<[1, -1]> : tensor<2xi64>
  // expected-error @+2 {{Slice lists axis -1 twice}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.SliceV13 %x, %s, %s axes(%axes : tensor<2xi64>) : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @slice_result(%x: tensor<4xi64>) -> tensor<3xi64> {
  %s = onnx.Constant dense<0> : tensor<1xi64>
  %e = onnx.Constant dense<2> : tensor<1xi64>
  // expected-error @+2 {{'onnx.SliceV13' op inferred type(s) 'tensor<2xi64>' are incompatible with return type(s) of operation 'tensor<3xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.SliceV13 %x, %s, %e : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

func.func @concat_mismatch(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{Concat's input 1 has dimension 1 = 4 where input 0 has 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConcatV13 %a, %b {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @concat_types(%a: tensor<2xi64>, %b: tensor<2xi32>) -> tensor<4xi64> {
  // expected-error @+2 {{Concat's input 1 (tensor<2xi32>) does not have the rank and element type of input 0 (tensor<2xi64>)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConcatV13 %a, %b {axis = 0 : i64} : (tensor<2xi64>, tensor<2xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @unsqueeze_runtime_axes(%x: tensor<2xf32>, %axes: tensor<1xi64>) -> tensor<1x2xf32> {
  // expected-error @+2 {{Unsqueeze's 'axes' must be known at compile time: they decide the result's rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.UnsqueezeV13 %x, %axes : tensor<2xf32>, tensor<1xi64> -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

func.func @unsqueeze_v1_negative(%x: tensor<2xf32>) -> tensor<2x1xf32> {
  // expected-error @+2 {{Unsqueeze's axis -1 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.UnsqueezeV1 %x {axes = array<i64: -1>} : tensor<2xf32> -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @squeeze_not_one(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{Squeeze's axis 0 has length 2, not 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.SqueezeV11 %x {axes = array<i64: 0>} : tensor<2x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @squeeze_dynamic(%x: tensor<?x1xf32>) -> tensor<?xf32> {
  // expected-error @+2 {{Squeeze without 'axes' needs a static shape, but dimension 0 is dynamic}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.SqueezeV13 %x : tensor<?x1xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @cast_unknown_type(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{Cast's 'to' = 17 is not an element type onnxc supports}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.CastV19 %x {to = 17 : i64} : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @broadcast_mismatch(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{input 1's dimension 0 = 4 does not broadcast with 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.AddV14 %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @add_v7_int8(%a: tensor<2xi8>) -> tensor<2xi8> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer or 32-bit unsigned integer or 64-bit unsigned integer or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2xi8>'}}
  %0 = onnx.AddV7 %a, %a : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

func.func @relu_v13_integer(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values, but got 'tensor<2xi32>'}}
  %0 = onnx.ReluV13 %a : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @gather_constant_index(%x: tensor<4xi64>) -> tensor<i64> {
  %i = onnx.Constant dense<-5> : tensor<i64>
  // expected-error @+2 {{Gather's index -5 is out of range for axis 0 of length 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.GatherV13 %x, %i : tensor<4xi64>, tensor<i64> -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @transpose_perm_repeats(%x: tensor<2x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{Transpose's perm must list each axis of the input once, but has 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.TransposeV13 %x {perm = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @transpose_perm_length(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{Transpose's perm has 3 axes for an input of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.TransposeV13 %x {perm = array<i64: 1, 0, 2>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reshape_two_inferred(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %s = onnx.Constant dense<[-1, -1]> : tensor<2xi64>
  // expected-error @+2 {{Reshape's shape has more than one -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @reshape_count(%x: tensor<2x3xf32>) -> tensor<4xf32> {
  %s = onnx.Constant dense<[4]> : tensor<1xi64>
  // expected-error @+2 {{Reshape's shape holds 4 elements, but the input has 6}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @constant_of_shape_negative() -> tensor<?xf32> {
  %s = onnx.Constant dense<[-2]> : tensor<1xi64>
  // expected-error @+2 {{ConstantOfShape's dimension 0 is -2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConstantOfShapeV25 %s : tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @constant_of_shape_too_large() -> tensor<?x?xf32> {
  %s = onnx.Constant dense<[4611686018427387904, 4611686018427387904]> : tensor<2xi64>
  // expected-error @+2 {{ConstantOfShape's shape holds more elements than a tensor can (2^62)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConstantOfShapeV25 %s : tensor<2xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @reshape_too_large(%x: tensor<4xf32>) -> tensor<?x?x?xf32> {
  %s = onnx.Constant dense<[4611686018427387904, 4611686018427387904, 4]> : tensor<3xi64>
  // expected-error @+2 {{Reshape's shape holds more elements than a tensor can (2^62)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s : (tensor<4xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

func.func @transpose_negative_axis(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{Transpose's perm must list each axis of the input once, but has -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.TransposeV13 %x {perm = array<i64: -1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{Transpose's perm must list each axis of the input once, but has 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.TransposeV13 %x {perm = array<i64: 2, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @concat_axis_overflow(%a: tensor<9223372036854775807xf32>, %b: tensor<3xf32>) -> tensor<?xf32> {
  // expected-error @+2 {{Concat's inputs hold more elements along axis 0 than a tensor can (2^62)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConcatV13 %a, %b {axis = 0 : i64} : (tensor<9223372036854775807xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @concat_result_too_large(%a: tensor<4294967296x4294967296xf32>, %b: tensor<1x4294967296xf32>) -> tensor<?x4294967296xf32> {
  // expected-error @+2 {{Concat's result holds more elements than a tensor can (2^62)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConcatV13 %a, %b {axis = 0 : i64} : (tensor<4294967296x4294967296xf32>, tensor<1x4294967296xf32>) -> tensor<?x4294967296xf32>
  return %0 : tensor<?x4294967296xf32>
}

// -----

func.func @reshape_input_too_large(%x: tensor<4294967296x4294967296xf32>) -> tensor<?xf32> {
  %s = onnx.Constant dense<[-1]> : tensor<1xi64>
  // expected-error @+2 {{Reshape's input holds more elements than a tensor can (2^62)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s : (tensor<4294967296x4294967296xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @reshape_unknown_length(%x: tensor<4xf32>, %s: tensor<?xi64>) -> tensor<?xf32> {
  // expected-error @+2 {{Reshape's 'shape' must have a static length: it decides the result's rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s : (tensor<4xf32>, tensor<?xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @reshape_zero_beyond_rank(%x: tensor<4xf32>) -> tensor<4x?xf32> {
  %s = onnx.Constant dense<[4, 0]> : tensor<2xi64>
  // expected-error @+2 {{Reshape's shape entry 1 is 0, which copies an input dimension the input (rank 1) does not have}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s : (tensor<4xf32>, tensor<2xi64>) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

func.func @reshape_entry_below_minus_one(%x: tensor<4xf32>) -> tensor<?xf32> {
  %s = onnx.Constant dense<[-2]> : tensor<1xi64>
  // expected-error @+2 {{Reshape's shape entry 0 is -2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @reshape_allowzero_zero_and_minus_one(%x: tensor<0x4xf32>) -> tensor<0x?xf32> {
  %s = onnx.Constant dense<[0, -1]> : tensor<2xi64>
  // expected-error @+2 {{Reshape with allowzero may not have both a 0 and a -1 in its shape}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s {allowzero = 1 : i64} : (tensor<0x4xf32>, tensor<2xi64>) -> tensor<0x?xf32>
  return %0 : tensor<0x?xf32>
}

// -----

func.func @reshape_cannot_fill(%x: tensor<2x3xf32>) -> tensor<4x?xf32> {
  %s = onnx.Constant dense<[4, -1]> : tensor<2xi64>
  // expected-error @+2 {{Reshape cannot fill its shape with the input's 6 elements}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ReshapeV25 %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

func.func @constant_of_shape_two_values() -> tensor<2xf32> {
  %s = onnx.Constant dense<[2]> : tensor<1xi64>
  // expected-error @+2 {{ConstantOfShape's value must hold one element, but holds 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConstantOfShapeV25 %s {value = dense<[1.0, 2.0]> : tensor<2xf32>} : tensor<1xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @constant_of_shape_not_a_number() -> tensor<2xcomplex<f32>> {
  %s = onnx.Constant dense<[2]> : tensor<1xi64>
  // expected-error @+2 {{ConstantOfShape's value must be a number or a bool, but is tensor<1xcomplex<f32>>}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConstantOfShapeV25 %s {value = dense<(1.0, 2.0)> : tensor<1xcomplex<f32>>} : tensor<1xi64> -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @constant_of_shape_unknown_length(%s: tensor<?xi64>) -> tensor<?xf32> {
  // expected-error @+2 {{ConstantOfShape's input must have a static length: it decides the result's rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConstantOfShapeV25 %s : tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @constant_of_shape_resource() -> tensor<2xf32> {
  %s = onnx.Constant dense<[2]> : tensor<1xi64>
  // expected-error @+2 {{ConstantOfShape's value must be a dense constant}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = onnx.ConstantOfShapeV25 %s {value = dense_resource<fill> : tensor<1xf32>} : tensor<1xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      fill: "0x040000000000803F"
    }
  }
#-}
