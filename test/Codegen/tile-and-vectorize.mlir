// RUN: onnx-opt %s -pass-pipeline='builtin.module(func.func(onnx-tile-and-vectorize{vector-bits=512}))' -split-input-file | FileCheck %s
// RUN: onnx-opt %s -pass-pipeline='builtin.module(func.func(onnx-tile-and-vectorize{vector-bits=256}))' -split-input-file | FileCheck %s --check-prefix=AVX2

// Elementwise f32: tiles of 16 lanes (8 with 256-bit vectors), the partial
// last tile peeled off and vectorized on its own.
// CHECK-LABEL: func @elementwise
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[C16:.*]] iter_args
// CHECK:           vector.transfer_read %{{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK:           arith.maximumf %{{.*}} : vector<16xf32>
// CHECK:           vector.transfer_write %{{.*}} : vector<16xf32>, tensor<16xf32>
// CHECK:         vector.transfer_read %{{.*}} : tensor<4xf32>, vector<4xf32>
// CHECK:         arith.maximumf %{{.*}} : vector<4xf32>
// AVX2-LABEL:  func @elementwise
// AVX2:          vector.transfer_read %{{.*}} : tensor<8xf32>, vector<8xf32>
#id = affine_map<(d0) -> (d0)>
func.func @elementwise(%x: tensor<100xf32>, %y: tensor<100xf32>) -> tensor<100xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<100xf32>) outs(%y : tensor<100xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<100xf32>
  return %0 : tensor<100xf32>
}

// -----

// An int8 result of f64 arithmetic: tiles of 16 lanes, two registers of
// f64 each (64 lanes of int8 would make each f64 value eight).
// CHECK-LABEL: func @narrow_result_of_wide_arithmetic
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C16:.*]] iter_args
// CHECK:           arith.sitofp %{{.*}} : vector<16xi8> to vector<16xf64>
// CHECK:           arith.mulf %{{.*}} : vector<16xf64>
// CHECK:           arith.fptosi %{{.*}} : vector<16xf64> to vector<16xi8>
#id = affine_map<(d0) -> (d0)>
func.func @narrow_result_of_wide_arithmetic(%x: tensor<128xi8>, %y: tensor<128xi8>) -> tensor<128xi8> {
  %half = arith.constant 0.5 : f64
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<128xi8>) outs(%y : tensor<128xi8>) {
  ^bb0(%in: i8, %out: i8):
    %f = arith.sitofp %in : i8 to f64
    %m = arith.mulf %f, %half : f64
    %r = arith.fptosi %m : f64 to i8
    linalg.yield %r : i8
  } -> tensor<128xi8>
  return %0 : tensor<128xi8>
}

// -----

// Dynamic length: full tiles without masks, the remainder with a mask.
// CHECK-LABEL: func @dynamic
// CHECK:         scf.for
// CHECK:           vector.transfer_read %{{.*}} : tensor<16xi32>, vector<16xi32>
// CHECK:         scf.for
// CHECK:           %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
// CHECK:           vector.mask %[[MASK]] { vector.transfer_read
func.func @dynamic(%x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<?xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<?xi32>) outs(%y : tensor<?xi32>) {
  ^bb0(%in: i32, %out: i32):
    %m = arith.addi %in, %out : i32
    linalg.yield %m : i32
  } -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// A nearest 2x upsample viewed as [H, 2, W, 2]: the repeat dimension is kept
// whole and the vector runs along W, reading X once and writing 16x2.
// CHECK-LABEL: func @broadcast
// CHECK:         vector.transfer_read %{{.*}} : tensor<1x16xf32>, vector<1x1x16x2xf32>
// CHECK:         vector.transfer_write %{{.*}} : vector<1x1x16x2xf32>, tensor<1x1x16x2xf32>
func.func @broadcast(%x: tensor<8x64xf32>, %y: tensor<8x2x64x2xf32>) -> tensor<8x2x64x2xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<8x64xf32>) outs(%y : tensor<8x2x64x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x2x64x2xf32>
  return %0 : tensor<8x2x64x2xf32>
}

// -----

// A gather through an index table becomes vector.gather.
// CHECK-LABEL: func @gather
// CHECK:         vector.gather
func.func @gather(%x: tensor<40xf32>, %t: tensor<64xindex>, %y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<64xindex>) outs(%y : tensor<64xf32>) {
  ^bb0(%i: index, %out: f32):
    %v = tensor.extract %x[%i] : tensor<40xf32>
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// Complex elements are left to scalar loops.
// CHECK-LABEL: func @complex
// CHECK:         linalg.generic
// CHECK-NOT:     vector.
func.func @complex(%x: tensor<8xcomplex<f32>>, %y: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<8xcomplex<f32>>) outs(%y : tensor<8xcomplex<f32>>) {
  ^bb0(%in: complex<f32>, %out: complex<f32>):
    %n = complex.neg %in : complex<f32>
    linalg.yield %n : complex<f32>
  } -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}

// -----

// Rank 0: one element, no tiling; vectorized as a 0-D vector.
// CHECK-LABEL: func @rank_zero
// CHECK-NOT:     scf.for
// CHECK:         vector.transfer_read
// CHECK:         arith.maximumf
func.func @rank_zero(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %c = arith.constant 0.0 : f32
  %0 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%x : tensor<f32>) outs(%y : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A 1-D table read along the innermost loop of a dynamic 3-D nest: the
// vectorizer masks the read with the nest's mask; it gets its own lanes.
// CHECK-LABEL: func @column_table_dynamic
// CHECK:         %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<1x1x16xi1>
// CHECK:         %[[LANES:.*]] = vector.shape_cast %[[MASK]] : vector<1x1x16xi1> to vector<16xi1>
// CHECK:         vector.mask %[[LANES]] { vector.transfer_read %{{.*}} : tensor<?xindex>, vector<1x1x16xindex> } : vector<16xi1>
// CHECK:         vector.mask %[[MASK]] { vector.gather
#col = affine_map<(d0, d1, d2) -> (d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @column_table_dynamic(%table: tensor<?xindex>, %x: tensor<4x?xf32>, %y: tensor<1x2x?xf32>) -> tensor<1x2x?xf32> {
  %0 = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%y : tensor<1x2x?xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 2 : index
    %c = tensor.extract %table[%j] : tensor<?xindex>
    %r = linalg.index 1 : index
    %v = tensor.extract %x[%r, %c] : tensor<4x?xf32>
    linalg.yield %v : f32
  } -> tensor<1x2x?xf32>
  return %0 : tensor<1x2x?xf32>
}

// -----

// An index into a dimension of size 1 is 0, whatever computed it: X's one
// element is read once and broadcast.
// CHECK-LABEL: func @unit_dim_index
// CHECK-SAME:    (%[[X:.*]]: tensor<1x1xf32>,
// CHECK:         %[[V:.*]] = tensor.extract %[[X]][%c0{{[_0-9]*}}, %c0{{[_0-9]*}}] : tensor<1x1xf32>
// CHECK:         vector.broadcast %[[V]] : f32 to vector<2x1xf32>
#rows = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @unit_dim_index(%x: tensor<1x1xf32>, %taps: tensor<2xi32>, %y: tensor<2x1xf32>) -> tensor<2x1xf32> {
  %c0 = arith.constant 0 : index
  %0 = linalg.generic {indexing_maps = [#rows, #id2], iterator_types = ["parallel", "parallel"]} ins(%taps : tensor<2xi32>) outs(%y : tensor<2x1xf32>) {
  ^bb0(%t: i32, %out: f32):
    %i = arith.index_cast %t : i32 to index
    %v = tensor.extract %x[%i, %c0] : tensor<1x1xf32>
    linalg.yield %v : f32
  } -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

// A nest with a dimension of size 0 computes nothing: its result is its init.
// CHECK-LABEL: func @empty
// CHECK-SAME:    %[[Y:[^:]*]]: tensor<?x?x0x2xf32>)
// CHECK-NEXT:    return %[[Y]]
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @empty(%x: tensor<?x?x0x2xf32>, %y: tensor<?x?x0x2xf32>) -> tensor<?x?x0x2xf32> {
  %0 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<?x?x0x2xf32>) outs(%y : tensor<?x?x0x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<?x?x0x2xf32>
  return %0 : tensor<?x?x0x2xf32>
}

// -----

// The row a tile reads is looked up once per tile, before it: the loop over
// the channel has tiles of one, whose linalg.index 1 is 0.
// CHECK-LABEL: func @row_lookup_invariant
// CHECK-SAME:    (%[[X:[^:]*]]: tensor<1x2x1x1xf32>, %[[ROWS:[^:]*]]: tensor<6xi32>
// CHECK:         scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:           %[[ROW:.*]] = tensor.extract %[[ROWS]][%[[C]]] : tensor<6xi32>
// CHECK:           %[[I:.*]] = arith.index_cast %[[ROW]] : i32 to index
// CHECK:           %[[V:.*]] = tensor.extract %[[X]][%{{.*}}, %[[I]], %{{.*}}, %{{.*}}] : tensor<1x2x1x1xf32>
// CHECK:           vector.broadcast %[[V]] : f32 to vector<1x1x16x1xf32>
#w = affine_map<(d0, d1, d2, d3) -> (d2)>
#id4b = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @row_lookup_invariant(%x: tensor<1x2x1x1xf32>, %rows: tensor<6xi32>, %weights: tensor<16xf32>, %y: tensor<1x6x16x1xf32>) -> tensor<1x6x16x1xf32> {
  %c0 = arith.constant 0 : index
  %0 = linalg.generic {indexing_maps = [#w, #id4b], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%weights : tensor<16xf32>) outs(%y : tensor<1x6x16x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = linalg.index 1 : index
    %r = tensor.extract %rows[%c] : tensor<6xi32>
    %i = arith.index_cast %r : i32 to index
    %v = tensor.extract %x[%c0, %i, %c0, %c0] : tensor<1x2x1x1xf32>
    %m = arith.mulf %in, %v : f32
    linalg.yield %m : f32
  } -> tensor<1x6x16x1xf32>
  return %0 : tensor<1x6x16x1xf32>
}

// -----

// Small trailing dimensions (the 3 channels of an HWC image) are kept whole
// and the vector runs along the pixels before them: 16 pixels of 3 channels
// are one contiguous tile.
// CHECK-LABEL: func @channels_last
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             vector.transfer_read %{{.*}} : tensor<1x16x3xf32>, vector<1x16x3xf32>
// CHECK:             arith.addf %{{.*}} : vector<1x16x3xf32>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @channels_last(%x: tensor<4x64x3xf32>, %y: tensor<4x64x3xf32>) -> tensor<4x64x3xf32> {
  %0 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<4x64x3xf32>) outs(%y : tensor<4x64x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4x64x3xf32>
  return %0 : tensor<4x64x3xf32>
}

// -----

// Trailing dimensions stay whole only while the tile stays small: with
// 3 x 3 trailing elements the vector does not move to the 32 before them.
// CHECK-LABEL: func @trailing_product_bound
// CHECK:         vector.transfer_read %{{.*}} : tensor<1x1x3x3xf32>, vector<1x1x3x3xf32>
#id4c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @trailing_product_bound(%x: tensor<8x32x3x3xf32>, %y: tensor<8x32x3x3xf32>) -> tensor<8x32x3x3xf32> {
  %0 = linalg.generic {indexing_maps = [#id4c, #id4c], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<8x32x3x3xf32>) outs(%y : tensor<8x32x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<8x32x3x3xf32>
  return %0 : tensor<8x32x3x3xf32>
}

// -----

// Tile sizes the lowering chose (the few elements at a row's ends): one
// element of the dynamic dimension per tile, its two phases one vector, no
// mask; without them the pass would take 16 elements per tile.
// CHECK-LABEL: func @chosen_tile_sizes
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
// CHECK-NOT:       vector.create_mask
// CHECK:           arith.negf %{{.*}} : vector<1x2xf32>
// CHECK-NOT:     vector<16x2xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chosen_tile_sizes(%x: tensor<?x2xf32>, %y: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x2xf32>) outs(%y : tensor<?x2xf32>) attrs = {onnxc.tile_sizes = array<i64: 1, 0>} {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
