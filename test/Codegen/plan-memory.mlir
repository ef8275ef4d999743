// RUN: onnx-opt %s -onnx-plan-memory -split-input-file | FileCheck %s

// %a dies before %c is born: they share offset 0. %b lives alongside both
// and gets its own bytes. 4096 + 1024 (a 1000-byte buffer rounded to 64).
// CHECK-LABEL: func @disjoint_lifetimes
// CHECK-SAME:    attributes {onnx.workspace_bytes = 5120 : i64}
// CHECK:         %[[WS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5120xi8>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         memref.view %[[WS]][%[[C0]]][] : memref<5120xi8> to memref<1024xf32>
// CHECK:         %[[C4096:.*]] = arith.constant 4096 : index
// CHECK:         memref.view %[[WS]][%[[C4096]]][] : memref<5120xi8> to memref<1000xi8>
// CHECK:         memref.view %[[WS]][%{{.*}}][] : memref<5120xi8> to memref<512xf64>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.dealloc %[[WS]]
// CHECK-NEXT:    return
func.func @disjoint_lifetimes(%x: memref<1024xf32>, %y: memref<512xf64>, %z: memref<1000xi8>) {
  %a = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<1000xi8>
  memref.copy %x, %a : memref<1024xf32> to memref<1024xf32>
  memref.copy %a, %x : memref<1024xf32> to memref<1024xf32>
  %c = memref.alloc() : memref<512xf64>
  memref.copy %y, %c : memref<512xf64> to memref<512xf64>
  memref.copy %c, %y : memref<512xf64> to memref<512xf64>
  memref.copy %b, %z : memref<1000xi8> to memref<1000xi8>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %c : memref<512xf64>
  memref.dealloc %b : memref<1000xi8>
  return
}

// -----

// A use through a view (here a reshape in a loop) keeps the buffer alive
// until that use: the two buffers overlap in time and in nothing else.
// CHECK-LABEL: func @use_through_view
// CHECK-SAME:    attributes {onnx.workspace_bytes = 512 : i64}
// CHECK:         memref.view %{{.*}}[%{{.*}}][] : memref<512xi8> to memref<8x8xf32>
// CHECK:         memref.view %{{.*}}[%{{.*}}][] : memref<512xi8> to memref<64xf32>
func.func @use_through_view(%x: memref<64xf32>) {
  %a = memref.alloc() : memref<8x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  scf.execute_region {
    memref.copy %flat, %b : memref<64xf32> to memref<64xf32>
    scf.yield
  }
  memref.copy %b, %x : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<8x8xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Buffers of dynamic shape stay allocations of their own, and the workspace
// size is then not known statically.
// CHECK-LABEL: func @dynamic
// CHECK-SAME:    attributes {onnx.workspace_bytes = -1 : i64}
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK:         memref.alloc(%{{.*}}) : memref<?xf32>
func.func @dynamic(%n: index, %x: memref<?xf32>, %y: memref<16xf32>) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %x, %a : memref<?xf32> to memref<?xf32>
  memref.copy %y, %b : memref<16xf32> to memref<16xf32>
  memref.copy %b, %y : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
