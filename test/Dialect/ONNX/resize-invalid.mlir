// RUN: onnx-opt %s -split-input-file -verify-diagnostics

func.func @v10_cubic(%x: tensor<2xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{mode must be 'nearest' or 'linear' in Resize-10, but is 'cubic'}}
  %0 = onnx.ResizeV10 %x, %s {mode = #onnx.resize_mode<cubic>} : tensor<2xf32>, tensor<1xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @symmetric_before_19(%x: tensor<2xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{coordinate_transformation_mode 'half_pixel_symmetric' needs Resize-19, but this is Resize-18}}
  %0 = onnx.ResizeV18 %x scales(%s : tensor<1xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<half_pixel_symmetric>} : tensor<2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @linear_bool(%x: tensor<2xi1>, %s: tensor<1xf32>) -> tensor<?xi1> {
  // expected-error @+1 {{mode 'linear' interpolates and is not defined for element type 'i1'}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) {mode = #onnx.resize_mode<linear>} : tensor<2xi1> -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

func.func @neither(%x: tensor<2xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{needs 'scales' or 'sizes' (a non-empty one), but has neither}}
  %0 = onnx.ResizeV13 %x : tensor<2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @both(%x: tensor<2xf32>, %s: tensor<1xf32>, %n: tensor<1xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{takes exactly one of 'scales' and 'sizes', but has both}}
  %0 = onnx.ResizeV13 %x scales(%s : tensor<1xf32>) sizes(%n : tensor<1xi64>) : tensor<2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @scales_length(%x: tensor<2x2xf32>, %s: tensor<3xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{expects one value in 'scales' per resized axis (2), but has 3}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<3xf32>) : tensor<2x2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @repeated_axis(%x: tensor<2x2xf32>, %s: tensor<2xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{axis -1 is listed twice}}
  %0 = onnx.ResizeV18 %x scales(%s : tensor<2xf32>) {axes = array<i64: 1, -1>} : tensor<2x2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @axis_range(%x: tensor<2x2xf32>, %s: tensor<1xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{axis 2 is out of range for an input of rank 2}}
  %0 = onnx.ResizeV18 %x scales(%s : tensor<1xf32>) {axes = array<i64: 2>} : tensor<2x2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @zero_scale(%x: tensor<2xf32>) -> tensor<?xf32> {
  %s = onnx.Constant dense<[0.0]> : tensor<1xf32>
  // expected-error @+1 {{scales must be finite and > 0, but scale 0 is 0}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) : tensor<2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @negative_size(%x: tensor<2xf32>) -> tensor<?xf32> {
  %n = onnx.Constant dense<[-1]> : tensor<1xi64>
  // expected-error @+1 {{sizes must be >= 0, but size 0 is -1}}
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<1xi64>) : tensor<2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @roi_length(%x: tensor<2x2xf32>, %r: tensor<2xf32>, %s: tensor<2xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{expects 'roi' to hold a start and an end per resized axis (4 values), but has 2}}
  %0 = onnx.ResizeV19 %x roi(%r : tensor<2xf32>) scales(%s : tensor<2xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_crop_and_resize>} : tensor<2x2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @wrong_result(%x: tensor<10xf32>) -> tensor<13xf32> {
  %s = onnx.Constant dense<[1.25]> : tensor<1xf32>
  // expected-error @+1 {{result dimension 0 must be 12, but is 13}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) : tensor<10xf32> -> tensor<13xf32>
  return %0 : tensor<13xf32>
}

// -----

func.func @empty_axis(%x: tensor<0xf32>) -> tensor<?xf32> {
  %n = onnx.Constant dense<[3]> : tensor<1xi64>
  // expected-error @+1 {{dimension 0 is empty and cannot be resized to length 3}}
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<1xi64>) : tensor<0xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @bad_mode(%x: tensor<2xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error @+2 {{expected ::onnxc::onnx::ResizeMode to be one of: nearest, linear, cubic}}
  // expected-error @+1 {{failed to parse ONNX_ResizeModeAttr parameter 'value'}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) {mode = #onnx.resize_mode<bilinear>} : tensor<2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @rank0(%x: tensor<f32>, %n: tensor<0xi64>) -> tensor<f32> {
  // expected-error @+1 {{input must have rank >= 1 to be resized}}
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<0xi64>) : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @roi_rank(%x: tensor<2xf32>, %r: tensor<1x2xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'roi' must be a 1-D tensor, but has type 'tensor<1x2xf32>'}}
  %0 = onnx.ResizeV19 %x roi(%r : tensor<1x2xf32>) scales(%s : tensor<1xf32>) : tensor<2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @result_type(%x: tensor<2xf32>, %s: tensor<1xf32>) -> tensor<?xf64> {
  // expected-error @+1 {{result element type must be the input's, 'f32', but is 'f64'}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) : tensor<2xf32> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

// -----

func.func @result_rank(%x: tensor<2xf32>, %s: tensor<1xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{result rank must be the input's, 1, but is 2}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) : tensor<2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @length_overflow(%x: tensor<1000000xf32>) -> tensor<?xf32> {
  %s = onnx.Constant dense<[1.0e+38]> : tensor<1xf32>
  // expected-error @+1 {{output dimension 0 = floor(1000000 * 1.000000e+38) is too large}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) : tensor<1000000xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @bytes_overflow(%x: tensor<2x2xf32>) -> tensor<?x?xf32> {
  %n = onnx.Constant dense<[4611686018427387904, 4]> : tensor<2xi64>
  // expected-error @+1 {{the output is too large: 'tensor<4611686018427387904x4xf32>' holds more than 2^62 bytes}}
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<2xi64>) : tensor<2x2xf32> -> tensor<4611686018427387904x4xf32>
  return %0 : tensor<4611686018427387904x4xf32>
}

// -----

func.func @antialias_flag(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{attribute 'antialias' failed to satisfy constraint: 0 or 1}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) {antialias = 2 : i64, mode = #onnx.resize_mode<linear>} : tensor<4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @exclude_outside_flag(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{attribute 'exclude_outside' failed to satisfy constraint: 0 or 1}}
  %0 = onnx.ResizeV11 %x roi(%s : tensor<1xf32>) scales(%s : tensor<1xf32>) {exclude_outside = -1 : i64, mode = #onnx.resize_mode<cubic>} : tensor<4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @roi_nan(%x: tensor<4xf32>) -> tensor<3xf32> {
  %roi = onnx.Constant dense<[0.0, 0x7FC00000]> : tensor<2xf32>
  %n = onnx.Constant dense<[3]> : tensor<1xi64>
  // expected-error @+1 {{roi must be finite, but value 1 is nan}}
  %0 = onnx.ResizeV19 %x roi(%roi : tensor<2xf32>) sizes(%n : tensor<1xi64>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_crop_and_resize>} : tensor<4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @string_crop_outside(%x: tensor<4x!onnx.string>) -> tensor<3x!onnx.string> {
  %roi = onnx.Constant dense<[-0.5, 1.0]> : tensor<2xf32>
  %n = onnx.Constant dense<[3]> : tensor<1xi64>
  // expected-error @+1 {{tf_crop_and_resize maps outputs of axis 0 outside the input, and a string tensor has no extrapolation_value}}
  %0 = onnx.ResizeV19 %x roi(%roi : tensor<2xf32>) sizes(%n : tensor<1xi64>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_crop_and_resize>} : tensor<4x!onnx.string> -> tensor<3x!onnx.string>
  return %0 : tensor<3x!onnx.string>
}
