// RUN: onnx-opt %s -onnx-stack-buffers -split-input-file | FileCheck %s
// RUN: onnx-opt %s -onnx-parallelize-loops -onnx-stack-buffers -split-input-file | FileCheck %s --check-prefix=TASK

// A row allocated and freed in each iteration: one stack buffer at the
// start of the function, shared by the iterations, and no dealloc.
// CHECK-LABEL: func @iteration_row
// CHECK-NEXT:    %[[ROW:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256xf32>
// CHECK:         scf.for
// CHECK-NOT:       memref.alloc
// CHECK:           vector.store %{{.*}}, %[[ROW]]
// CHECK:           vector.load %[[ROW]]
// CHECK-NOT:       memref.dealloc
// CHECK:         }
// After onnx-parallelize-loops, the buffer is in the task function's frame
// (one per thread), not in the kernel's.
// TASK-LABEL:    func @iteration_row
// TASK-NOT:      memref.alloca
// TASK:          call @__onnxc_parallel_for
// TASK-LABEL:    func private @iteration_row_parallel_0
// TASK-NEXT:       memref.alloca() {alignment = 64 : i64} : memref<256xf32>
// TASK:            scf.for
func.func @iteration_row(%y: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %v = arith.constant dense<1.0> : vector<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    vector.store %v, %row[%c0] : memref<256xf32>, vector<16xf32>
    %r = vector.load %row[%c0] : memref<256xf32>, vector<16xf32>
    vector.store %r, %y[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    memref.dealloc %row : memref<256xf32>
  } {onnxc.parallel}
  return
}

// -----

// Larger than 32 KiB, freed outside its block, of a dynamic size, or not
// in a loop: each stays where it is.
// CHECK-LABEL: func @not_iteration_buffers
// CHECK-NOT:     memref.alloca
// CHECK-COUNT-4: memref.alloc(
func.func @not_iteration_buffers(%n: index, %b: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %top = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %big = memref.alloc() : memref<8193xf32>
    memref.dealloc %big : memref<8193xf32>
    %dynamic = memref.alloc(%n) : memref<?xf32>
    memref.dealloc %dynamic : memref<?xf32>
    %elsewhere = memref.alloc() : memref<16xf32>
    scf.if %b {
      memref.dealloc %elsewhere : memref<16xf32>
    }
  }
  memref.dealloc %top : memref<16xf32>
  return
}

// -----

// A declaration has no body to put a buffer in: it stays as it is.
// CHECK-LABEL: func private @declared
// CHECK-SAME:    (memref<16xf32>)
// TASK-LABEL:  func private @declared
func.func private @declared(memref<16xf32>)
