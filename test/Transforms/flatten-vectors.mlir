// RUN: onnx-opt %s -pass-pipeline='builtin.module(func.func(onnx-flatten-vectors))' -split-input-file | FileCheck %s

// A broadcasting read and an n-D write of a nearest-upsample tile become a
// 1-D read, a broadcast + transpose, and one flat contiguous write.
// CHECK-LABEL: func @repeat_tile
// CHECK:         %[[ROW:.*]] = vector.transfer_read %{{.*}} : memref<16xf32, {{.*}}>, vector<16xf32>
// CHECK:         %[[B:.*]] = vector.broadcast %[[ROW]] : vector<16xf32> to vector<2x16xf32>
// CHECK:         %[[T:.*]] = vector.transpose %[[B]], [1, 0] : vector<2x16xf32> to vector<16x2xf32>
// CHECK:         %[[FLAT:.*]] = vector.shape_cast %[[T]] : vector<16x2xf32> to vector<32xf32>
// CHECK:         vector.transfer_write %[[FLAT]], %{{.*}}[%{{.*}}] {in_bounds = [true]} : vector<32xf32>, memref<32xf32, {{.*}}>
func.func @repeat_tile(%x: memref<1x16xf32, strided<[128, 1], offset: ?>>, %y: memref<1x1x16x2xf32, strided<[512, 256, 2, 1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %pad = ub.poison : f32
  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true, true, true], permutation_map = affine_map<(d0, d1) -> (d0, 0, d1, 0)>} : memref<1x16xf32, strided<[128, 1], offset: ?>>, vector<1x1x16x2xf32>
  vector.transfer_write %v, %y[%c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true]} : vector<1x1x16x2xf32>, memref<1x1x16x2xf32, strided<[512, 256, 2, 1], offset: ?>>
  return
}

// -----

// Leading unit dimensions of elementwise tiles are dropped.
// CHECK-LABEL: func @unit_dims
// CHECK:         %[[V:.*]] = vector.transfer_read %{{.*}} : memref<16xf32, {{.*}}>, vector<16xf32>
// CHECK:         %[[N:.*]] = arith.negf %[[V]] : vector<16xf32>
// CHECK:         vector.transfer_write %[[N]], %{{.*}} : vector<16xf32>, memref<16xf32, {{.*}}>
func.func @unit_dims(%x: memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>>, %y: memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %pad = ub.poison : f32
  %v = vector.transfer_read %x[%c0, %c0, %c0], %pad {in_bounds = [true, true, true]} : memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>>, vector<1x1x16xf32>
  %n = arith.negf %v : vector<1x1x16xf32>
  vector.transfer_write %n, %y[%c0, %c0, %c0] {in_bounds = [true, true, true]} : vector<1x1x16xf32>, memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>>
  return
}

// -----

// The uniform part of a gather's indices (the row offset the vectorizer
// broadcasts into every lane) moves into the scalar base offset; the lanes
// keep the sign-extended i32 table entries.
// CHECK-LABEL: func @gather_row_offset
// CHECK-SAME:    (%[[X:.*]]: memref<4x128xf32>, %[[T:.*]]: vector<16xi32>, %[[ROW:.*]]: index, %[[Y:.*]]: memref<16xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK:         %[[LANES:.*]] = arith.index_cast %[[T]] : vector<16xi32> to vector<16xindex>
// CHECK:         %[[OFF:.*]] = arith.muli %[[ROW]], %[[C128]] : index
// CHECK:         vector.gather %[[X]][%[[C0]], %[[OFF]]] [%[[LANES]]]
func.func @gather_row_offset(%x: memref<4x128xf32>, %t: vector<16xi32>, %row: index, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant dense<128> : vector<16xindex>
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
  %r = vector.broadcast %row : index to vector<16xindex>
  %rowStart = arith.muli %r, %c128 : vector<16xindex>
  %idx = arith.addi %lanes, %rowStart : vector<16xindex>
  %g = vector.gather %x[%c0, %c0] [%idx], %mask, %pass : memref<4x128xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %g, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}

// -----

// Indices with no uniform addend stay as they are.
// CHECK-LABEL: func @gather_no_uniform_part
// CHECK-SAME:    (%[[X:.*]]: memref<128xf32>, %[[A:.*]]: vector<16xindex>, %[[B:.*]]: vector<16xindex>
// CHECK:         %[[IDX:.*]] = arith.addi %[[A]], %[[B]] : vector<16xindex>
// CHECK:         vector.gather %[[X]][%{{.*}}] [%[[IDX]]]
func.func @gather_no_uniform_part(%x: memref<128xf32>, %a: vector<16xindex>, %b: vector<16xindex>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %idx = arith.addi %a, %b : vector<16xindex>
  %g = vector.gather %x[%c0] [%idx], %mask, %pass : memref<128xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %g, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}
