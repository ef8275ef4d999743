// A Resize that is a graph output computes its rows in groups, each row of
// a group a region of the result (ResizePhases.cpp); onnx-results-to-
// destinations then computes every region straight into the output buffer,
// so nothing is inserted and, once bufferized, nothing copied. Two outputs
// of one shape, whose empty tensors and regions CSE merges, still each get
// their own subviews.
// RUN: onnx-opt %s -onnx-to-linalg | FileCheck %s
// RUN: onnx-opt %s -onnx-to-linalg -onnx-linalg-to-loops='vector-bits=512 parallelize=false' | FileCheck %s --check-prefix=LOOPS

// CHECK-LABEL: func @two_outputs
// CHECK-SAME:    (%{{.*}}: tensor<1x2x4x4xf32>, %{{.*}}: tensor<1x2x4x4xf32>, %[[Y0:[^:]*]]: memref<1x2x8x8xf32>, %[[Y1:[^:]*]]: memref<1x2x8x8xf32>)
// CHECK-NOT:     tensor.insert_slice
// CHECK-DAG:     %[[V0:.*]] = memref.expand_shape %[[Y0]] {{\[}}[0], [1], [2, 3], [4, 5]] output_shape [1, 2, 2, 4, 4, 2]
// CHECK-DAG:     %[[V1:.*]] = memref.expand_shape %[[Y1]] {{\[}}[0], [1], [2, 3], [4, 5]] output_shape [1, 2, 2, 4, 4, 2]
// CHECK-COUNT-4: memref.subview %[[V0]]
// CHECK:         linalg.generic
// CHECK-COUNT-4: memref.subview %[[V1]]
// CHECK:         linalg.generic
// CHECK-COUNT-8: bufferization.materialize_in_destination
// CHECK-NOT:     tensor.insert_slice
// CHECK:         return
// LOOPS-LABEL: func @two_outputs(
// LOOPS-NOT:     memref.copy
// LOOPS-NOT:     memref.alloc
// LOOPS:         return
func.func @two_outputs(%x: tensor<1x2x4x4xf32>, %y: tensor<1x2x4x4xf32>) -> (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<4xf32>) {mode = #onnx.resize_mode<linear>} : tensor<1x2x4x4xf32> -> tensor<1x2x8x8xf32>
  %1 = onnx.ResizeV19 %y scales(%s : tensor<4xf32>) {mode = #onnx.resize_mode<linear>} : tensor<1x2x4x4xf32> -> tensor<1x2x8x8xf32>
  return %0, %1 : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>
}

// x3 with a dynamic first axis: groups of rows 3g - 2 to 3g, which read
// input rows g - 1 and g; row 0, and rows 13 and 14, cut by the edges.
// CHECK-LABEL: func @x3_dynamic
// CHECK-SAME:    %[[Y:[^:]*]]: memref<?x15x6xf32>
// CHECK:         %[[VIEW:.*]] = memref.expand_shape %[[Y]] {{\[}}[0], [1, 2], [3, 4]] output_shape [%[[N:.*]], 5, 3, 2, 3]
// CHECK:         memref.subview %[[VIEW]][0, 0, 1, 0, 0] [%[[N]], 4, 1, 2, 3]
// CHECK:         memref.subview %[[VIEW]][0, 0, 2, 0, 0] [%[[N]], 4, 1, 2, 3]
// CHECK:         memref.subview %[[VIEW]][0, 1, 0, 0, 0] [%[[N]], 4, 1, 2, 3]
// CHECK:         linalg.generic
// CHECK:         memref.subview %[[VIEW]][0, 0, 0, 0, 0] [%[[N]], 1, 1, 2, 3]
// CHECK:         linalg.generic
// CHECK:         memref.subview %[[VIEW]][0, 4, 1, 0, 0] [%[[N]], 1, 1, 2, 3]
// CHECK:         memref.subview %[[VIEW]][0, 4, 2, 0, 0] [%[[N]], 1, 1, 2, 3]
// CHECK:         linalg.generic
// CHECK-COUNT-6: bufferization.materialize_in_destination
// CHECK-NOT:     tensor.insert_slice
// CHECK:         return
// LOOPS-LABEL: func @x3_dynamic(
// LOOPS-NOT:     memref.copy
// LOOPS:         return
func.func @x3_dynamic(%x: tensor<?x5x2xf32>) -> tensor<?x15x6xf32> {
  %s = onnx.Constant dense<[1.0, 3.0, 3.0]> : tensor<3xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<3xf32>) {mode = #onnx.resize_mode<linear>} : tensor<?x5x2xf32> -> tensor<?x15x6xf32>
  return %0 : tensor<?x15x6xf32>
}

// Rows of 1280 float32 outputs (5 KiB) are grouped in fours, no two of
// them a multiple of 4 KiB apart; rows of 1024 (4 KiB) are not grouped,
// since any two would be: stores that far apart fall in one L1 set
// (ResizePhases.cpp, kStoreAliasingBytes).
// CHECK-LABEL: func @rows_of_5_kib
// CHECK:         memref.expand_shape %{{.*}} {{\[}}[0], [1, 2], [3, 4]] output_shape [1, 4, 4, 640, 2]
// CHECK-LABEL: func @rows_of_4_kib
// CHECK:         memref.expand_shape %{{.*}} {{\[}}[0], [1], [2, 3]] output_shape [1, 16, 512, 2]
// CHECK-NOT:     memref.subview
// CHECK:         return
func.func @rows_of_5_kib(%x: tensor<1x8x640xf32>) -> tensor<1x16x1280xf32> {
  %s = onnx.Constant dense<[1.0, 2.0, 2.0]> : tensor<3xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<3xf32>) {mode = #onnx.resize_mode<linear>} : tensor<1x8x640xf32> -> tensor<1x16x1280xf32>
  return %0 : tensor<1x16x1280xf32>
}
func.func @rows_of_4_kib(%x: tensor<1x8x512xf32>) -> tensor<1x16x1024xf32> {
  %s = onnx.Constant dense<[1.0, 2.0, 2.0]> : tensor<3xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<3xf32>) {mode = #onnx.resize_mode<linear>} : tensor<1x8x512xf32> -> tensor<1x16x1024xf32>
  return %0 : tensor<1x16x1024xf32>
}
