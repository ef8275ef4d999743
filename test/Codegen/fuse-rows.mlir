// RUN: onnx-opt %s -onnx-fuse-rows -split-input-file | FileCheck %s
// RUN: onnx-opt %s -onnx-fuse-rows -cse -split-input-file | FileCheck %s --check-prefix=CSE

// A gather along the rows (the producer), then one along the last axis
// that reads, at each of its rows, the producer's row of the same index:
// the consumer becomes a loop over its rows, marked parallel, each
// computing the producer's row into a tensor of its own and then the
// consumer's row from it. The row is an allocation: a tensor.empty of its
// type outside the loop (another kernel's) would absorb it under CSE, and
// the rows would share one buffer, which no thread could have alone.
// CHECK-LABEL: func @row_pass_then_column_pass
// CHECK-SAME:    (%[[X:.*]]: tensor<2x8x16xf32>, %[[ROWS:.*]]: tensor<4xi32>, %[[COLS:.*]]: tensor<8xi32>)
// CHECK:         scf.for %[[I:.*]] = {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<2x4x8xf32>) {
// CHECK:           scf.for %[[J:.*]] = {{.*}} iter_args(%[[Y:.*]] = %{{.*}}) -> (tensor<2x4x8xf32>) {
// CHECK-DAG:         %[[ROWTABLE:.*]] = tensor.extract_slice %[[ROWS]][%[[J]]] [1] [1]
// CHECK-DAG:         %[[OUT:.*]] = tensor.extract_slice %[[Y]][%[[I]], %[[J]], 0] [1, 1, 8] [1, 1, 1]
// CHECK-DAG:         %[[EMPTY:.*]] = bufferization.alloc_tensor() : tensor<1x1x16xf32>
// CHECK:             %[[ROW:.*]] = linalg.generic {{.*}} ins(%[[ROWTABLE]] : tensor<1xi32>) outs(%[[EMPTY]] : tensor<1x1x16xf32>)
// CHECK:               tensor.extract %[[X]]
// CHECK:             } -> tensor<1x1x16xf32>
// CHECK:             %[[RESULT:.*]] = linalg.generic {{.*}} outs(%[[OUT]] : tensor<1x1x8xf32>)
// CHECK:               tensor.extract %[[ROW]][%[[ZERO:.*]], %[[ZERO]], %{{.*}}] : tensor<1x1x16xf32>
// CHECK:             } -> tensor<1x1x8xf32>
// CHECK:             %[[INSERTED:.*]] = tensor.insert_slice %[[RESULT]] into %[[Y]][%[[I]], %[[J]], 0] [1, 1, 8] [1, 1, 1]
// CHECK:             scf.yield %[[INSERTED]]
// CHECK:           } {onnxc.parallel}
// CHECK:         } {onnxc.parallel}
// CSE-LABEL: func @row_pass_then_column_pass
// CSE:         tensor.empty() : tensor<1x1x16xf32>
// CSE:         scf.for
// CSE:           scf.for
// CSE:             bufferization.alloc_tensor() : tensor<1x1x16xf32>
func.func @row_pass_then_column_pass(%x: tensor<2x8x16xf32>, %rows: tensor<4xi32>, %cols: tensor<8xi32>) -> (tensor<2x4x8xf32>, tensor<1x1x16xf32>) {
  %other = tensor.empty() : tensor<1x1x16xf32>
  %e0 = tensor.empty() : tensor<2x4x16xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<2x4x16xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%i0, %ri, %i2] : tensor<2x8x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x16xf32>
  %e1 = tensor.empty() : tensor<2x4x8xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<8xi32>) outs(%e1 : tensor<2x4x8xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%i0, %i1, %ci] : tensor<2x4x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x8xf32>
  return %h, %other : tensor<2x4x8xf32>, tensor<1x1x16xf32>
}

// -----

// The consumer reads another row of the producer than its own (a gather
// along the rows too): nothing changes.
// CHECK-LABEL: func @other_row
// CHECK-NOT:     scf.for
func.func @other_row(%x: tensor<2x8x16xf32>, %rows: tensor<4xi32>, %cols: tensor<8xi32>, %k: index) -> tensor<2x4x8xf32> {
  %e0 = tensor.empty() : tensor<2x4x16xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<2x4x16xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%i0, %ri, %i2] : tensor<2x8x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x16xf32>
  %e1 = tensor.empty() : tensor<2x4x8xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<8xi32>) outs(%e1 : tensor<2x4x8xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%i0, %k, %ci] : tensor<2x4x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x8xf32>
  return %h : tensor<2x4x8xf32>
}

// -----

// The producer's result is also returned: it is stored anyway.
// CHECK-LABEL: func @producer_returned
// CHECK-NOT:     scf.for
func.func @producer_returned(%x: tensor<2x8x16xf32>, %rows: tensor<4xi32>, %cols: tensor<8xi32>) -> (tensor<2x4x8xf32>, tensor<2x4x16xf32>) {
  %e0 = tensor.empty() : tensor<2x4x16xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<2x4x16xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%i0, %ri, %i2] : tensor<2x8x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x16xf32>
  %e1 = tensor.empty() : tensor<2x4x8xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<8xi32>) outs(%e1 : tensor<2x4x8xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%i0, %i1, %ci] : tensor<2x4x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x8xf32>
  return %h, %v : tensor<2x4x8xf32>, tensor<2x4x16xf32>
}

// -----

// A row of 16384 floats (64 KiB) would not fit the stack buffer of
// onnx-stack-buffers: nothing changes.
// CHECK-LABEL: func @row_too_long
// CHECK-NOT:     scf.for
func.func @row_too_long(%x: tensor<2x8x16384xf32>, %rows: tensor<4xi32>, %cols: tensor<8xi32>) -> tensor<2x4x8xf32> {
  %e0 = tensor.empty() : tensor<2x4x16384xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<2x4x16384xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%i0, %ri, %i2] : tensor<2x8x16384xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x16384xf32>
  %e1 = tensor.empty() : tensor<2x4x8xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<8xi32>) outs(%e1 : tensor<2x4x8xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%i0, %i1, %ci] : tensor<2x4x16384xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x8xf32>
  return %h : tensor<2x4x8xf32>
}

// -----

// An empty consumer computes nothing: nothing changes.
// CHECK-LABEL: func @empty_consumer
// CHECK-NOT:     scf.for
func.func @empty_consumer(%x: tensor<2x8x16xf32>, %rows: tensor<4xi32>, %cols: tensor<0xi32>) -> tensor<2x4x0xf32> {
  %e0 = tensor.empty() : tensor<2x4x16xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<2x4x16xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%i0, %ri, %i2] : tensor<2x8x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x16xf32>
  %e1 = tensor.empty() : tensor<2x4x0xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<0xi32>) outs(%e1 : tensor<2x4x0xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%i0, %i1, %ci] : tensor<2x4x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x0xf32>
  return %h : tensor<2x4x0xf32>
}

// -----

// A dimension of size 1 (a batch of one): canonicalization has made its
// index the constant 0 in both payloads, and the rows fuse all the same.
// CHECK-LABEL: func @unit_batch
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[ROW:.*]] = linalg.generic
// CHECK:             } -> tensor<1x1x16xf32>
// CHECK:             linalg.generic
// CHECK:               tensor.extract %[[ROW]][%{{.*}}, %{{.*}}, %{{.*}}] : tensor<1x1x16xf32>
// CHECK:           } {onnxc.parallel}
// CHECK:         } {onnxc.parallel}
func.func @unit_batch(%x: tensor<1x8x16xf32>, %rows: tensor<4xi32>, %cols: tensor<8xi32>) -> tensor<1x4x8xf32> {
  %c0 = arith.constant 0 : index
  %e0 = tensor.empty() : tensor<1x4x16xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<1x4x16xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%c0, %ri, %i2] : tensor<1x8x16xf32>
    linalg.yield %a : f32
  } -> tensor<1x4x16xf32>
  %e1 = tensor.empty() : tensor<1x4x8xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<8xi32>) outs(%e1 : tensor<1x4x8xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%c0, %i1, %ci] : tensor<1x4x16xf32>
    linalg.yield %a : f32
  } -> tensor<1x4x8xf32>
  return %h : tensor<1x4x8xf32>
}

// -----

// Two generics read the producer: a row computed in one would be computed
// again in the other, so nothing changes.
// CHECK-LABEL: func @two_consumers
// CHECK-NOT:     scf.for
func.func @two_consumers(%x: tensor<2x8x16xf32>, %rows: tensor<4xi32>, %cols: tensor<8xi32>) -> (tensor<2x4x8xf32>, tensor<2x4x8xf32>) {
  %e0 = tensor.empty() : tensor<2x4x16xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<2x4x16xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%i0, %ri, %i2] : tensor<2x8x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x16xf32>
  %eh = tensor.empty() : tensor<2x4x8xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<8xi32>) outs(%eh : tensor<2x4x8xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%i0, %i1, %ci] : tensor<2x4x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x8xf32>
  %eg = tensor.empty() : tensor<2x4x8xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<8xi32>) outs(%eg : tensor<2x4x8xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%i0, %i1, %ci] : tensor<2x4x16xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x8xf32>
  return %h, %g : tensor<2x4x8xf32>, tensor<2x4x8xf32>
}

// -----

// A row of run-time length could not go on the stack: nothing changes.
// CHECK-LABEL: func @dynamic_row
// CHECK-NOT:     scf.for
func.func @dynamic_row(%x: tensor<2x8x?xf32>, %rows: tensor<4xi32>, %cols: tensor<8xi32>, %n: index) -> tensor<2x4x8xf32> {
  %e0 = tensor.empty(%n) : tensor<2x4x?xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<2x4x?xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%i0, %ri, %i2] : tensor<2x8x?xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x?xf32>
  %e1 = tensor.empty() : tensor<2x4x8xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cols : tensor<8xi32>) outs(%e1 : tensor<2x4x8xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %v[%i0, %i1, %ci] : tensor<2x4x?xf32>
    linalg.yield %a : f32
  } -> tensor<2x4x8xf32>
  return %h : tensor<2x4x8xf32>
}

// -----

// A channels-last pass reads the pass before through a collapse of its
// trailing dimensions (whole pixels): the producer's row spans them all,
// and the consumer reads it collapsed alike.
// CHECK-LABEL: func @row_pass_then_pixel_pass
// CHECK-SAME:    (%[[X:.*]]: tensor<8x6x3xf32>, %[[ROWS:.*]]: tensor<4xi32>, %[[COLS:.*]]: tensor<9xi32>)
// CHECK:         scf.for %[[I:[a-z0-9]+]] = {{.*}} -> (tensor<4x9xf32>) {
// CHECK-DAG:       %[[ROWTABLE:.*]] = tensor.extract_slice %[[ROWS]][%[[I]]] [1] [1]
// CHECK-DAG:       %[[EMPTY:.*]] = bufferization.alloc_tensor() : tensor<1x6x3xf32>
// CHECK:           %[[ROW:.*]] = linalg.generic {{.*}} ins(%[[ROWTABLE]] : tensor<1xi32>) outs(%[[EMPTY]] : tensor<1x6x3xf32>)
// CHECK:           %[[PIXELS:.*]] = tensor.collapse_shape %[[ROW]] {{\[\[}}0], [1, 2]] : tensor<1x6x3xf32> into tensor<1x18xf32>
// CHECK:           linalg.generic
// CHECK:             tensor.extract %[[PIXELS]][%{{.*}}, %{{.*}}] : tensor<1x18xf32>
// CHECK:         } {onnxc.parallel}
// CHECK-NOT:     tensor.collapse_shape
func.func @row_pass_then_pixel_pass(%x: tensor<8x6x3xf32>, %rows: tensor<4xi32>, %cols: tensor<9xi32>) -> tensor<4x9xf32> {
  %e0 = tensor.empty() : tensor<4x6x3xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rows : tensor<4xi32>) outs(%e0 : tensor<4x6x3xf32>) {
  ^bb0(%r: i32, %out: f32):
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %ri = arith.index_cast %r : i32 to index
    %a = tensor.extract %x[%ri, %i1, %i2] : tensor<8x6x3xf32>
    linalg.yield %a : f32
  } -> tensor<4x6x3xf32>
  %pixels = tensor.collapse_shape %v [[0], [1, 2]] : tensor<4x6x3xf32> into tensor<4x18xf32>
  %e1 = tensor.empty() : tensor<4x9xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%cols : tensor<9xi32>) outs(%e1 : tensor<4x9xf32>) {
  ^bb0(%c: i32, %out: f32):
    %i0 = linalg.index 0 : index
    %ci = arith.index_cast %c : i32 to index
    %a = tensor.extract %pixels[%i0, %ci] : tensor<4x18xf32>
    linalg.yield %a : f32
  } -> tensor<4x9xf32>
  return %h : tensor<4x9xf32>
}
