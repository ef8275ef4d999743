// RUN: onnx-opt %s -convert-onnx-to-linalg -split-input-file -verify-diagnostics | FileCheck %s

// Relu is a Clip at 0 with no upper bound: one generic.
// CHECK-LABEL: func @relu
// CHECK:         %[[ZERO:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK:         linalg.generic
// CHECK:           arith.maxsi %{{.*}}, %[[ZERO]] : i32
// CHECK-NOT:     linalg.generic
func.func @relu(%x: tensor<5xi32>) -> tensor<5xi32> {
  %0 = onnx.ReluV14 %x : tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// An Identity that did not fold is its input.
// CHECK-LABEL: func @identity
// CHECK-NEXT:    return %arg0
func.func @identity(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = onnx.IdentityV25 %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Arithmetic on tensor data (the Add after an FPN's Resize): one generic
// over the broadcast shape, a dimension of 1 read at index 0.
// CHECK-DAG:   #[[COLUMN:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @data
// CHECK:         linalg.generic {indexing_maps = [#[[COLUMN]], #[[ROW]], #[[ID]]]
// CHECK:           arith.addf
func.func @data(%x: tensor<3x1xf32>, %lateral: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = onnx.AddV14 %x, %lateral : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Run-time dimensions: the result's are the first operand's (the shape
// function checks that the others agree).
// CHECK-LABEL: func @data_of_run_time_shape
// CHECK-SAME:    (%[[X:.*]]: tensor<?xf32>, %[[L:.*]]: tensor<?xf32>)
// CHECK:         %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %[[L]] : tensor<?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?xf32>)
// CHECK:           arith.addf
func.func @data_of_run_time_shape(%x: tensor<?xf32>, %lateral: tensor<?xf32>) -> tensor<?xf32> {
  %0 = onnx.AddV14 %x, %lateral : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// An integer division by zero does not fold; computed, it gives 0 rather
// than trapping, and INT_MIN / -1 wraps.
// CHECK-LABEL: func @division_by_zero
// CHECK:         %[[ZERO:.*]] = arith.cmpi eq
// CHECK:         %[[MINUS_ONE:.*]] = arith.cmpi eq
// CHECK:         arith.divsi
// CHECK:         arith.select %[[MINUS_ONE]]
// CHECK:         arith.select %[[ZERO]]
func.func @division_by_zero() -> tensor<1xi64> {
  %a = onnx.Constant dense<4> : tensor<1xi64>
  %z = onnx.Constant dense<0> : tensor<1xi64>
  %0 = onnx.DivV14 %a, %z : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  return %0 : tensor<1xi64>
}

// -----

// Concat writes each input into its region of one tensor; Transpose is
// linalg.transpose.
// CHECK-LABEL: func @concat_and_transpose
// CHECK-SAME:    (%[[A:.*]]: tensor<1x2x4xf32>, %[[B:.*]]: tensor<1x3x4xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<1x5x4xf32>
// CHECK:         %[[I:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0, 0] [1, 2, 4] [1, 1, 1]
// CHECK:         %[[J:.*]] = tensor.insert_slice %[[B]] into %[[I]][0, 2, 0] [1, 3, 4] [1, 1, 1]
// CHECK:         %[[T:.*]] = tensor.empty() : tensor<4x1x5xf32>
// CHECK:         linalg.transpose ins(%[[J]] : tensor<1x5x4xf32>) outs(%[[T]] : tensor<4x1x5xf32>) permutation = [2, 0, 1]
func.func @concat_and_transpose(%a: tensor<1x2x4xf32>, %b: tensor<1x3x4xf32>) -> tensor<4x1x5xf32> {
  %0 = onnx.ConcatV13 %a, %b {axis = -2 : i64} : (tensor<1x2x4xf32>, tensor<1x3x4xf32>) -> tensor<1x5x4xf32>
  %1 = onnx.TransposeV25 %0 {perm = array<i64: 2, 0, 1>} : tensor<1x5x4xf32> -> tensor<4x1x5xf32>
  return %1 : tensor<4x1x5xf32>
}

// -----

// Along the axis, the offsets and the result's length add the inputs'
// run-time lengths.
// CHECK-LABEL: func @concat_of_run_time_shape
// CHECK-SAME:    (%[[A:.*]]: tensor<?x4xf32>, %[[B:.*]]: tensor<2x4xf32>)
// CHECK:         %[[N:.*]] = tensor.dim %[[A]], %c0
// CHECK:         %[[LENGTH:.*]] = arith.addi %[[N]], %c2
// CHECK:         %[[E:.*]] = tensor.empty(%[[LENGTH]]) : tensor<?x4xf32>
// CHECK:         %[[I:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [%[[N]], 4] [1, 1]
// CHECK:         tensor.insert_slice %[[B]] into %[[I]][%[[N]], 0] [2, 4] [1, 1]
func.func @concat_of_run_time_shape(%a: tensor<?x4xf32>, %b: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %0 = onnx.ConcatV13 %a, %b {axis = 0 : i64} : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Reshape, Squeeze and Unsqueeze on data keep the elements in order, as
// views: a collapse or an expansion where one does it, both through one
// axis otherwise.
// CHECK-LABEL: func @reshapes
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 8] : tensor<24xf32> into tensor<3x8xf32>
// CHECK:         %[[U:.*]] = tensor.expand_shape %[[R]] {{\[}}[0], [1, 2]] output_shape [3, 1, 8] : tensor<3x8xf32> into tensor<3x1x8xf32>
// CHECK:         %[[S:.*]] = tensor.collapse_shape %[[U]] {{\[}}[0], [1, 2]] : tensor<3x1x8xf32> into tensor<3x8xf32>
// CHECK:         return %[[S]]
// CHECK-NOT:     tensor.reshape
func.func @reshapes(%x: tensor<2x3x4xf32>) -> tensor<3x8xf32> {
  %s = onnx.Constant dense<[3, -1]> : tensor<2xi64>
  %0 = onnx.ReshapeV25 %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3x8xf32>
  %a = onnx.Constant dense<[1]> : tensor<1xi64>
  %1 = onnx.UnsqueezeV25 %0, %a : tensor<3x8xf32>, tensor<1xi64> -> tensor<3x1x8xf32>
  %2 = onnx.SqueezeV25 %1 axes(%a : tensor<1xi64>) : tensor<3x1x8xf32> -> tensor<3x8xf32>
  return %2 : tensor<3x8xf32>
}

// -----

// A scalar and its one-element forms are expansions and collapses too.
// CHECK-LABEL: func @scalar_reshapes
// CHECK:         tensor.expand_shape %{{.*}} [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK:         tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
// CHECK-NOT:     tensor.reshape
func.func @scalar_reshapes(%x: tensor<f32>) -> tensor<f32> {
  %s = onnx.Constant dense<[1, 1]> : tensor<2xi64>
  %0 = onnx.ReshapeV25 %x, %s : (tensor<f32>, tensor<2xi64>) -> tensor<1x1xf32>
  %e = onnx.Constant dense<> : tensor<0xi64>
  %1 = onnx.ReshapeV25 %0, %e : (tensor<1x1xf32>, tensor<0xi64>) -> tensor<f32>
  return %1 : tensor<f32>
}

// -----

// Empty inputs add nothing: none is inserted, also at the axis's end.
// CHECK-LABEL: func @concat_with_empty_inputs
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>, %[[Z:.*]]: tensor<2x0xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[I:.*]] = tensor.insert_slice %[[X]] into %[[E]][0, 0] [2, 3] [1, 1]
// CHECK-NOT:     tensor.insert_slice
// CHECK:         return %[[I]]
func.func @concat_with_empty_inputs(%x: tensor<2x3xf32>, %z: tensor<2x0xf32>) -> tensor<2x3xf32> {
  %0 = onnx.ConcatV13 %x, %z {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x0xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A shape read at run time: the elements through one axis, expanded to the
// entries (0 copies the input's dimension, -1 takes what the others leave).
// CHECK-LABEL: func @reshape_to_run_time_shape
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<2xi64>)
// CHECK-DAG:     %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK-DAG:     %[[E0:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xi64>
// CHECK-DAG:     %[[E1:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xi64>
// CHECK:         %[[DYN:.*]] = tensor.cast %[[FLAT]] : tensor<6xf32> to tensor<?xf32>
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[DYN]] {{\[}}[0, 1]] output_shape [%{{.*}}, %{{.*}}] : tensor<?xf32> into tensor<?x?xf32>
// CHECK:         return %[[R]]
func.func @reshape_to_run_time_shape(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = onnx.ReshapeV25 %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Types alike do not make a view of the input: run-time entries may regroup
// its elements ([2, 3] into [3, 2]).
// CHECK-LABEL: func @reshape_same_type
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape
// CHECK:         tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape
func.func @reshape_same_type(%x: tensor<?x?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = onnx.ReshapeV25 %x, %s : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A run-time input reshaped to static entries: its elements are cast to the
// static count, which the shape function checks.
// CHECK-LABEL: func @reshape_run_time_input_to_static
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK:         %[[STATIC:.*]] = tensor.cast %[[FLAT]] : tensor<?xf32> to tensor<8xf32>
// CHECK:         tensor.expand_shape %[[STATIC]] {{\[}}[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
func.func @reshape_run_time_input_to_static(%x: tensor<?x4xf32>) -> tensor<2x4xf32> {
  %s = onnx.Constant dense<[2, 4]> : tensor<2xi64>
  %0 = onnx.ReshapeV25 %x, %s : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @constant_of_run_time_shape(%s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{ConstantOfShape: the values of its shape input are dimensions of its result, which onnxc needs at compile time: a constant, or computed from constants and static dimensions}}
  %0 = onnx.ConstantOfShapeV25 %s : tensor<2xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Unsqueeze and Squeeze on run-time dimensions are views too: the inserted
// or removed dimension of 1 joins a neighbour's group.
// CHECK-LABEL: func @unsqueeze_and_squeeze_of_run_time_shape
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3x?xf32>)
// CHECK-DAG:     %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK-DAG:     %[[W:.*]] = tensor.dim %[[X]], %c2
// CHECK:         %[[U:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1], [2, 3]] output_shape [%[[N]], 3, 1, %[[W]]] : tensor<?x3x?xf32> into tensor<?x3x1x?xf32>
// CHECK:         tensor.collapse_shape %[[U]] {{\[}}[0], [1], [2, 3]] : tensor<?x3x1x?xf32> into tensor<?x3x?xf32>
func.func @unsqueeze_and_squeeze_of_run_time_shape(%x: tensor<?x3x?xf32>) -> tensor<?x3x?xf32> {
  %a = onnx.Constant dense<[2]> : tensor<1xi64>
  %0 = onnx.UnsqueezeV25 %x, %a : tensor<?x3x?xf32>, tensor<1xi64> -> tensor<?x3x1x?xf32>
  %1 = onnx.SqueezeV25 %0 axes(%a : tensor<1xi64>) : tensor<?x3x1x?xf32> -> tensor<?x3x?xf32>
  return %1 : tensor<?x3x?xf32>
}

// -----

// A removed dimension known only at run time may not be 1.
func.func @squeeze_of_run_time_dimension(%x: tensor<4x?xf32>) -> tensor<4xf32> {
  %a = onnx.Constant dense<[1]> : tensor<1xi64>
  // expected-error @+1 {{Squeeze: a dimension it removes is known only at run time, and onnxc removes only dimensions known to be 1; give the graph inputs' shapes with --input-shape}}
  %0 = onnx.SqueezeV25 %x axes(%a : tensor<1xi64>) : tensor<4x?xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
