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

// Elementwise ops on a repeated tile (each lane twice) and on uniform
// operands (a broadcast scalar, a splat) compute once per element, and
// their result is repeated.
// CHECK-LABEL: func @sink_into_repeats
// CHECK-SAME:    (%[[A:.*]]: vector<16xi8>, %[[W:.*]]: i16, %[[Y:.*]]: memref<32xi16>)
// CHECK-DAG:     %[[THREE:.*]] = arith.constant dense<3> : vector<16xi16>
// CHECK:         %[[E:.*]] = arith.extsi %[[A]] : vector<16xi8> to vector<16xi16>
// CHECK-NEXT:    %[[WB:.*]] = vector.broadcast %[[W]] : i16 to vector<16xi16>
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[E]], %[[WB]] : vector<16xi16>
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[M]], %[[THREE]] : vector<16xi16>
// CHECK-NEXT:    %[[B:.*]] = vector.broadcast %[[S]] : vector<16xi16> to vector<2x16xi16>
// CHECK-NEXT:    %[[T:.*]] = vector.transpose %[[B]], [1, 0] : vector<2x16xi16> to vector<16x2xi16>
// CHECK-NEXT:    %[[F:.*]] = vector.shape_cast %[[T]] : vector<16x2xi16> to vector<32xi16>
// CHECK-NEXT:    vector.store %[[F]], %[[Y]]
func.func @sink_into_repeats(%a: vector<16xi8>, %w: i16, %y: memref<32xi16>) {
  %c0 = arith.constant 0 : index
  %b = vector.broadcast %a : vector<16xi8> to vector<2x16xi8>
  %t = vector.transpose %b, [1, 0] : vector<2x16xi8> to vector<16x2xi8>
  %f = vector.shape_cast %t : vector<16x2xi8> to vector<32xi8>
  %e = arith.extsi %f : vector<32xi8> to vector<32xi16>
  %wb = vector.broadcast %w : i16 to vector<32xi16>
  %m = arith.muli %e, %wb : vector<32xi16>
  %c = arith.constant dense<3> : vector<32xi16>
  %s = arith.addi %m, %c : vector<32xi16>
  vector.store %s, %y[%c0] : memref<32xi16>, vector<32xi16>
  return
}

// -----

// An operand that varies along the repeats keeps the op at full width.
// CHECK-LABEL: func @varying_operand_stays
// CHECK:         arith.addi %{{.*}}, %{{.*}} : vector<32xi16>
func.func @varying_operand_stays(%a: vector<16xi16>, %v: vector<32xi16>, %y: memref<32xi16>) {
  %c0 = arith.constant 0 : index
  %b = vector.broadcast %a : vector<16xi16> to vector<2x16xi16>
  %t = vector.transpose %b, [1, 0] : vector<2x16xi16> to vector<16x2xi16>
  %f = vector.shape_cast %t : vector<16x2xi16> to vector<32xi16>
  %s = arith.addi %f, %v : vector<32xi16>
  vector.store %s, %y[%c0] : memref<32xi16>, vector<32xi16>
  return
}

// -----

// An unmasked gather through repeated indices reads each index once.
// CHECK-LABEL: func @gather_of_repeated_indices
// CHECK-SAME:    (%[[X:.*]]: memref<64xf32>, %[[I:.*]]: vector<16xindex>, %[[Y:.*]]: memref<32xf32>)
// CHECK-DAG:     %[[ALL:.*]] = arith.constant dense<true> : vector<16xi1>
// CHECK-DAG:     %[[PASS:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK:         %[[G:.*]] = vector.gather %[[X]][%{{.*}}] [%[[I]]], %[[ALL]], %[[PASS]] : memref<64xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK-NEXT:    %[[B:.*]] = vector.broadcast %[[G]] : vector<16xf32> to vector<2x16xf32>
// CHECK-NEXT:    %[[T:.*]] = vector.transpose %[[B]], [1, 0]
// CHECK-NEXT:    %[[F:.*]] = vector.shape_cast %[[T]] : vector<16x2xf32> to vector<32xf32>
// CHECK-NEXT:    vector.store %[[F]], %[[Y]]
func.func @gather_of_repeated_indices(%x: memref<64xf32>, %i: vector<16xindex>, %y: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<true> : vector<32xi1>
  %pass = arith.constant dense<0.0> : vector<32xf32>
  %b = vector.broadcast %i : vector<16xindex> to vector<2x16xindex>
  %t = vector.transpose %b, [1, 0] : vector<2x16xindex> to vector<16x2xindex>
  %f = vector.shape_cast %t : vector<16x2xindex> to vector<32xindex>
  %g = vector.gather %x[%c0] [%f], %mask, %pass : memref<64xf32>, vector<32xindex>, vector<32xi1>, vector<32xf32> into vector<32xf32>
  vector.store %g, %y[%c0] : memref<32xf32>, vector<32xf32>
  return
}

// -----

// A row offset computed from uniform values of different sources (a
// broadcast scalar and a broadcast one-element vector, as a table entry
// reads) is uniform too: the sum of it and repeated indices repeats, and
// the gather reads each index once.
// CHECK-LABEL: func @gather_with_computed_row_offset
// CHECK-SAME:    (%[[X:.*]]: memref<64xf32>, %[[I:.*]]: vector<16xindex>, %[[ROW:.*]]: index, %[[ENTRY:.*]]: vector<1xindex>, %[[Y:.*]]: memref<32xf32>)
// CHECK:         %[[G:.*]] = vector.gather %[[X]][%{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<64xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK-NEXT:    %[[B:.*]] = vector.broadcast %[[G]] : vector<16xf32> to vector<2x16xf32>
// CHECK-NEXT:    %[[T:.*]] = vector.transpose %[[B]], [1, 0]
// CHECK-NEXT:    %[[F:.*]] = vector.shape_cast %[[T]] : vector<16x2xf32> to vector<32xf32>
// CHECK-NEXT:    vector.store %[[F]], %[[Y]]
func.func @gather_with_computed_row_offset(%x: memref<64xf32>, %i: vector<16xindex>, %row: index, %entry: vector<1xindex>, %y: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<true> : vector<32xi1>
  %pass = arith.constant dense<0.0> : vector<32xf32>
  %b = vector.broadcast %i : vector<16xindex> to vector<2x16xindex>
  %t = vector.transpose %b, [1, 0] : vector<2x16xindex> to vector<16x2xindex>
  %f = vector.shape_cast %t : vector<16x2xindex> to vector<32xindex>
  %rows = vector.broadcast %row : index to vector<32xindex>
  %entries = vector.broadcast %entry : vector<1xindex> to vector<32xindex>
  %offset = arith.addi %rows, %entries : vector<32xindex>
  %lanes = arith.addi %f, %offset : vector<32xindex>
  %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<64xf32>, vector<32xindex>, vector<32xi1>, vector<32xf32> into vector<32xf32>
  vector.store %g, %y[%c0] : memref<32xf32>, vector<32xf32>
  return
}

// -----

// A mask that may differ between the copies of an index keeps the gather
// whole.
// CHECK-LABEL: func @masked_gather_stays
// CHECK:         vector.gather %{{.*}} : memref<64xf32>, vector<32xindex>, vector<32xi1>, vector<32xf32> into vector<32xf32>
func.func @masked_gather_stays(%x: memref<64xf32>, %i: vector<16xindex>, %mask: vector<32xi1>, %y: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %pass = arith.constant dense<0.0> : vector<32xf32>
  %b = vector.broadcast %i : vector<16xindex> to vector<2x16xindex>
  %t = vector.transpose %b, [1, 0] : vector<2x16xindex> to vector<16x2xindex>
  %f = vector.shape_cast %t : vector<16x2xindex> to vector<32xindex>
  %g = vector.gather %x[%c0] [%f], %mask, %pass : memref<64xf32>, vector<32xindex>, vector<32xi1>, vector<32xf32> into vector<32xf32>
  vector.store %g, %y[%c0] : memref<32xf32>, vector<32xf32>
  return
}

// -----

// Selecting by phase (even lanes from one repeated tile, odd lanes from
// another) interleaves the two tiles.
// CHECK-LABEL: func @select_of_repeats_interleaves
// CHECK-SAME:    (%[[A:.*]]: vector<16xi8>, %[[B:.*]]: vector<16xi8>, %[[Y:.*]]: memref<32xi8>)
// CHECK-NOT:     arith.select
// CHECK:         %[[I:.*]] = vector.interleave %[[A]], %[[B]] : vector<16xi8> -> vector<32xi8>
// CHECK-NEXT:    vector.store %[[I]], %[[Y]]
func.func @select_of_repeats_interleaves(%a: vector<16xi8>, %b: vector<16xi8>, %y: memref<32xi8>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0> : vector<2xindex>
  %ba = vector.broadcast %a : vector<16xi8> to vector<2x16xi8>
  %ta = vector.transpose %ba, [1, 0] : vector<2x16xi8> to vector<16x2xi8>
  %fa = vector.shape_cast %ta : vector<16x2xi8> to vector<32xi8>
  %bb = vector.broadcast %b : vector<16xi8> to vector<2x16xi8>
  %tb = vector.transpose %bb, [1, 0] : vector<2x16xi8> to vector<16x2xi8>
  %fb = vector.shape_cast %tb : vector<16x2xi8> to vector<32xi8>
  %step = vector.step : vector<2xindex>
  %even = arith.cmpi eq, %step, %zero : vector<2xindex>
  %cb = vector.broadcast %even : vector<2xi1> to vector<16x2xi1>
  %cond = vector.shape_cast %cb : vector<16x2xi1> to vector<32xi1>
  %s = arith.select %cond, %fa, %fb : vector<32xi1>, vector<32xi8>
  vector.store %s, %y[%c0] : memref<32xi8>, vector<32xi8>
  return
}

// -----

// Any period: a constant condition repeating every 4 lanes is one shuffle.
// CHECK-LABEL: func @select_of_repeats_by_four
// CHECK-SAME:    (%[[A:.*]]: vector<4xf32>, %[[B:.*]]: vector<4xf32>, %[[Y:.*]]: memref<16xf32>)
// CHECK:         %[[S:.*]] = vector.shuffle %[[A]], %[[B]] [0, 0, 4, 4, 1, 1, 5, 5, 2, 2, 6, 6, 3, 3, 7, 7] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:    vector.store %[[S]], %[[Y]]
func.func @select_of_repeats_by_four(%a: vector<4xf32>, %b: vector<4xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %cond = arith.constant dense<[true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false]> : vector<16xi1>
  %ba = vector.broadcast %a : vector<4xf32> to vector<4x4xf32>
  %ta = vector.transpose %ba, [1, 0] : vector<4x4xf32> to vector<4x4xf32>
  %fa = vector.shape_cast %ta : vector<4x4xf32> to vector<16xf32>
  %bb = vector.broadcast %b : vector<4xf32> to vector<4x4xf32>
  %tb = vector.transpose %bb, [1, 0] : vector<4x4xf32> to vector<4x4xf32>
  %fb = vector.shape_cast %tb : vector<4x4xf32> to vector<16xf32>
  %s = arith.select %cond, %fa, %fb : vector<16xi1>, vector<16xf32>
  vector.store %s, %y[%c0] : memref<16xf32>, vector<16xf32>
  return
}

// -----

// Four phases selected in turn (phase 0 from %a, 1 from %b, 2 from %c, the
// rest from %d) interleave pairwise: %a with %b and %c with %d, each pair
// seen as 64-bit lanes, the pairs interleaved and seen as float32 again.
// CHECK-LABEL: func @select_chain_of_four_interleaves
// CHECK-SAME:    (%[[A:.*]]: vector<4xf32>, %[[B:.*]]: vector<4xf32>, %[[C:.*]]: vector<4xf32>, %[[D:.*]]: vector<4xf32>, %[[Y:.*]]: memref<16xf32>)
// CHECK-NOT:     arith.select
// CHECK-DAG:     %[[AB:.*]] = vector.interleave %[[A]], %[[B]] : vector<4xf32> -> vector<8xf32>
// CHECK-DAG:     %[[AB64:.*]] = vector.bitcast %[[AB]] : vector<8xf32> to vector<4xi64>
// CHECK-DAG:     %[[CD:.*]] = vector.interleave %[[C]], %[[D]] : vector<4xf32> -> vector<8xf32>
// CHECK-DAG:     %[[CD64:.*]] = vector.bitcast %[[CD]] : vector<8xf32> to vector<4xi64>
// CHECK:         %[[ALL:.*]] = vector.interleave %[[AB64]], %[[CD64]] : vector<4xi64> -> vector<8xi64>
// CHECK-NEXT:    %[[R:.*]] = vector.bitcast %[[ALL]] : vector<8xi64> to vector<16xf32>
// CHECK-NEXT:    vector.store %[[R]], %[[Y]]
func.func @select_chain_of_four_interleaves(%a: vector<4xf32>, %b: vector<4xf32>, %c: vector<4xf32>, %d: vector<4xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %phase0 = arith.constant dense<0> : vector<4xindex>
  %phase1 = arith.constant dense<1> : vector<4xindex>
  %phase2 = arith.constant dense<2> : vector<4xindex>
  %step = vector.step : vector<4xindex>
  %ra = vector.broadcast %a : vector<4xf32> to vector<4x4xf32>
  %ta = vector.transpose %ra, [1, 0] : vector<4x4xf32> to vector<4x4xf32>
  %fa = vector.shape_cast %ta : vector<4x4xf32> to vector<16xf32>
  %rb = vector.broadcast %b : vector<4xf32> to vector<4x4xf32>
  %tb = vector.transpose %rb, [1, 0] : vector<4x4xf32> to vector<4x4xf32>
  %fb = vector.shape_cast %tb : vector<4x4xf32> to vector<16xf32>
  %rc = vector.broadcast %c : vector<4xf32> to vector<4x4xf32>
  %tc = vector.transpose %rc, [1, 0] : vector<4x4xf32> to vector<4x4xf32>
  %fc = vector.shape_cast %tc : vector<4x4xf32> to vector<16xf32>
  %rd = vector.broadcast %d : vector<4xf32> to vector<4x4xf32>
  %td = vector.transpose %rd, [1, 0] : vector<4x4xf32> to vector<4x4xf32>
  %fd = vector.shape_cast %td : vector<4x4xf32> to vector<16xf32>
  %is2 = arith.cmpi eq, %step, %phase2 : vector<4xindex>
  %b2 = vector.broadcast %is2 : vector<4xi1> to vector<4x4xi1>
  %c2 = vector.shape_cast %b2 : vector<4x4xi1> to vector<16xi1>
  %s2 = arith.select %c2, %fc, %fd : vector<16xi1>, vector<16xf32>
  %is1 = arith.cmpi eq, %step, %phase1 : vector<4xindex>
  %b1 = vector.broadcast %is1 : vector<4xi1> to vector<4x4xi1>
  %c1 = vector.shape_cast %b1 : vector<4x4xi1> to vector<16xi1>
  %s1 = arith.select %c1, %fb, %s2 : vector<16xi1>, vector<16xf32>
  %is0 = arith.cmpi eq, %step, %phase0 : vector<4xindex>
  %b0 = vector.broadcast %is0 : vector<4xi1> to vector<4x4xi1>
  %c0v = vector.shape_cast %b0 : vector<4x4xi1> to vector<16xi1>
  %s0 = arith.select %c0v, %fa, %s1 : vector<16xi1>, vector<16xf32>
  vector.store %s0, %y[%c0] : memref<16xf32>, vector<16xf32>
  return
}

// -----

// Four phases of bytes narrowed from 16 bits: the pairs pack into 16-bit
// lanes (no narrowing left), which then interleave.
// CHECK-LABEL: func @select_chain_of_four_narrowed_packs
// CHECK-NOT:     arith.select
// CHECK-NOT:     arith.trunci
// CHECK-COUNT-2: arith.ori %{{.*}}, %{{.*}} : vector<16xi16>
// CHECK:         %[[ALL:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<16xi16> -> vector<32xi16>
// CHECK-NEXT:    %[[R:.*]] = vector.bitcast %[[ALL]] : vector<32xi16> to vector<64xi8>
// CHECK-NEXT:    vector.store %[[R]]
func.func @select_chain_of_four_narrowed_packs(%a: vector<16xi16>, %b: vector<16xi16>, %c: vector<16xi16>, %d: vector<16xi16>, %y: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %even = arith.constant dense<[true, false, false, false]> : vector<4xi1>
  %one = arith.constant dense<[false, true, false, false]> : vector<4xi1>
  %two = arith.constant dense<[false, false, true, false]> : vector<4xi1>
  %na = arith.trunci %a : vector<16xi16> to vector<16xi8>
  %nb = arith.trunci %b : vector<16xi16> to vector<16xi8>
  %nc = arith.trunci %c : vector<16xi16> to vector<16xi8>
  %nd = arith.trunci %d : vector<16xi16> to vector<16xi8>
  %ra = vector.broadcast %na : vector<16xi8> to vector<4x16xi8>
  %ta = vector.transpose %ra, [1, 0] : vector<4x16xi8> to vector<16x4xi8>
  %fa = vector.shape_cast %ta : vector<16x4xi8> to vector<64xi8>
  %rb = vector.broadcast %nb : vector<16xi8> to vector<4x16xi8>
  %tb = vector.transpose %rb, [1, 0] : vector<4x16xi8> to vector<16x4xi8>
  %fb = vector.shape_cast %tb : vector<16x4xi8> to vector<64xi8>
  %rc = vector.broadcast %nc : vector<16xi8> to vector<4x16xi8>
  %tc = vector.transpose %rc, [1, 0] : vector<4x16xi8> to vector<16x4xi8>
  %fc = vector.shape_cast %tc : vector<16x4xi8> to vector<64xi8>
  %rd = vector.broadcast %nd : vector<16xi8> to vector<4x16xi8>
  %td = vector.transpose %rd, [1, 0] : vector<4x16xi8> to vector<16x4xi8>
  %fd = vector.shape_cast %td : vector<16x4xi8> to vector<64xi8>
  %b2 = vector.broadcast %two : vector<4xi1> to vector<16x4xi1>
  %c2 = vector.shape_cast %b2 : vector<16x4xi1> to vector<64xi1>
  %s2 = arith.select %c2, %fc, %fd : vector<64xi1>, vector<64xi8>
  %b1 = vector.broadcast %one : vector<4xi1> to vector<16x4xi1>
  %c1 = vector.shape_cast %b1 : vector<16x4xi1> to vector<64xi1>
  %s1 = arith.select %c1, %fb, %s2 : vector<64xi1>, vector<64xi8>
  %b0 = vector.broadcast %even : vector<4xi1> to vector<16x4xi1>
  %c0v = vector.shape_cast %b0 : vector<16x4xi1> to vector<64xi1>
  %s0 = arith.select %c0v, %fa, %s1 : vector<64xi1>, vector<64xi8>
  vector.store %s0, %y[%c0] : memref<64xi8>, vector<64xi8>
  return
}

// -----

// Four float64 phases would interleave 128-bit lanes: the selects stay.
// Three phases (no power of two) with three sources stay selects too.
// CHECK-LABEL: func @select_chain_of_four_f64_stays
// CHECK-COUNT-3: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<8xi1>, vector<8xf64>
// CHECK-NOT:     vector.interleave
func.func @select_chain_of_four_f64_stays(%a: vector<2xf64>, %b: vector<2xf64>, %c: vector<2xf64>, %d: vector<2xf64>, %y: memref<8xf64>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant dense<[false, false, true, false, false, false, true, false]> : vector<8xi1>
  %c1 = arith.constant dense<[false, true, false, false, false, true, false, false]> : vector<8xi1>
  %cz = arith.constant dense<[true, false, false, false, true, false, false, false]> : vector<8xi1>
  %ra = vector.broadcast %a : vector<2xf64> to vector<4x2xf64>
  %ta = vector.transpose %ra, [1, 0] : vector<4x2xf64> to vector<2x4xf64>
  %fa = vector.shape_cast %ta : vector<2x4xf64> to vector<8xf64>
  %rb = vector.broadcast %b : vector<2xf64> to vector<4x2xf64>
  %tb = vector.transpose %rb, [1, 0] : vector<4x2xf64> to vector<2x4xf64>
  %fb = vector.shape_cast %tb : vector<2x4xf64> to vector<8xf64>
  %rc = vector.broadcast %c : vector<2xf64> to vector<4x2xf64>
  %tc = vector.transpose %rc, [1, 0] : vector<4x2xf64> to vector<2x4xf64>
  %fc = vector.shape_cast %tc : vector<2x4xf64> to vector<8xf64>
  %rd = vector.broadcast %d : vector<2xf64> to vector<4x2xf64>
  %td = vector.transpose %rd, [1, 0] : vector<4x2xf64> to vector<2x4xf64>
  %fd = vector.shape_cast %td : vector<2x4xf64> to vector<8xf64>
  %s2 = arith.select %c2, %fc, %fd : vector<8xi1>, vector<8xf64>
  %s1 = arith.select %c1, %fb, %s2 : vector<8xi1>, vector<8xf64>
  %s0 = arith.select %cz, %fa, %s1 : vector<8xi1>, vector<8xf64>
  vector.store %s0, %y[%c0] : memref<8xf64>, vector<8xf64>
  return
}
// Index lanes have no bit width to reinterpret: the selects stay.
// CHECK-LABEL: func @select_chain_of_four_index_stays
// CHECK-COUNT-3: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<8xi1>, vector<8xindex>
func.func @select_chain_of_four_index_stays(%a: vector<2xindex>, %b: vector<2xindex>, %c: vector<2xindex>, %d: vector<2xindex>, %y: memref<8xindex>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant dense<[false, false, true, false, false, false, true, false]> : vector<8xi1>
  %c1 = arith.constant dense<[false, true, false, false, false, true, false, false]> : vector<8xi1>
  %cz = arith.constant dense<[true, false, false, false, true, false, false, false]> : vector<8xi1>
  %ra = vector.broadcast %a : vector<2xindex> to vector<4x2xindex>
  %ta = vector.transpose %ra, [1, 0] : vector<4x2xindex> to vector<2x4xindex>
  %fa = vector.shape_cast %ta : vector<2x4xindex> to vector<8xindex>
  %rb = vector.broadcast %b : vector<2xindex> to vector<4x2xindex>
  %tb = vector.transpose %rb, [1, 0] : vector<4x2xindex> to vector<2x4xindex>
  %fb = vector.shape_cast %tb : vector<2x4xindex> to vector<8xindex>
  %rc = vector.broadcast %c : vector<2xindex> to vector<4x2xindex>
  %tc = vector.transpose %rc, [1, 0] : vector<4x2xindex> to vector<2x4xindex>
  %fc = vector.shape_cast %tc : vector<2x4xindex> to vector<8xindex>
  %rd = vector.broadcast %d : vector<2xindex> to vector<4x2xindex>
  %td = vector.transpose %rd, [1, 0] : vector<4x2xindex> to vector<2x4xindex>
  %fd = vector.shape_cast %td : vector<2x4xindex> to vector<8xindex>
  %s2 = arith.select %c2, %fc, %fd : vector<8xi1>, vector<8xindex>
  %s1 = arith.select %c1, %fb, %s2 : vector<8xi1>, vector<8xindex>
  %s0 = arith.select %cz, %fa, %s1 : vector<8xi1>, vector<8xindex>
  vector.store %s0, %y[%c0] : memref<8xindex>, vector<8xindex>
  return
}
// Eight float32 phases would interleave 128-bit lanes at the last level:
// the pattern leaves the chain as it is (building its first level and then
// failing made the pass fail).
// CHECK-LABEL: func @select_chain_of_eight_f32_stays
// CHECK-COUNT-7: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
// CHECK-NOT:     vector.interleave
func.func @select_chain_of_eight_f32_stays(%a0: vector<2xf32>, %a1: vector<2xf32>, %a2: vector<2xf32>, %a3: vector<2xf32>, %a4: vector<2xf32>, %a5: vector<2xf32>, %a6: vector<2xf32>, %a7: vector<2xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %r0 = vector.broadcast %a0 : vector<2xf32> to vector<8x2xf32>
  %t0 = vector.transpose %r0, [1, 0] : vector<8x2xf32> to vector<2x8xf32>
  %f0 = vector.shape_cast %t0 : vector<2x8xf32> to vector<16xf32>
  %r1 = vector.broadcast %a1 : vector<2xf32> to vector<8x2xf32>
  %t1 = vector.transpose %r1, [1, 0] : vector<8x2xf32> to vector<2x8xf32>
  %f1 = vector.shape_cast %t1 : vector<2x8xf32> to vector<16xf32>
  %r2 = vector.broadcast %a2 : vector<2xf32> to vector<8x2xf32>
  %t2 = vector.transpose %r2, [1, 0] : vector<8x2xf32> to vector<2x8xf32>
  %f2 = vector.shape_cast %t2 : vector<2x8xf32> to vector<16xf32>
  %r3 = vector.broadcast %a3 : vector<2xf32> to vector<8x2xf32>
  %t3 = vector.transpose %r3, [1, 0] : vector<8x2xf32> to vector<2x8xf32>
  %f3 = vector.shape_cast %t3 : vector<2x8xf32> to vector<16xf32>
  %r4 = vector.broadcast %a4 : vector<2xf32> to vector<8x2xf32>
  %t4 = vector.transpose %r4, [1, 0] : vector<8x2xf32> to vector<2x8xf32>
  %f4 = vector.shape_cast %t4 : vector<2x8xf32> to vector<16xf32>
  %r5 = vector.broadcast %a5 : vector<2xf32> to vector<8x2xf32>
  %t5 = vector.transpose %r5, [1, 0] : vector<8x2xf32> to vector<2x8xf32>
  %f5 = vector.shape_cast %t5 : vector<2x8xf32> to vector<16xf32>
  %r6 = vector.broadcast %a6 : vector<2xf32> to vector<8x2xf32>
  %t6 = vector.transpose %r6, [1, 0] : vector<8x2xf32> to vector<2x8xf32>
  %f6 = vector.shape_cast %t6 : vector<2x8xf32> to vector<16xf32>
  %r7 = vector.broadcast %a7 : vector<2xf32> to vector<8x2xf32>
  %t7 = vector.transpose %r7, [1, 0] : vector<8x2xf32> to vector<2x8xf32>
  %f7 = vector.shape_cast %t7 : vector<2x8xf32> to vector<16xf32>
  %c6_ = arith.constant dense<[false, false, false, false, false, false, true, false, false, false, false, false, false, false, true, false]> : vector<16xi1>
  %s6 = arith.select %c6_, %f6, %f7 : vector<16xi1>, vector<16xf32>
  %c5_ = arith.constant dense<[false, false, false, false, false, true, false, false, false, false, false, false, false, true, false, false]> : vector<16xi1>
  %s5 = arith.select %c5_, %f5, %s6 : vector<16xi1>, vector<16xf32>
  %c4_ = arith.constant dense<[false, false, false, false, true, false, false, false, false, false, false, false, true, false, false, false]> : vector<16xi1>
  %s4 = arith.select %c4_, %f4, %s5 : vector<16xi1>, vector<16xf32>
  %c3_ = arith.constant dense<[false, false, false, true, false, false, false, false, false, false, false, true, false, false, false, false]> : vector<16xi1>
  %s3 = arith.select %c3_, %f3, %s4 : vector<16xi1>, vector<16xf32>
  %c2_ = arith.constant dense<[false, false, true, false, false, false, false, false, false, false, true, false, false, false, false, false]> : vector<16xi1>
  %s2 = arith.select %c2_, %f2, %s3 : vector<16xi1>, vector<16xf32>
  %c1_ = arith.constant dense<[false, true, false, false, false, false, false, false, false, true, false, false, false, false, false, false]> : vector<16xi1>
  %s1 = arith.select %c1_, %f1, %s2 : vector<16xi1>, vector<16xf32>
  %c0_ = arith.constant dense<[true, false, false, false, false, false, false, false, true, false, false, false, false, false, false, false]> : vector<16xi1>
  %s0 = arith.select %c0_, %f0, %s1 : vector<16xi1>, vector<16xf32>
  vector.store %s0, %y[%c0] : memref<16xf32>, vector<16xf32>
  return
}
// CHECK-LABEL: func @select_chain_of_three_stays
// CHECK-COUNT-2: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<6xi1>, vector<6xf32>
func.func @select_chain_of_three_stays(%a: vector<2xf32>, %b: vector<2xf32>, %c: vector<2xf32>, %y: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant dense<[false, true, false, false, true, false]> : vector<6xi1>
  %cz = arith.constant dense<[true, false, false, true, false, false]> : vector<6xi1>
  %ra = vector.broadcast %a : vector<2xf32> to vector<3x2xf32>
  %ta = vector.transpose %ra, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  %fa = vector.shape_cast %ta : vector<2x3xf32> to vector<6xf32>
  %rb = vector.broadcast %b : vector<2xf32> to vector<3x2xf32>
  %tb = vector.transpose %rb, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  %fb = vector.shape_cast %tb : vector<2x3xf32> to vector<6xf32>
  %rc = vector.broadcast %c : vector<2xf32> to vector<3x2xf32>
  %tc = vector.transpose %rc, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  %fc = vector.shape_cast %tc : vector<2x3xf32> to vector<6xf32>
  %s1 = arith.select %c1, %fb, %fc : vector<6xi1>, vector<6xf32>
  %s0 = arith.select %cz, %fa, %s1 : vector<6xi1>, vector<6xf32>
  vector.store %s0, %y[%c0] : memref<6xf32>, vector<6xf32>
  return
}

// -----

// A condition that is not periodic in the repeats stays a select.
// CHECK-LABEL: func @select_not_periodic_stays
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<32xi1>, vector<32xi8>
func.func @select_not_periodic_stays(%a: vector<16xi8>, %b: vector<16xi8>, %y: memref<32xi8>) {
  %c0 = arith.constant 0 : index
  %cond = arith.constant dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, false, true]> : vector<32xi1>
  %ba = vector.broadcast %a : vector<16xi8> to vector<2x16xi8>
  %ta = vector.transpose %ba, [1, 0] : vector<2x16xi8> to vector<16x2xi8>
  %fa = vector.shape_cast %ta : vector<16x2xi8> to vector<32xi8>
  %bb = vector.broadcast %b : vector<16xi8> to vector<2x16xi8>
  %tb = vector.transpose %bb, [1, 0] : vector<2x16xi8> to vector<16x2xi8>
  %fb = vector.shape_cast %tb : vector<16x2xi8> to vector<32xi8>
  %s = arith.select %cond, %fa, %fb : vector<32xi1>, vector<32xi8>
  vector.store %s, %y[%c0] : memref<32xi8>, vector<32xi8>
  return
}

// -----

// A condition broadcast along an inner dimension repeats single lanes, not
// a period: it stays a select.
// CHECK-LABEL: func @select_stretched_condition_stays
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<32xi1>, vector<32xi8>
func.func @select_stretched_condition_stays(%a: vector<16xi8>, %b: vector<16xi8>, %y: memref<32xi8>) {
  %c0 = arith.constant 0 : index
  %c = arith.constant dense<[[true], [false]]> : vector<2x1xi1>
  %cb = vector.broadcast %c : vector<2x1xi1> to vector<2x16xi1>
  %cond = vector.shape_cast %cb : vector<2x16xi1> to vector<32xi1>
  %ba = vector.broadcast %a : vector<16xi8> to vector<2x16xi8>
  %ta = vector.transpose %ba, [1, 0] : vector<2x16xi8> to vector<16x2xi8>
  %fa = vector.shape_cast %ta : vector<16x2xi8> to vector<32xi8>
  %bb = vector.broadcast %b : vector<16xi8> to vector<2x16xi8>
  %tb = vector.transpose %bb, [1, 0] : vector<2x16xi8> to vector<16x2xi8>
  %fb = vector.shape_cast %tb : vector<16x2xi8> to vector<32xi8>
  %s = arith.select %cond, %fa, %fb : vector<32xi1>, vector<32xi8>
  vector.store %s, %y[%c0] : memref<32xi8>, vector<32xi8>
  return
}

// -----

// A unit vector stretched by the broadcast is uniform, not a repeat of
// its one lane: the select keeps its full width.
// CHECK-LABEL: func @select_stretched_unit_stays
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
func.func @select_stretched_unit_stays(%a: vector<1xf32>, %b: vector<1xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %cond = arith.constant dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : vector<16xi1>
  %ba = vector.broadcast %a : vector<1xf32> to vector<2x8xf32>
  %ta = vector.transpose %ba, [1, 0] : vector<2x8xf32> to vector<8x2xf32>
  %fa = vector.shape_cast %ta : vector<8x2xf32> to vector<16xf32>
  %bb = vector.broadcast %b : vector<1xf32> to vector<2x8xf32>
  %tb = vector.transpose %bb, [1, 0] : vector<2x8xf32> to vector<8x2xf32>
  %fb = vector.shape_cast %tb : vector<8x2xf32> to vector<16xf32>
  %s = arith.select %cond, %fa, %fb : vector<16xi1>, vector<16xf32>
  vector.store %s, %y[%c0] : memref<16xf32>, vector<16xf32>
  return
}

// -----

// Interleaving two narrowed vectors packs their wide lanes instead: the
// first in the low half of each 16-bit lane, the second shifted into the
// high half, seen as bytes.
// CHECK-LABEL: func @interleave_of_truncations_packs
// CHECK-SAME:    (%[[A:.*]]: vector<32xi16>, %[[B:.*]]: vector<32xi16>, %[[Y:.*]]: memref<64xi8>)
// CHECK-DAG:     %[[LOW:.*]] = arith.constant dense<255> : vector<32xi16>
// CHECK-DAG:     %[[EIGHT:.*]] = arith.constant dense<8> : vector<32xi16>
// CHECK:         %[[L:.*]] = arith.andi %[[A]], %[[LOW]] : vector<32xi16>
// CHECK-NEXT:    %[[H:.*]] = arith.shli %[[B]], %[[EIGHT]] : vector<32xi16>
// CHECK-NEXT:    %[[P:.*]] = arith.ori %[[L]], %[[H]] : vector<32xi16>
// CHECK-NEXT:    %[[BYTES:.*]] = vector.bitcast %[[P]] : vector<32xi16> to vector<64xi8>
// CHECK-NEXT:    vector.store %[[BYTES]], %[[Y]]
func.func @interleave_of_truncations_packs(%a: vector<32xi16>, %b: vector<32xi16>, %y: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %ta = arith.trunci %a : vector<32xi16> to vector<32xi8>
  %tb = arith.trunci %b : vector<32xi16> to vector<32xi8>
  %i = vector.interleave %ta, %tb : vector<32xi8> -> vector<64xi8>
  vector.store %i, %y[%c0] : memref<64xi8>, vector<64xi8>
  return
}

// -----

// Lanes narrowed by more than half, or a side that is not narrowed, stay
// interleaved.
// CHECK-LABEL: func @interleave_of_other_values_stays
// CHECK-COUNT-2: vector.interleave
func.func @interleave_of_other_values_stays(%a: vector<32xi32>, %b: vector<32xi32>, %c: vector<32xi8>, %y: memref<64xi8>, %z: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %ta = arith.trunci %a : vector<32xi32> to vector<32xi8>
  %tb = arith.trunci %b : vector<32xi32> to vector<32xi8>
  %i = vector.interleave %ta, %tb : vector<32xi8> -> vector<64xi8>
  vector.store %i, %y[%c0] : memref<64xi8>, vector<64xi8>
  %j = vector.interleave %ta, %c : vector<32xi8> -> vector<64xi8>
  vector.store %j, %z[%c0] : memref<64xi8>, vector<64xi8>
  return
}

// -----

// On a big-endian target the bytes of a lane are the other way round: the
// interleave stays.
// CHECK-LABEL: func @interleave_big_endian_stays
// CHECK:         vector.interleave
module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "big">} {
  func.func @interleave_big_endian_stays(%a: vector<32xi16>, %b: vector<32xi16>, %y: memref<64xi8>) {
    %c0 = arith.constant 0 : index
    %ta = arith.trunci %a : vector<32xi16> to vector<32xi8>
    %tb = arith.trunci %b : vector<32xi16> to vector<32xi8>
    %i = vector.interleave %ta, %tb : vector<32xi8> -> vector<64xi8>
    vector.store %i, %y[%c0] : memref<64xi8>, vector<64xi8>
    return
  }
}

// -----

// Repeats of different factors do not line up lane for lane: the op keeps
// its full width.
// CHECK-LABEL: func @mismatched_repeats_stay
// CHECK:         arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
func.func @mismatched_repeats_stay(%a: vector<8xf32>, %b: vector<4xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %ba = vector.broadcast %a : vector<8xf32> to vector<2x8xf32>
  %ta = vector.transpose %ba, [1, 0] : vector<2x8xf32> to vector<8x2xf32>
  %fa = vector.shape_cast %ta : vector<8x2xf32> to vector<16xf32>
  %bb = vector.broadcast %b : vector<4xf32> to vector<4x4xf32>
  %tb = vector.transpose %bb, [1, 0] : vector<4x4xf32> to vector<4x4xf32>
  %fb = vector.shape_cast %tb : vector<4x4xf32> to vector<16xf32>
  %s = arith.addf %fa, %fb : vector<16xf32>
  vector.store %s, %y[%c0] : memref<16xf32>, vector<16xf32>
  return
}

// -----

// A read that broadcasts along two dimensions with a unit dimension between
// them (a nearest upsample tile, its repeats kept whole): output [i, j, 0, k]
// is X[i, 0]. Dropping the unit dimension drops it from the broadcast's
// source too, so the lanes still vary along the first dimension.
// CHECK-LABEL: func @broadcast_around_a_unit_dim
// CHECK:         %[[ROW:.*]] = vector.transfer_read %{{.*}} : memref<2xf64, strided<[1]>>, vector<2xf64>
// CHECK:         %[[WIDE:.*]] = vector.broadcast %[[ROW]] : vector<2xf64> to vector<2x2x2xf64>
// CHECK:         vector.transpose %[[WIDE]], [2, 0, 1] : vector<2x2x2xf64> to vector<2x2x2xf64>
func.func @broadcast_around_a_unit_dim(%m: memref<2x1xf64>, %o: memref<2x2x1x2xf64>) {
  %c0 = arith.constant 0 : index
  %p = ub.poison : f64
  %v = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true, true, true], permutation_map = affine_map<(d0, d1) -> (d0, 0, d1, 0)>} : memref<2x1xf64>, vector<2x2x1x2xf64>
  vector.transfer_write %v, %o[%c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true]} : vector<2x2x1x2xf64>, memref<2x2x1x2xf64>
  return
}
