// RUN: onnx-opt %s -split-input-file -verify-diagnostics

// The onnxc dialect's attributes are verified where they appear.

// expected-error @+1 {{'func.func' op 'onnxc.parallel' marks scf.for loops only}}
func.func @parallel_on_a_function() attributes {onnxc.parallel} {
  return
}

// -----

func.func @parallel_with_a_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 'onnxc.parallel' must be a unit attribute}}
  scf.for %i = %c0 to %n step %c1 {
  } {onnxc.parallel = 4 : i64}
  return
}

// -----

func.func @tile_sizes_on_a_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 'onnxc.tile_sizes' applies to linalg ops only}}
  scf.for %i = %c0 to %n step %c1 {
  } {onnxc.tile_sizes = array<i64: 16>}
  return
}

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @tile_sizes_per_loop(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{'linalg.generic' op 'onnxc.tile_sizes' has 1 sizes for an op of 2 loops}}
  %y = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%x : tensor<4x32xf32>) attrs = {onnxc.tile_sizes = array<i64: 16>} {
  ^bb0(%out: f32):
    linalg.yield %out : f32
  } -> tensor<4x32xf32>
  return %y : tensor<4x32xf32>
}

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @negative_tile_size(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{'linalg.generic' op 'onnxc.tile_sizes' sizes must be >= 0}}
  %y = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%x : tensor<4x32xf32>) attrs = {onnxc.tile_sizes = array<i64: 1, -16>} {
  ^bb0(%out: f32):
    linalg.yield %out : f32
  } -> tensor<4x32xf32>
  return %y : tensor<4x32xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @tile_sizes_not_an_array(%x: tensor<32xf32>) -> tensor<32xf32> {
  // expected-error @+1 {{'linalg.generic' op 'onnxc.tile_sizes' must be an array<i64>}}
  %y = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%x : tensor<32xf32>) attrs = {onnxc.tile_sizes = 16 : i64} {
  ^bb0(%out: f32):
    linalg.yield %out : f32
  } -> tensor<32xf32>
  return %y : tensor<32xf32>
}

// -----

// expected-error @+1 {{'func.func' op has the unknown onnxc attribute 'onnxc.paralel'}}
func.func @misspelt() attributes {onnxc.paralel} {
  return
}

// -----

func.func @row_groups_on_a_clip(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'onnx.ClipV13' op 'onnxc.row_groups' applies to Resize-10 and the latest Resize}}
  %0 = onnx.ClipV13 %x {onnxc.row_groups} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @row_groups_with_a_value(%x: tensor<1x1x4x8xf32>) -> tensor<1x1x8x16xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  // expected-error @+1 {{'onnx.ResizeV19' op 'onnxc.row_groups' must be a unit attribute}}
  %0 = onnx.ResizeV19 %x scales(%s : tensor<4xf32>) {mode = #onnx.resize_mode<linear>, onnxc.row_groups = 2 : i64} : tensor<1x1x4x8xf32> -> tensor<1x1x8x16xf32>
  return %0 : tensor<1x1x8x16xf32>
}
