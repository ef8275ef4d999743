// RUN: onnx-opt %s -onnx-prefetch-rows -split-input-file | FileCheck %s
// RUN: onnx-opt %s -onnx-prefetch-rows=distance=2 -split-input-file | FileCheck %s --check-prefix=TWO
// RUN: onnx-opt %s -onnx-prefetch-rows=distance=0 -split-input-file | FileCheck %s --check-prefix=OFF

memref.global "private" constant @rows : memref<4xi32> = dense<[0, 2, 5, 7]>

// A downsampling (8 rows read, 4 written) whose row loop reads its row from
// a constant table: the load is preceded by a prefetch of the row that the
// iteration 4 rows later reads, through a copy of the table read at that
// iteration, or at the current one past the loop's end.
// CHECK-LABEL: func @table_rows
// CHECK-SAME:    (%[[X:.*]]: memref<8x16xf32>, %[[Y:.*]]: memref<4x16xf32>)
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[TABLE:.*]] = memref.get_global @rows
// CHECK:         scf.for %[[R:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:           %[[AHEAD:.*]] = arith.addi %[[R]], %{{.*}} : index
// CHECK:           %[[INSIDE:.*]] = arith.cmpi slt, %[[AHEAD]], %[[C4]] : index
// CHECK:           %[[NEXT:.*]] = arith.select %[[INSIDE]], %[[AHEAD]], %[[R]] : index
// CHECK:           %[[ENTRY:.*]] = memref.load %[[TABLE]][%[[R]]]
// CHECK:           %[[ROW:.*]] = arith.index_cast %[[ENTRY]]
// CHECK:           %[[NEXT_ENTRY:.*]] = memref.load %[[TABLE]][%[[NEXT]]]
// CHECK:           %[[NEXT_ROW:.*]] = arith.index_cast %[[NEXT_ENTRY]]
// CHECK:           memref.prefetch %[[X]][%[[NEXT_ROW]], %[[C0]]], read, locality<2>, data
// CHECK:           %[[V:.*]] = vector.load %[[X]][%[[ROW]], %[[C0]]]
// CHECK:           vector.store %[[V]], %[[Y]][%[[R]], %[[C0]]]
// CHECK:         } {onnxc.parallel}

// TWO-LABEL: func @table_rows
// TWO:         arith.constant 2 : index
// TWO:         memref.prefetch

// OFF-LABEL: func @table_rows
// OFF-NOT:     memref.prefetch
func.func @table_rows(%x: memref<8x16xf32>, %y: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %table = memref.get_global @rows : memref<4xi32>
  scf.for %r = %c0 to %c4 step %c1 {
    %entry = memref.load %table[%r] : memref<4xi32>
    %row = arith.index_cast %entry : i32 to index
    %v = vector.load %x[%row, %c0] : memref<8x16xf32>, vector<16xf32>
    vector.store %v, %y[%r, %c0] : memref<4x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

memref.global "private" constant @rows : memref<4xi32> = dense<[0, 2, 5, 7]>

// The row loop is the one whose induction variable indexes the table, not
// the inner loop over the columns, whose address it only offsets: the
// prefetch is in the inner loop, at the row ahead and the same column.
// CHECK-LABEL: func @columns_inside
// CHECK:         scf.for %[[R:.*]] =
// CHECK:           %[[NEXT:.*]] = arith.select %{{.*}}, %{{.*}}, %[[R]] : index
// CHECK:           scf.for %[[COL:.*]] =
// CHECK:             %[[ENTRY:.*]] = memref.load %{{.*}}[%[[NEXT]]]
// CHECK:             %[[ROW:.*]] = arith.index_cast %[[ENTRY]]
// CHECK:             memref.prefetch %{{.*}}[%[[ROW]], %[[COL]]]
// CHECK:             vector.load
func.func @columns_inside(%x: memref<8x64xf32>, %y: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %table = memref.get_global @rows : memref<4xi32>
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %col = %c0 to %c64 step %c16 {
      %entry = memref.load %table[%r] : memref<4xi32>
      %row = arith.index_cast %entry : i32 to index
      %v = vector.load %x[%row, %col] : memref<8x64xf32>, vector<16xf32>
      vector.store %v, %y[%r, %col] : memref<4x64xf32>, vector<16xf32>
    }
  } {onnxc.parallel}
  return
}

// -----

memref.global "private" constant @rows : memref<8xi32> = dense<[0, 0, 1, 1, 2, 2, 3, 3]>

// An upsampling (it writes more than it reads) waits on its stores, not on
// its reads: no prefetch.
// CHECK-LABEL: func @upsampling
// CHECK-NOT:     memref.prefetch
func.func @upsampling(%x: memref<4x16xf32>, %y: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %table = memref.get_global @rows : memref<8xi32>
  scf.for %r = %c0 to %c8 step %c1 {
    %entry = memref.load %table[%r] : memref<8xi32>
    %row = arith.index_cast %entry : i32 to index
    %v = vector.load %x[%row, %c0] : memref<4x16xf32>, vector<16xf32>
    vector.store %v, %y[%r, %c0] : memref<8x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// Rows read at positions the loop computes, with no table: the hardware
// prefetchers follow such a stream, and nothing is added.
// CHECK-LABEL: func @no_table
// CHECK-NOT:     memref.prefetch
func.func @no_table(%x: memref<8x16xf32>, %y: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %r = %c0 to %c4 step %c1 {
    %row = arith.muli %r, %c2 : index
    %v = vector.load %x[%row, %c0] : memref<8x16xf32>, vector<16xf32>
    vector.store %v, %y[%r, %c0] : memref<4x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

memref.global "private" constant @rows : memref<4xi32> = dense<[0, 2, 5, 7]>

// A nest that reads the buffer it writes is left alone.
// CHECK-LABEL: func @reads_what_it_writes
// CHECK-NOT:     memref.prefetch
func.func @reads_what_it_writes(%x: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %table = memref.get_global @rows : memref<4xi32>
  scf.for %r = %c0 to %c4 step %c1 {
    %entry = memref.load %table[%r] : memref<4xi32>
    %row = arith.index_cast %entry : i32 to index
    %v = vector.load %x[%row, %c0] : memref<8x16xf32>, vector<16xf32>
    vector.store %v, %x[%r, %c0] : memref<8x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

memref.global "private" constant @rows : memref<4xi32> = dense<[0, 2, 5, 7]>

// A row loop over i32 with an unsigned comparison, inside the parallel
// loop: the iteration ahead is computed in its type, compared unsigned.
// CHECK-LABEL: func @unsigned_i32_rows
// CHECK:         scf.for unsigned %[[R:.*]] = %{{.*}} to %[[UB:.*]] step %[[STEP:.*]] : i32 {
// CHECK:           %[[D:.*]] = arith.constant 4 : i32
// CHECK:           %[[SPAN:.*]] = arith.muli %[[STEP]], %[[D]] : i32
// CHECK:           %[[AHEAD:.*]] = arith.addi %[[R]], %[[SPAN]] : i32
// CHECK:           %[[INSIDE:.*]] = arith.cmpi ult, %[[AHEAD]], %[[UB]] : i32
// CHECK:           arith.select %[[INSIDE]], %[[AHEAD]], %[[R]] : i32
// CHECK:           memref.prefetch
func.func @unsigned_i32_rows(%x: memref<2x8x16xf32>, %y: memref<2x4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lb = arith.constant 0 : i32
  %ub = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  %table = memref.get_global @rows : memref<4xi32>
  scf.for %p = %c0 to %c2 step %c1 {
    scf.for unsigned %r = %lb to %ub step %step : i32 {
      %ri = arith.index_cast %r : i32 to index
      %entry = memref.load %table[%ri] : memref<4xi32>
      %row = arith.index_cast %entry : i32 to index
      %v = vector.load %x[%p, %row, %c0] : memref<2x8x16xf32>, vector<16xf32>
      vector.store %v, %y[%p, %ri, %c0] : memref<2x4x16xf32>, vector<16xf32>
    }
  } {onnxc.parallel}
  return
}
