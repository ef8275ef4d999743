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
