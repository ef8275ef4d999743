// RUN: onnx-opt %s -onnx-expand-shapes-as-casts -split-input-file | FileCheck %s

// Two dynamic sizes in a group: the innermost keeps the source's stride,
// the outer one steps over the inner size.
// CHECK-LABEL: func @two_dynamic_sizes
// CHECK-SAME:    (%[[M:.*]]: memref<?x?xf32>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK:         %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[OUTER:.*]] = arith.muli %[[STRIDES]]#0, %[[B]] : index
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[A]], %[[B]], %{{.*}}], strides: [%[[OUTER]], %[[STRIDES]]#0, 1] : memref<f32> to memref<?x?x?xf32>
// CHECK-NOT:     memref.expand_shape
// CHECK:         return %[[R]]
func.func @two_dynamic_sizes(%m: memref<?x?xf32>, %a: index, %b: index) -> memref<?x?x?xf32> {
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c1 : memref<?x?xf32>
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%a, %b, %n] : memref<?x?xf32> into memref<?x?x?xf32>
  return %e : memref<?x?x?xf32>
}

// -----

// A strided source keeps its offset and strides; each group steps from its
// source dimension's stride, over a static size as over a dynamic one.
// CHECK-LABEL: func @strided_source
// CHECK-SAME:    %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[D:.*]]: index)
// CHECK:         %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[S0:.*]] = arith.muli %[[STRIDES]]#0, %[[C4]] : index
// CHECK:         %[[S2:.*]] = arith.muli %[[STRIDES]]#1, %[[D]] : index
// CHECK:         memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [%{{.*}}, 4, %{{.*}}, %[[D]]], strides: [%[[S0]], %[[STRIDES]]#0, %[[S2]], %[[STRIDES]]#1]
func.func @strided_source(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %a: index, %b: index, %c: index, %d: index) -> memref<?x4x?x?xf32, strided<[?, ?, ?, ?], offset: ?>> {
  %e = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [%a, 4, %c, %d] : memref<?x?xf32, strided<[?, ?], offset: ?>> into memref<?x4x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
  return %e : memref<?x4x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
}

// -----

// At most one dynamic size per group: expand-strided-metadata handles it.
// CHECK-LABEL: func @one_dynamic_size
// CHECK:         memref.expand_shape
// CHECK-NOT:     memref.reinterpret_cast
func.func @one_dynamic_size(%m: memref<?xf32>, %a: index) -> memref<?x8xf32> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [%a, 8] : memref<?xf32> into memref<?x8xf32>
  return %e : memref<?x8xf32>
}
