// RUN: onnx-opt %s -onnx-fuse-sibling-loops -split-input-file | FileCheck %s

// An interior and an edge slab over the same planes, writing disjoint
// static subviews of the output: one nest, fused as deep as both loops
// agree (the plane loop), the bodies one after the other. The subview
// between them moves above.
// CHECK-LABEL: func @interior_and_edge
// CHECK-SAME:    (%[[X:.*]]: memref<4x16xf32>, %[[Y:.*]]: memref<4x18xf32>)
// CHECK-DAG:     %[[INTERIOR:.*]] = memref.subview %[[Y]][0, 0] [4, 16] [1, 1]
// CHECK-DAG:     %[[EDGE:.*]] = memref.subview %[[Y]][0, 16] [4, 2] [1, 1]
// CHECK:         scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[ROW:.*]] = vector.load %[[X]][%[[P]], %{{.*}}]
// CHECK:           vector.store %[[ROW]], %[[INTERIOR]][%[[P]], %{{.*}}]
// CHECK:           %[[LAST:.*]] = memref.load %[[X]][%[[P]], %{{.*}}]
// CHECK:           memref.store %[[LAST]], %[[EDGE]][%[[P]], %{{.*}}]
// CHECK:           memref.store %[[LAST]], %[[EDGE]][%[[P]], %{{.*}}]
// CHECK:         } {onnxc.parallel}
// CHECK-NOT:     scf.for
// CHECK:         return
func.func @interior_and_edge(%x: memref<4x16xf32>, %y: memref<4x18xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c15 = arith.constant 15 : index
  %interior = memref.subview %y[0, 0] [4, 16] [1, 1] : memref<4x18xf32> to memref<4x16xf32, strided<[18, 1]>>
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %x[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %interior[%p, %c0] : memref<4x16xf32, strided<[18, 1]>>, vector<16xf32>
  } {onnxc.parallel}
  %edge = memref.subview %y[0, 16] [4, 2] [1, 1] : memref<4x18xf32> to memref<4x2xf32, strided<[18, 1], offset: 16>>
  scf.for %q = %c0 to %c4 step %c1 {
    %last = memref.load %x[%q, %c15] : memref<4x16xf32>
    memref.store %last, %edge[%q, %c0] : memref<4x2xf32, strided<[18, 1], offset: 16>>
    memref.store %last, %edge[%q, %c1] : memref<4x2xf32, strided<[18, 1], offset: 16>>
  } {onnxc.parallel}
  return
}

// -----

// Nests whose plane and row loops agree fuse through both.
// CHECK-LABEL: func @two_levels
// CHECK:         scf.for
// CHECK-NEXT:      scf.for
// CHECK:             vector.store
// CHECK:             vector.store
// CHECK:           } {onnxc.parallel}
// CHECK-NEXT:    } {onnxc.parallel}
// CHECK-NEXT:    return
func.func @two_levels(%x: memref<2x3x16xf32>, %y: memref<2x3x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %left = memref.subview %y[0, 0, 0] [2, 3, 16] [1, 1, 1] : memref<2x3x32xf32> to memref<2x3x16xf32, strided<[96, 32, 1]>>
  %right = memref.subview %y[0, 0, 16] [2, 3, 16] [1, 1, 1] : memref<2x3x32xf32> to memref<2x3x16xf32, strided<[96, 32, 1], offset: 16>>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = vector.load %x[%i, %j, %c0] : memref<2x3x16xf32>, vector<16xf32>
      vector.store %v, %left[%i, %j, %c0] : memref<2x3x16xf32, strided<[96, 32, 1]>>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = vector.load %x[%i, %j, %c0] : memref<2x3x16xf32>, vector<16xf32>
      vector.store %v, %right[%i, %j, %c0] : memref<2x3x16xf32, strided<[96, 32, 1], offset: 16>>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// Left alone: subviews that overlap; different bounds; a second nest that
// reads what the first writes; an op with effects between them.
// CHECK-LABEL: func @overlapping
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
func.func @overlapping(%x: memref<4x16xf32>, %y: memref<4x18xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.subview %y[0, 0] [4, 16] [1, 1] : memref<4x18xf32> to memref<4x16xf32, strided<[18, 1]>>
  %b = memref.subview %y[0, 2] [4, 16] [1, 1] : memref<4x18xf32> to memref<4x16xf32, strided<[18, 1], offset: 2>>
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %x[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %a[%p, %c0] : memref<4x16xf32, strided<[18, 1]>>, vector<16xf32>
  } {onnxc.parallel}
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %x[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %b[%p, %c0] : memref<4x16xf32, strided<[18, 1], offset: 2>>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// CHECK-LABEL: func @other_bounds
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
func.func @other_bounds(%x: memref<4x16xf32>, %y: memref<4x18xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.subview %y[0, 0] [4, 16] [1, 1] : memref<4x18xf32> to memref<4x16xf32, strided<[18, 1]>>
  %b = memref.subview %y[0, 16] [4, 2] [1, 1] : memref<4x18xf32> to memref<4x2xf32, strided<[18, 1], offset: 16>>
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %x[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %a[%p, %c0] : memref<4x16xf32, strided<[18, 1]>>, vector<16xf32>
  } {onnxc.parallel}
  scf.for %p = %c0 to %c3 step %c1 {
    %l = memref.load %x[%p, %c0] : memref<4x16xf32>
    memref.store %l, %b[%p, %c0] : memref<4x2xf32, strided<[18, 1], offset: 16>>
  } {onnxc.parallel}
  return
}

// -----

// CHECK-LABEL: func @reads_the_other
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
func.func @reads_the_other(%x: memref<4x16xf32>, %t: memref<4x16xf32>, %y: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %x[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %t[%p, %c0] : memref<4x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %t[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %y[%p, %c0] : memref<4x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// CHECK-LABEL: func @effect_between
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
// CHECK:         memref.store
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
func.func @effect_between(%x: memref<4x16xf32>, %y: memref<4x18xf32>, %z: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %a = memref.subview %y[0, 0] [4, 16] [1, 1] : memref<4x18xf32> to memref<4x16xf32, strided<[18, 1]>>
  %b = memref.subview %y[0, 16] [4, 2] [1, 1] : memref<4x18xf32> to memref<4x2xf32, strided<[18, 1], offset: 16>>
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %x[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %a[%p, %c0] : memref<4x16xf32, strided<[18, 1]>>, vector<16xf32>
  } {onnxc.parallel}
  memref.store %f, %z[] : memref<f32>
  scf.for %p = %c0 to %c4 step %c1 {
    %l = memref.load %x[%p, %c0] : memref<4x16xf32>
    memref.store %l, %b[%p, %c0] : memref<4x2xf32, strided<[18, 1], offset: 16>>
  } {onnxc.parallel}
  return
}

// -----

// Two buffers of the workspace that onnx-plan-memory let share bytes (one
// dies where the other is born): the second nest writes what the first
// still reads in other iterations, so they stay apart.
// CHECK-LABEL: func @shared_workspace_bytes
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
func.func @shared_workspace_bytes(%y: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %workspace = memref.alloc() : memref<256xi8>
  %a = memref.view %workspace[%c0][] : memref<256xi8> to memref<4x16xf32>
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %a[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %y[%p, %c0] : memref<4x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  %b = memref.view %workspace[%c0][] : memref<256xi8> to memref<4x16xf32>
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %y[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %b[%p, %c0] : memref<4x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  memref.dealloc %workspace : memref<256xi8>
  return
}

// -----

// A memref chosen at run time may be either buffer: unknown, so no fusion.
// CHECK-LABEL: func @selected_buffer
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
// CHECK:         scf.for
// CHECK:         } {onnxc.parallel}
func.func @selected_buffer(%x: memref<4x16xf32>, %y: memref<4x16xf32>, %z: memref<4x16xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %x[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %y[%p, %c0] : memref<4x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  %s = arith.select %c, %y, %z : memref<4x16xf32>
  scf.for %p = %c0 to %c4 step %c1 {
    %v = vector.load %s[%p, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %z[%p, %c0] : memref<4x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// Three nests over the same planes fuse into one. Their row loops differ
// (4 and 2 rows), so the fusion stops at the planes: each plane runs the
// three bodies in turn.
// CHECK-LABEL: func @chain
// CHECK:         scf.for %[[P:.*]] =
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[C4:.*]] step
// CHECK:           } {onnxc.parallel}
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[C2:.*]] step
// CHECK:           } {onnxc.parallel}
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[C2]] step
// CHECK:           } {onnxc.parallel}
// CHECK-NEXT:    } {onnxc.parallel}
// CHECK-NEXT:    return
func.func @chain(%x: memref<3x4x16xf32>, %y: memref<3x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %top = memref.subview %y[0, 0, 0] [3, 4, 16] [1, 1, 1] : memref<3x8x16xf32> to memref<3x4x16xf32, strided<[128, 16, 1]>>
  %middle = memref.subview %y[0, 4, 0] [3, 2, 16] [1, 1, 1] : memref<3x8x16xf32> to memref<3x2x16xf32, strided<[128, 16, 1], offset: 64>>
  %bottom = memref.subview %y[0, 6, 0] [3, 2, 16] [1, 1, 1] : memref<3x8x16xf32> to memref<3x2x16xf32, strided<[128, 16, 1], offset: 96>>
  scf.for %p = %c0 to %c3 step %c1 {
    scf.for %r = %c0 to %c4 step %c1 {
      %v = vector.load %x[%p, %r, %c0] : memref<3x4x16xf32>, vector<16xf32>
      vector.store %v, %top[%p, %r, %c0] : memref<3x4x16xf32, strided<[128, 16, 1]>>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  scf.for %p = %c0 to %c3 step %c1 {
    scf.for %r = %c0 to %c2 step %c1 {
      %v = vector.load %x[%p, %r, %c0] : memref<3x4x16xf32>, vector<16xf32>
      vector.store %v, %middle[%p, %r, %c0] : memref<3x2x16xf32, strided<[128, 16, 1], offset: 64>>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  scf.for %p = %c0 to %c3 step %c1 {
    scf.for %r = %c0 to %c2 step %c1 {
      %v = vector.load %x[%p, %r, %c0] : memref<3x4x16xf32>, vector<16xf32>
      vector.store %v, %bottom[%p, %r, %c0] : memref<3x2x16xf32, strided<[128, 16, 1], offset: 96>>, vector<16xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}
