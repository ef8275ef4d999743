// RUN: onnx-opt %s -onnx-fold-tile-slices -split-input-file | FileCheck %s

// A masked partial tile goes straight into the tensor, at the slice's
// offsets plus the write's indices, with its mask.
// CHECK-LABEL: func @masked_tile
// CHECK-SAME:    (%[[T:.*]]: tensor<?x?xf32>, %[[V:.*]]: vector<1x8xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[N:.*]]: index)
// CHECK:         %[[MASK:.*]] = vector.create_mask
// CHECK-NOT:     tensor.extract_slice
// CHECK:         %[[W:.*]] = vector.transfer_write %[[V]], %[[T]][%[[I]], %[[J]]], %[[MASK]] {in_bounds = [true, true]} : vector<1x8xf32>, tensor<?x?xf32>
// CHECK-NOT:     tensor.insert_slice
// CHECK:         return %[[W]]
func.func @masked_tile(%t: tensor<?x?xf32>, %v: vector<1x8xf32>, %i: index, %j: index, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mask = vector.create_mask %c1, %n : vector<1x8xi1>
  %s = tensor.extract_slice %t[%i, %j] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<1x?xf32>
  %w = vector.transfer_write %v, %s[%c0, %c0], %mask {in_bounds = [true, true]} : vector<1x8xf32>, tensor<1x?xf32>
  %r = tensor.insert_slice %w into %t[%i, %j] [1, %n] [1, 1] : tensor<1x?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A full tile of a 1-D tensor folds too.
// CHECK-LABEL: func @full_tile_of_1d
// CHECK-SAME:    (%[[T:.*]]: tensor<?xindex>, %[[V:.*]]: vector<8xindex>, %[[I:.*]]: index)
// CHECK-NEXT:    %[[W:.*]] = vector.transfer_write %[[V]], %[[T]][%[[I]]] {in_bounds = [true]} : vector<8xindex>, tensor<?xindex>
// CHECK-NEXT:    return %[[W]]
func.func @full_tile_of_1d(%t: tensor<?xindex>, %v: vector<8xindex>, %i: index) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%i] [8] [1] : tensor<?xindex> to tensor<8xindex>
  %w = vector.transfer_write %v, %s[%c0] {in_bounds = [true]} : vector<8xindex>, tensor<8xindex>
  %r = tensor.insert_slice %w into %t[%i] [8] [1] : tensor<8xindex> into tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// A full tile of a 2-D tensor keeps its slice, whose view later passes
// follow.
// CHECK-LABEL: func @full_tile_of_2d
// CHECK:         tensor.extract_slice
// CHECK:         vector.transfer_write
// CHECK:         tensor.insert_slice
func.func @full_tile_of_2d(%t: tensor<?x?xf32>, %v: vector<1x8xf32>, %i: index, %j: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%i, %j] [1, 8] [1, 1] : tensor<?x?xf32> to tensor<1x8xf32>
  %w = vector.transfer_write %v, %s[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xf32>, tensor<1x8xf32>
  %r = tensor.insert_slice %w into %t[%i, %j] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Inserted elsewhere than it was extracted: the slices are not the same
// elements, so nothing folds.
// CHECK-LABEL: func @other_offset
// CHECK:         tensor.extract_slice
// CHECK:         vector.transfer_write
// CHECK:         tensor.insert_slice
func.func @other_offset(%t: tensor<?xf32>, %v: vector<8xf32>, %i: index, %k: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%i] [8] [1] : tensor<?xf32> to tensor<8xf32>
  %w = vector.transfer_write %v, %s[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
  %r = tensor.insert_slice %w into %t[%k] [8] [1] : tensor<8xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A write that may run past the slice's end would write past it in the
// tensor too: kept.
// CHECK-LABEL: func @may_run_out
// CHECK:         tensor.extract_slice
// CHECK:         vector.transfer_write
// CHECK:         tensor.insert_slice
func.func @may_run_out(%t: tensor<?xf32>, %v: vector<8xf32>, %i: index, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%i] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  %w = vector.transfer_write %v, %s[%c0] : vector<8xf32>, tensor<?xf32>
  %r = tensor.insert_slice %w into %t[%i] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// The slice read elsewhere too: kept, since that read sees the slice
// before the write.
// CHECK-LABEL: func @slice_read_elsewhere
// CHECK:         tensor.extract_slice
// CHECK:         vector.transfer_write
// CHECK:         tensor.insert_slice
func.func @slice_read_elsewhere(%t: tensor<?xf32>, %v: vector<8xf32>, %i: index) -> (tensor<?xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%i] [8] [1] : tensor<?xf32> to tensor<8xf32>
  %w = vector.transfer_write %v, %s[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
  %r = tensor.insert_slice %w into %t[%i] [8] [1] : tensor<8xf32> into tensor<?xf32>
  return %r, %s : tensor<?xf32>, tensor<8xf32>
}

// -----

// A full tile of a new tensor (an intermediate, followed back through the
// loop that fills it) folds; the same tile of a function argument, which
// becomes a result, keeps its slice.
// CHECK-LABEL: func @full_tile_of_new_tensor
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NOT:       tensor.extract_slice
// CHECK:           %[[W:.*]] = vector.transfer_write %{{.*}}, %[[ACC]][%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<1x8xf32>, tensor<?x?xf32>
// CHECK-NEXT:      scf.yield %[[W]]
func.func @full_tile_of_new_tensor(%v: vector<1x8xf32>, %m: index, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %e) -> tensor<?x?xf32> {
    %s = tensor.extract_slice %acc[%i, 0] [1, 8] [1, 1] : tensor<?x?xf32> to tensor<1x8xf32>
    %w = vector.transfer_write %v, %s[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xf32>, tensor<1x8xf32>
    %ins = tensor.insert_slice %w into %acc[%i, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<?x?xf32>
    scf.yield %ins : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// CHECK-LABEL: func @full_tile_of_argument
// CHECK:         tensor.extract_slice
// CHECK:         vector.transfer_write
// CHECK:         tensor.insert_slice
func.func @full_tile_of_argument(%t: tensor<?x?xf32>, %v: vector<1x8xf32>, %m: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %t) -> tensor<?x?xf32> {
    %s = tensor.extract_slice %acc[%i, 0] [1, 8] [1, 1] : tensor<?x?xf32> to tensor<1x8xf32>
    %w = vector.transfer_write %v, %s[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xf32>, tensor<1x8xf32>
    %ins = tensor.insert_slice %w into %acc[%i, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<?x?xf32>
    scf.yield %ins : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// A rank-reducing slice, or one with a stride, is not the tile's own
// region of the tensor: kept.
// CHECK-LABEL: func @rank_reducing
// CHECK:         tensor.extract_slice
// CHECK:         tensor.insert_slice
// CHECK-LABEL: func @strided
// CHECK:         tensor.extract_slice
// CHECK:         tensor.insert_slice
func.func @rank_reducing(%t: tensor<?x?xf32>, %v: vector<8xf32>, %i: index, %j: index, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %mask = vector.create_mask %n : vector<8xi1>
  %s = tensor.extract_slice %t[%i, %j] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %w = vector.transfer_write %v, %s[%c0], %mask {in_bounds = [true]} : vector<8xf32>, tensor<?xf32>
  %r = tensor.insert_slice %w into %t[%i, %j] [1, %n] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @strided(%t: tensor<?xf32>, %v: vector<8xf32>, %i: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%i] [8] [2] : tensor<?xf32> to tensor<8xf32>
  %w = vector.transfer_write %v, %s[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
  %r = tensor.insert_slice %w into %t[%i] [8] [2] : tensor<8xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}
