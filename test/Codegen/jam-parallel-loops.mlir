// RUN: onnx-opt %s -onnx-jam-parallel-loops -split-input-file | FileCheck %s
// RUN: onnx-opt %s -onnx-jam-parallel-loops=factor=2 -split-input-file | FileCheck %s --check-prefix=TWO
// RUN: onnx-opt %s -onnx-jam-parallel-loops=max-jammed-vector-ops=8 -split-input-file | FileCheck %s --check-prefix=CAP8
// RUN: onnx-opt %s -onnx-jam-parallel-loops=max-jammed-vector-ops=7 -split-input-file | FileCheck %s --check-prefix=CAP7

// A loop over 6 planes, each running 8 rows whose weight (a constant table
// read at the row) times the column weights does not depend on the plane:
// chunks of 4 planes share one weight read and one product per row, each
// plane's load, multiply and store in turn; the last 2 planes run the
// original loop.
// CHECK-LABEL: func @rows_of_planes
// CHECK-SAME:    (%[[X:.*]]: memref<6x8x16xf32>, %[[Y:.*]]: memref<6x8x16xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK:         scf.for %[[P:.*]] = %[[C0]] to %[[C4]] step %[[C4]] {
// CHECK:           %[[P1:.*]] = arith.addi %[[P]], %{{.*}} : index
// CHECK:           %[[P2:.*]] = arith.addi %[[P]], %{{.*}} : index
// CHECK:           %[[P3:.*]] = arith.addi %[[P]], %{{.*}} : index
// CHECK:           scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[W:.*]] = memref.load %{{.*}}[%[[R]]]
// CHECK:             %[[WV:.*]] = vector.broadcast %[[W]]
// CHECK:             %[[PRODUCT:.*]] = arith.mulf %[[WV]], %{{.*}}
// CHECK:             %[[X0:.*]] = vector.load %[[X]][%[[P]], %[[R]], %[[C0]]]
// CHECK:             %[[Y0:.*]] = arith.mulf %[[PRODUCT]], %[[X0]]
// CHECK:             vector.store %[[Y0]], %[[Y]][%[[P]], %[[R]], %[[C0]]]
// CHECK-NOT:         memref.load
// CHECK:             %[[X1:.*]] = vector.load %[[X]][%[[P1]], %[[R]], %[[C0]]]
// CHECK:             %[[Y1:.*]] = arith.mulf %[[PRODUCT]], %[[X1]]
// CHECK:             vector.store %[[Y1]], %[[Y]][%[[P1]], %[[R]], %[[C0]]]
// CHECK:             vector.load %[[X]][%[[P2]], %[[R]], %[[C0]]]
// CHECK:             vector.store %{{.*}}, %[[Y]][%[[P2]], %[[R]], %[[C0]]]
// CHECK:             vector.load %[[X]][%[[P3]], %[[R]], %[[C0]]]
// CHECK:             vector.store %{{.*}}, %[[Y]][%[[P3]], %[[R]], %[[C0]]]
// CHECK-NEXT:      } {onnxc.parallel}
// CHECK-NEXT:    } {onnxc.parallel}
// CHECK:         scf.for %[[Q:.*]] = %[[C4]] to %[[C6]] step %{{.*}} {
// CHECK:           scf.for
// CHECK:             memref.load
// CHECK:             vector.load %[[X]][%[[Q]],
// CHECK:             vector.store %{{.*}}, %[[Y]][%[[Q]],
// CHECK-NEXT:      } {onnxc.parallel}
// CHECK-NEXT:    } {onnxc.parallel}
// CHECK-NEXT:    return

// With factor=2, chunks of 2 planes and no remainder.
// TWO-LABEL: func @rows_of_planes
// TWO:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C2:.*]] {
// TWO:           scf.for
// TWO-COUNT-2:     vector.store
// TWO-NOT:       vector.store
// TWO:           } {onnxc.parallel}
// TWO-NEXT:    } {onnxc.parallel}
// TWO-NEXT:    return
// The row body has 2 invariant vector ops (broadcast, product) and 3 per
// plane (load, multiply, store): at most 8 vector ops allow 2 planes
// (2 + 2 * 3), at most 7 none.
// CAP8-LABEL: func @rows_of_planes
// CAP8:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C2:.*]] {
// CAP8:           scf.for
// CAP8-COUNT-2:     vector.store
// CAP8-NOT:         vector.store
// CAP8:           } {onnxc.parallel}
// CAP8-NEXT:    } {onnxc.parallel}
// CAP8-NEXT:    return
// CAP7-LABEL: func @rows_of_planes
// CAP7:         scf.for
// CAP7-NEXT:      scf.for
// CAP7-COUNT-1:     vector.store
// CAP7-NEXT:      } {onnxc.parallel}
// CAP7-NEXT:    } {onnxc.parallel}
// CAP7-NEXT:    return
memref.global "private" constant @row_weights : memref<8xf32> = dense<[0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5]>
func.func @rows_of_planes(%x: memref<6x8x16xf32>, %y: memref<6x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<8xf32>
  scf.for %p = %c0 to %c6 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %x[%p, %r, %c0] : memref<6x8x16xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<6x8x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// A trip count that is a static multiple of the factor leaves no
// remainder loop.
// CHECK-LABEL: func @multiple_of_factor
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           scf.for
// CHECK-COUNT-1:     arith.mulf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT:         arith.mulf
// CHECK-COUNT-4:     vector.store
// CHECK-NEXT:      } {onnxc.parallel}
// CHECK-NEXT:    } {onnxc.parallel}
// CHECK-NEXT:    return
memref.global "private" constant @row_weights : memref<8xf32> = dense<1.0>
func.func @multiple_of_factor(%x: memref<8x8x16xf32>, %y: memref<8x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<8xf32>
  scf.for %p = %c0 to %c8 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      vector.store %product, %y[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// A run-time trip count: the chunks end at lb + (ub - lb) / 4 * 4, and the
// remainder runs from there.
// CHECK-LABEL: func @dynamic_planes
// CHECK-SAME:    (%{{.*}}: memref<?x8x16xf32>, %{{.*}}: memref<?x8x16xf32>, %[[N:.*]]: index)
// CHECK:         %[[SPAN:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK:         %[[CHUNKS:.*]] = arith.divsi %[[SPAN]], %[[C4:.*]] : index
// CHECK:         %[[END:.*]] = arith.muli %[[CHUNKS]], %[[C4]] : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[END]] step %[[C4]] {
// CHECK:         } {onnxc.parallel}
// CHECK:         scf.for %{{.*}} = %[[END]] to %[[N]] step %{{.*}} {
// CHECK:         } {onnxc.parallel}
memref.global "private" constant @row_weights : memref<8xf32> = dense<1.0>
func.func @dynamic_planes(%x: memref<?x8x16xf32>, %y: memref<?x8x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<8xf32>
  scf.for %p = %c0 to %n step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %x[%p, %r, %c0] : memref<?x8x16xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<?x8x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// Left alone: the weights come from a global that is not constant (a read
// of it is not invariant), so no vector arithmetic is shared.
// CHECK-LABEL: func @mutable_table
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-COUNT-1:     vector.store
// CHECK-NEXT:      } {onnxc.parallel}
// CHECK-NEXT:    }{{.*}}
// CHECK-NEXT:    return
memref.global "private" @row_weights : memref<8xf32> = dense<1.0>
func.func @mutable_table(%x: memref<8x8x16xf32>, %y: memref<8x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<8xf32>
  scf.for %p = %c0 to %c8 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %x[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// Left alone: an inner loop of 2 iterations (LLVM unrolls it and hoists
// its invariant values out of the outer loop itself).
// CHECK-LABEL: func @short_inner_loop
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-COUNT-1:     vector.store
// CHECK-NEXT:      } {onnxc.parallel}
// CHECK-NEXT:    }{{.*}}
// CHECK-NEXT:    return
memref.global "private" constant @row_weights : memref<2xf32> = dense<[1.0, 0.5]>
func.func @short_inner_loop(%x: memref<8x2x16xf32>, %y: memref<8x2x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<2xf32>
  scf.for %p = %c0 to %c8 step %c1 {
    scf.for %r = %c0 to %c2 step %c1 {
      %w = memref.load %table[%r] : memref<2xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %x[%p, %r, %c0] : memref<8x2x16xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<8x2x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// Left alone: the nest reads the buffer it writes (an in-place update),
// so iterations could see each other's writes once interleaved.
// CHECK-LABEL: func @reads_what_it_writes
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-COUNT-1:     vector.store
// CHECK-NEXT:      } {onnxc.parallel}
// CHECK-NEXT:    }{{.*}}
// CHECK-NEXT:    return
memref.global "private" constant @row_weights : memref<8xf32> = dense<1.0>
func.func @reads_what_it_writes(%y: memref<8x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<8xf32>
  scf.for %p = %c0 to %c8 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %y[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// Left alone: the outer loop is not marked parallel.
// CHECK-LABEL: func @not_parallel
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-COUNT-1:     vector.store
// CHECK-NEXT:      } {onnxc.parallel}
// CHECK-NEXT:    }{{.*}}
// CHECK-NEXT:    return
memref.global "private" constant @row_weights : memref<8xf32> = dense<1.0>
func.func @not_parallel(%x: memref<8x8x16xf32>, %y: memref<8x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<8xf32>
  scf.for %p = %c0 to %c8 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %x[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  }
  return
}

// -----

// A lower bound of 2 and a step of 2, 4 iterations: one chunk of 4 whose
// copies run at p, p + 2, p + 4 and p + 6. A loop of 3 iterations gets 3
// copies, not 4.
// CHECK-LABEL: func @bounds_and_steps
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK:         scf.for %[[P:.*]] = %[[C2]] to %[[C10]] step %[[C8]] {
// CHECK:           %[[P1:.*]] = arith.addi %[[P]], %[[C2]] : index
// CHECK:           %[[P2:.*]] = arith.addi %[[P]], %[[C4]] : index
// CHECK:           %[[P3:.*]] = arith.addi %[[P]], %[[C6]] : index
// CHECK:             vector.store %{{.*}}, %{{.*}}[%[[P]],
// CHECK:             vector.store %{{.*}}, %{{.*}}[%[[P1]],
// CHECK:             vector.store %{{.*}}, %{{.*}}[%[[P2]],
// CHECK:             vector.store %{{.*}}, %{{.*}}[%[[P3]],
// CHECK:         } {onnxc.parallel}
// CHECK:         scf.for %[[Q:.*]] = %{{.*}} to %{{.*}} step %[[C3:.*]] {
// CHECK-COUNT-3:     vector.store
// CHECK-NOT:         vector.store
// CHECK:         } {onnxc.parallel}
// CHECK-NOT:     scf.for
// CHECK:         return
memref.global "private" constant @row_weights : memref<8xf32> = dense<1.0>
func.func @bounds_and_steps(%x: memref<10x8x16xf32>, %y: memref<10x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<8xf32>
  scf.for %p = %c2 to %c10 step %c2 {
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %x[%p, %r, %c0] : memref<10x8x16xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<10x8x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  scf.for %q = %c0 to %c3 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %x[%q, %r, %c0] : memref<10x8x16xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%q, %r, %c0] : memref<10x8x16xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// Two store groups: each group runs for the four planes in turn. A value
// of the first group (each plane's load) feeds its own plane's second
// store; the invariant product is computed once, in the first group; the
// plane offset a pure op computes before the row loop stays per plane.
// CHECK-LABEL: func @two_store_groups
// CHECK:         scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[O0:.*]] = arith.muli %[[P]], %[[C16:.*]] : index
// CHECK:           %[[P1:.*]] = arith.addi %[[P]], %{{.*}} : index
// CHECK:           %[[O1:.*]] = arith.muli %[[P1]], %[[C16]] : index
// CHECK:           scf.for
// CHECK:             %[[PRODUCT:.*]] = arith.mulf
// CHECK:             %[[V0:.*]] = vector.load %{{.*}}[%[[O0]]]
// CHECK:             vector.store %{{.*}}, %[[Y:.*]][%[[P]], %{{.*}}, %[[C0:.*]]]
// CHECK:             %[[V1:.*]] = vector.load %{{.*}}[%[[O1]]]
// CHECK:             vector.store %{{.*}}, %[[Y]][%[[P1]], %{{.*}}, %[[C0]]]
// CHECK:             vector.store
// CHECK:             vector.store
// CHECK-NOT:         arith.mulf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK:             vector.store %[[V0]], %[[Y]][%[[P]], %{{.*}}, %[[C16]]]
// CHECK:             vector.store %[[V1]], %[[Y]][%[[P1]], %{{.*}}, %[[C16]]]
// CHECK:             vector.store
// CHECK:             vector.store
// CHECK-NEXT:      } {onnxc.parallel}
memref.global "private" constant @row_weights : memref<8xf32> = dense<1.0>
func.func @two_store_groups(%x: memref<128xf32>, %y: memref<8x8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %columns = arith.constant dense<0.25> : vector<16xf32>
  %table = memref.get_global @row_weights : memref<8xf32>
  scf.for %p = %c0 to %c8 step %c1 {
    %offset = arith.muli %p, %c16 : index
    scf.for %r = %c0 to %c8 step %c1 {
      %w = memref.load %table[%r] : memref<8xf32>
      %wv = vector.broadcast %w : f32 to vector<16xf32>
      %product = arith.mulf %wv, %columns : vector<16xf32>
      %v = vector.load %x[%offset] : memref<128xf32>, vector<16xf32>
      %out = arith.mulf %product, %v : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<8x8x32xf32>, vector<16xf32>
      vector.store %v, %y[%p, %r, %c16] : memref<8x8x32xf32>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// A downsampling: each row reads two rows of its plane and writes one, and
// nothing is invariant. Jammed, each inner iteration reads 4 planes at once.
// CHECK-LABEL: func @reads_more_than_it_writes
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C4]] {
// CHECK:           scf.for
// CHECK-COUNT-4:     vector.store
// CHECK:           }
// CHECK-NEXT:    } {onnxc.parallel}
// CHECK-NEXT:    return
func.func @reads_more_than_it_writes(%x: memref<8x16x16xf32>, %y: memref<8x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %half = arith.constant dense<0.5> : vector<16xf32>
  scf.for %p = %c0 to %c8 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %r0 = arith.muli %r, %c2 : index
      %r1 = arith.addi %r0, %c1 : index
      %a = vector.load %x[%p, %r0, %c0] : memref<8x16x16xf32>, vector<16xf32>
      %b = vector.load %x[%p, %r1, %c0] : memref<8x16x16xf32>, vector<16xf32>
      %sum = arith.addf %a, %b : vector<16xf32>
      %out = arith.mulf %sum, %half : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
    }
  } {onnxc.parallel}
  return
}

// -----

memref.global "private" constant @rows : memref<8x4xi32> = dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23], [24, 25, 26, 27], [28, 29, 30, 31]]>

// A downsampling's row loop whose every iteration reads 4 rows from a
// constant table at its own index: each copy's table reads start 4 streams
// of loads, so it is jammed by 2 only (8 streams), not by 4.
// CHECK-LABEL: func @row_streams
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C2]] {
// CHECK:           scf.for
// CHECK-COUNT-4:     memref.load
// CHECK:             vector.store
// CHECK-COUNT-4:     memref.load
// CHECK:             vector.store
// CHECK-NOT:         vector.store
// CHECK:           }
// CHECK-NEXT:    } {onnxc.parallel}
// CHECK-NEXT:    return
func.func @row_streams(%x: memref<32x128xf32>, %y: memref<8x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %rows = memref.get_global @rows : memref<8x4xi32>
  scf.for %r = %c0 to %c8 step %c1 {
    scf.for %col = %c0 to %c128 step %c16 {
      %e0 = memref.load %rows[%r, %c0] : memref<8x4xi32>
      %e1 = memref.load %rows[%r, %c1] : memref<8x4xi32>
      %e2 = memref.load %rows[%r, %c2] : memref<8x4xi32>
      %e3 = memref.load %rows[%r, %c3] : memref<8x4xi32>
      %i0 = arith.index_cast %e0 : i32 to index
      %i1 = arith.index_cast %e1 : i32 to index
      %i2 = arith.index_cast %e2 : i32 to index
      %i3 = arith.index_cast %e3 : i32 to index
      %a = vector.load %x[%i0, %col] : memref<32x128xf32>, vector<16xf32>
      %b = vector.load %x[%i1, %col] : memref<32x128xf32>, vector<16xf32>
      %c = vector.load %x[%i2, %col] : memref<32x128xf32>, vector<16xf32>
      %d = vector.load %x[%i3, %col] : memref<32x128xf32>, vector<16xf32>
      %ab = arith.addf %a, %b : vector<16xf32>
      %cd = arith.addf %c, %d : vector<16xf32>
      %sum = arith.addf %ab, %cd : vector<16xf32>
      vector.store %sum, %y[%r, %col] : memref<8x128xf32>, vector<16xf32>
    }
  } {onnxc.parallel}
  return
}

// -----

// Left alone: each row reads as much as it writes, and nothing is
// invariant.
// CHECK-LABEL: func @reads_what_it_writes_elsewhere
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-COUNT-1:     vector.store
// CHECK-NEXT:      }
// CHECK-NEXT:    } {onnxc.parallel}
// CHECK-NEXT:    return
func.func @reads_what_it_writes_elsewhere(%x: memref<8x8x16xf32>, %y: memref<8x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %half = arith.constant dense<0.5> : vector<16xf32>
  scf.for %p = %c0 to %c8 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      %a = vector.load %x[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
      %out = arith.mulf %a, %half : vector<16xf32>
      vector.store %out, %y[%p, %r, %c0] : memref<8x8x16xf32>, vector<16xf32>
    }
  } {onnxc.parallel}
  return
}
