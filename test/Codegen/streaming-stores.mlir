// RUN: onnx-opt %s -onnx-streaming-stores="threshold-bytes=4096 page-streams=4" -split-input-file | FileCheck %s
// RUN: onnx-opt %s -onnx-streaming-stores=threshold-bytes=4096 -split-input-file | FileCheck %s --check-prefix=ONE-PAGE
// RUN: not onnx-opt %s -onnx-streaming-stores="threshold-bytes=4096 page-streams=0" -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD-STREAMS
// RUN: not onnx-opt %s -onnx-streaming-stores="threshold-bytes=-1 page-streams=65" -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD-STREAMS-MANY
// BAD-STREAMS: error: onnx-streaming-stores: page-streams must be 1 to 64, not 0
// BAD-STREAMS-MANY: error: onnx-streaming-stores: page-streams must be 1 to 64, not 65
// RUN: onnx-opt %s -onnx-streaming-stores=threshold-bytes=-1 -split-input-file | FileCheck %s --check-prefix=NEVER
// RUN: onnx-opt %s -onnx-streaming-stores=threshold-bytes=0 -split-input-file | FileCheck %s --check-prefix=ALWAYS

// A 64 KiB output written by whole 16-lane vectors at multiples of 16: the
// loop gets a streaming version, chosen when the output is 64-byte aligned
// and the 128 KiB read and written reach the threshold. The loop is not a
// parallel one, so one thread moves them all: no thread count is asked for.
// CHECK-LABEL: func @large
// CHECK-NOT:     __onnxc_num_threads
// CHECK:         %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[Y:.*]] :
// CHECK:         %[[MIS:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK:         %[[ALIGNED:.*]] = arith.andi
// CHECK-DAG:     %[[MOVED:.*]] = arith.constant 131072 : index
// CHECK-DAG:     %[[THRESHOLD:.*]] = arith.constant 4096 : index
// CHECK:         %[[BIG:.*]] = arith.cmpi uge, %[[MOVED]], %[[THRESHOLD]] : index
// CHECK:         %[[OK:.*]] = arith.andi %[[ALIGNED]], %[[BIG]] : i1
// CHECK-NOT:     __onnxc_num_threads
// CHECK:         scf.if %[[OK]] {
// CHECK:           scf.for %[[I:.*]] =
// CHECK:             %[[OUT:.*]] = memref.subview %arg1[%[[I]]] [16] [1]
// CHECK:             vector.store %{{.*}}, %[[OUT]][%{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
// CHECK:           llvm.fence seq_cst
// CHECK:         } else {
// CHECK:           scf.for
// CHECK:             vector.transfer_write
// CHECK-NOT:         nontemporal
// CHECK:         }
// NEVER-LABEL: func @large
// NEVER-NOT:     nontemporal
// NEVER-NOT:     scf.if
// With threshold-bytes=0 only the alignment decides: no size, no threads
// (checked to the end of the output).
// ALWAYS-LABEL: func @large
// ALWAYS-NOT:     arith.cmpi uge
// ALWAYS:         scf.if
// ALWAYS:           nontemporal = true
// ALWAYS-NOT:     __onnxc_num_threads
func.func @large(%x: memref<16384xf32>, %y: memref<16384xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16384 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %in = memref.subview %x[%i] [16] [1] : memref<16384xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %y[%i] [16] [1] : memref<16384xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// 2 KiB read and written, below the threshold on one thread already: the
// function is left alone.
// CHECK-LABEL: func @small
// CHECK-NOT:     scf.if
// CHECK-NOT:     nontemporal
// CHECK-NOT:     __onnxc_num_threads
func.func @small(%x: memref<256xf32>, %y: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %in = memref.subview %x[%i] [16] [1] : memref<256xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %y[%i] [16] [1] : memref<256xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// A dynamic input and output, the output through its collapse: their bytes
// are counted at run time, the static sizes folded in (4 bytes a float, 64
// a row of 16 floats).
// CHECK-LABEL: func @dynamic
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?x16xf32>)
// CHECK:         memref.extract_strided_metadata %[[Y]]
// CHECK:         %[[XN:.*]] = memref.dim %[[X]], %{{.*}} : memref<?xf32>
// CHECK:         %[[XBYTES:.*]] = arith.muli %[[FOUR:.*]], %[[XN]] : index
// CHECK:         %[[SUM:.*]] = arith.addi %{{.*}}, %[[XBYTES]] : index
// CHECK:         %[[YN:.*]] = memref.dim %[[Y]], %{{.*}} : memref<?x16xf32>
// CHECK:         %[[YBYTES:.*]] = arith.muli %[[ROW:.*]], %[[YN]] : index
// CHECK:         %[[MOVED:.*]] = arith.addi %[[SUM]], %[[YBYTES]] : index
// CHECK:         %[[THRESHOLD:.*]] = arith.constant 4096 : index
// CHECK:         %[[BIG:.*]] = arith.cmpi uge, %[[MOVED]], %[[THRESHOLD]] : index
// CHECK:         scf.if
// CHECK:           vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
func.func @dynamic(%x: memref<?xf32>, %y: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %flat = memref.collapse_shape %y [[0, 1]] : memref<?x16xf32> into memref<?xf32>
  %n = memref.dim %flat, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c16 {
    %in = memref.subview %x[%i] [16] [1] : memref<?xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %flat[%i] [16] [1] : memref<?xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// A parallel loop shares what the run moves among the threads the run may
// use. The sizes of the arguments count, not the bytes a loop touches: the
// 2 KiB output, below the threshold, and all 14 KiB of the input, of which
// the loop reads 2 KiB. 16 KiB over the threads (at least one, whatever
// the library answers): the output streams on up to four.
// CHECK-LABEL: func @parallel_share
// CHECK:         %[[ALIGNED:.*]] = arith.andi
// CHECK:         %[[MOVED:.*]] = arith.constant 16384 : index
// CHECK:         %[[N:.*]] = call @__onnxc_num_threads() : () -> i64
// CHECK:         %[[N_INDEX:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK:         %[[ONE:.*]] = arith.constant 1 : index
// CHECK:         %[[THREADS:.*]] = arith.maxui %[[N_INDEX]], %[[ONE]] : index
// CHECK:         %[[SHARE:.*]] = arith.divui %[[MOVED]], %[[THREADS]] : index
// CHECK:         %[[THRESHOLD:.*]] = arith.constant 4096 : index
// CHECK:         %[[BIG:.*]] = arith.cmpi uge, %[[SHARE]], %[[THRESHOLD]] : index
// CHECK:         %[[OK:.*]] = arith.andi %[[ALIGNED]], %[[BIG]] : i1
// CHECK:         scf.if %[[OK]]
// CHECK:           vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:       func.func private @__onnxc_num_threads() -> i64
func.func @parallel_share(%x: memref<7x512xf32>, %y: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 512 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %in = memref.subview %x[6, %i] [1, 16] [1, 1] : memref<7x512xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %y[%i] [16] [1] : memref<512xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  } {onnxc.parallel}
  return
}

// -----

// A loop stepping by 8 lanes of a 16-lane vector: stores are not all
// aligned to the vector's size, so nothing streams.
// CHECK-LABEL: func @unaligned_step
// CHECK-NOT:     nontemporal
func.func @unaligned_step(%x: memref<16392xf32>, %y: memref<16392xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant 16376 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c8 {
    %in = memref.subview %x[%i] [16] [1] : memref<16392xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %y[%i] [16] [1] : memref<16392xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// Writes through views of several dimensions (a nearest x2 Upsample writes
// rows of 32 floats into its output viewed as [2, 2, 64]): the start of
// each vector is a multiple of 32 elements, from the static strides and the
// induction variables.
// CHECK-LABEL: func @through_views
// CHECK:         scf.if
// CHECK:           vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<32xf32, strided<[1], offset: ?>>, vector<32xf32>
func.func @through_views(%v: vector<32xf32>, %y: memref<4x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %view = memref.expand_shape %y [[0], [1, 2]] output_shape [4, 2, 512] : memref<4x1024xf32> into memref<4x2x512xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c512 step %c32 {
        %row = memref.subview %view[%i, %j, %k] [1, 1, 32] [1, 1, 1] : memref<4x2x512xf32> to memref<32xf32, strided<[1], offset: ?>>
        vector.transfer_write %v, %row[%c0] {in_bounds = [true]} : vector<32xf32>, memref<32xf32, strided<[1], offset: ?>>
      }
    }
  }
  return
}

// -----

// A vector longer than a cache line needs only line alignment: 32 floats
// (128 bytes) at multiples of 16 floats (rows of 112 floats, as a nearest x2
// Upsample of 56 columns writes) stream as aligned 64-byte pieces.
// CHECK-LABEL: func @line_aligned
// CHECK:         arith.remui %{{.*}}, %[[C64:.*]] : index
// CHECK:         scf.if
// CHECK:           vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<32xf32, strided<[1], offset: ?>>, vector<32xf32>
func.func @line_aligned(%v: vector<32xf32>, %y: memref<64x112xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c80 = arith.constant 80 : index
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %k = %c0 to %c80 step %c16 {
      %row = memref.subview %y[%i, %k] [1, 32] [1, 1] : memref<64x112xf32> to memref<32xf32, strided<[1], offset: ?>>
      vector.transfer_write %v, %row[%c0] {in_bounds = [true]} : vector<32xf32>, memref<32xf32, strided<[1], offset: ?>>
    }
  }
  return
}

// -----

// A vector of whole lines that is not a power of two bytes: a nearest x3
// Upsample of 512-bit vectors writes 48 floats (3 lines) per 16 inputs.
// Every instance starts at a line, so it streams as aligned pieces of at
// most a line, once the output is found line-aligned at run time.
// CHECK-LABEL: func @three_lines
// CHECK:         arith.remui %{{.*}}, %[[C64:.*]] : index
// CHECK:         scf.if
// CHECK:           vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<48xf32, strided<[1], offset: ?>>, vector<48xf32>
func.func @three_lines(%v: vector<48xf32>, %y: memref<64x192xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c192 = arith.constant 192 : index
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %k = %c0 to %c192 step %c48 {
      %row = memref.subview %y[%i, %k] [1, 48] [1, 1] : memref<64x192xf32> to memref<48xf32, strided<[1], offset: ?>>
      vector.transfer_write %v, %row[%c0] {in_bounds = [true]} : vector<48xf32>, memref<48xf32, strided<[1], offset: ?>>
    }
  }
  return
}

// -----

// 24 floats (96 bytes), each starting at a line: every store would write a
// line and a half, so the second half of a line would go by itself. Such
// stores never stream.
// CHECK-LABEL: func @line_and_a_half
// CHECK-NOT:     scf.if
// CHECK-NOT:     nontemporal
func.func @line_and_a_half(%v: vector<24xf32>, %y: memref<64x192xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c192 = arith.constant 192 : index
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %k = %c0 to %c192 step %c48 {
      %row = memref.subview %y[%i, %k] [1, 24] [1, 1] : memref<64x192xf32> to memref<24xf32, strided<[1], offset: ?>>
      vector.transfer_write %v, %row[%c0] {in_bounds = [true]} : vector<24xf32>, memref<24xf32, strided<[1], offset: ?>>
    }
  }
  return
}

// -----

// Elements of three bytes: memory holds an i24 in four, so 64 of them are
// not the 192 bytes their bit size says. Such stores never stream.
// CHECK-LABEL: func @three_byte_elements
// CHECK-NOT:     nontemporal
func.func @three_byte_elements(%v: vector<64xi24>, %y: memref<65536xi24>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = arith.constant 65536 : index
  scf.for %i = %c0 to %n step %c64 {
    %out = memref.subview %y[%i] [64] [1] : memref<65536xi24> to memref<64xi24, strided<[1], offset: ?>>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<64xi24>, memref<64xi24, strided<[1], offset: ?>>
  }
  return
}

// -----

// Booleans: memory holds an i1 vector as bytes, so its bit size says
// nothing of its alignment; such stores never stream.
// CHECK-LABEL: func @booleans
// CHECK-NOT:     nontemporal
func.func @booleans(%v: vector<128xi1>, %y: memref<65536xi1>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 65536 : index
  scf.for %i = %c0 to %n step %c128 {
    %out = memref.subview %y[%i] [128] [1] : memref<65536xi1> to memref<128xi1, strided<[1], offset: ?>>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<128xi1>, memref<128xi1, strided<[1], offset: ?>>
  }
  return
}

// -----

// A parallel loop over single vectors (a flattened elementwise op) streams
// four pages at once with page-streams=4: chunks of 4 x 1024 floats, one
// 16-lane vector of each page in turn, then the remainder (16 floats) in the
// loop as it was. With one page stream (the default) it streams in order.
// ONE-PAGE-LABEL: func @pages
// ONE-PAGE:         scf.if %{{.*}} {
// ONE-PAGE-NEXT:      scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// ONE-PAGE-NOT:         scf.for
// ONE-PAGE:             vector.store {{.*}} nontemporal = true
// ONE-PAGE-NOT:         vector.store
// ONE-PAGE:           } {onnxc.parallel}
// ONE-PAGE-NEXT:      llvm.fence seq_cst
// CHECK-LABEL: func @pages
// CHECK:         scf.if %{{.*}} {
// CHECK:           scf.for %[[C:.*]] = %{{.*}} to %[[END:.*]] step %{{.*}} {
// CHECK:             scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:               %[[I:.*]] = arith.addi %[[C]], %[[J]] : index
// CHECK:               %[[I0:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:               memref.subview %{{.*}}[%[[I0]]] [16] [1]
// CHECK:               vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:               %[[I1:.*]] = arith.addi %[[I]], %[[C1024:.*]] : index
// CHECK:               vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:               %[[I2:.*]] = arith.addi %[[I]], %[[C2048:.*]] : index
// CHECK:               vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:               %[[I3:.*]] = arith.addi %[[I]], %[[C3072:.*]] : index
// CHECK:               vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:             }
// CHECK:           } {onnxc.parallel}
// CHECK:           scf.for %{{.*}} = %[[END]] to %{{.*}} step %{{.*}} {
// CHECK:             vector.store {{.*}} nontemporal = true
// CHECK:           } {onnxc.parallel}
// CHECK:           llvm.fence seq_cst
// CHECK:         } else {
// CHECK-NOT:       nontemporal
// CHECK:         }
func.func @pages(%x: memref<16400xf32>, %y: memref<16400xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16400 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %in = memref.subview %x[%i] [16] [1] : memref<16400xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %y[%i] [16] [1] : memref<16400xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  } {onnxc.parallel}
  return
}

// -----

// A loop comparing its bounds unsigned is not one the shared parallel-loop
// rule accepts (its bounds are rebuilt with signed arithmetic): it streams
// as it is, without the page chunks.
// CHECK-LABEL: func @unsigned_pages
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:         scf.for
// CHECK:             vector.store {{.*}} nontemporal = true
// CHECK:           } {onnxc.parallel}
// CHECK-NEXT:      llvm.fence seq_cst
func.func @unsigned_pages(%x: memref<16400xf32>, %y: memref<16400xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16400 : index
  %pad = arith.constant 0.0 : f32
  scf.for unsigned %i = %c0 to %n step %c16 {
    %in = memref.subview %x[%i] [16] [1] : memref<16400xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %y[%i] [16] [1] : memref<16400xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  } {onnxc.parallel}
  return
}

// -----

// Two functions with parallel loops, a memref of index elements (not
// counted) and an external function: one declaration serves both calls.
// CHECK-LABEL: func.func private @external
// CHECK-LABEL: func @first
// CHECK:         arith.constant 131072 : index
// CHECK:         call @__onnxc_num_threads()
// CHECK-LABEL: func @second
// CHECK:         call @__onnxc_num_threads()
// CHECK:       func.func private @__onnxc_num_threads() -> i64
// CHECK-NOT:   @__onnxc_num_threads() -> i64
func.func private @external(memref<16384xf32>)
func.func @first(%x: memref<16384xf32>, %y: memref<16384xf32>, %z: memref<4xindex>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16384 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %in = memref.subview %x[%i] [16] [1] : memref<16384xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %y[%i] [16] [1] : memref<16384xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  } {onnxc.parallel}
  return
}
func.func @second(%x: memref<16384xf32>, %y: memref<16384xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16384 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %in = memref.subview %x[%i] [16] [1] : memref<16384xf32> to memref<16xf32, strided<[1], offset: ?>>
    %out = memref.subview %y[%i] [16] [1] : memref<16384xf32> to memref<16xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  } {onnxc.parallel}
  return
}

// -----

// A flat loop writing one vector of one output at its induction variable
// (a flattened elementwise op) streams whatever the output's alignment:
// when the output is not aligned to the vector (up to a line) but its
// elements are, the first vector is written with ordinary stores, a copy
// of the loop streams from the first aligned element, and the last vector
// is written with ordinary stores again; the ends overlap the copy and
// write the same values.
// CHECK-LABEL: func @peeled
// CHECK-SAME:    (%[[X:.*]]: memref<16384xf32>, %[[Y:.*]]: memref<128x128xf32>)
// CHECK:         %[[BIG:.*]] = arith.cmpi uge
// CHECK:         %[[OK:.*]] = arith.andi %{{.*}}, %[[BIG]] : i1
// CHECK:         %[[FLAT:.*]] = memref.collapse_shape %[[Y]]
// CHECK:         scf.if %[[OK]] {
// CHECK:           vector.store {{.*}}nontemporal = true
// CHECK:           llvm.fence seq_cst
// CHECK:         } else {
// CHECK:           %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK:           %[[FIRST:.*]] = arith.addi %[[PTR]], %{{.*}} : index
// CHECK:           %[[ELEMENTS:.*]] = arith.remui %[[FIRST]], %[[C4:.*]] : index
// CHECK:           %[[PEEL0:.*]] = arith.andi %[[BIG]], %{{.*}} : i1
// CHECK:           %[[PEEL1:.*]] = arith.andi %[[PEEL0]], %{{.*}} : i1
// CHECK:           %[[PEEL:.*]] = arith.andi %[[PEEL1]], %{{.*}} : i1
// CHECK:           scf.if %[[PEEL]] {
// CHECK:             %[[HEAD:.*]] = vector.transfer_read %[[X]][%[[C0:[a-z0-9_]+]]]
// CHECK:             vector.transfer_write %[[HEAD]], %[[FLAT]][%[[C0]]] {in_bounds = [true]}
// CHECK:             %[[MIS:.*]] = arith.remui %[[FIRST]], %[[C64:.*]] : index
// CHECK:             %[[GAP:.*]] = arith.subi %[[C64]], %[[MIS]] : index
// CHECK:             %[[GAP64:.*]] = arith.remui %[[GAP]], %[[C64]] : index
// CHECK:             %[[SHIFT:.*]] = arith.divui %[[GAP64]], %[[C4]] : index
// CHECK:             %[[START:.*]] = arith.addi %[[C0]], %[[SHIFT]] : index
// CHECK:             scf.for %{{.*}} = %[[START]] to %{{.*}} step
// CHECK:               vector.store %{{.*}}, %[[FLAT]][%{{.*}}] {alignment = 64 : i64, nontemporal = true}
// CHECK:             } {onnxc.parallel}
// CHECK:             %[[LAST:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:        %[[TAIL:.*]] = vector.transfer_read %[[X]][%[[LAST]]]
// CHECK:             vector.transfer_write %[[TAIL]], %[[FLAT]][%[[LAST]]] {in_bounds = [true]}
// CHECK:             llvm.fence seq_cst
// CHECK:           } else {
// CHECK:             scf.for
// CHECK-NOT:           nontemporal
// CHECK:           }
func.func @peeled(%x: memref<16384xf32>, %y: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16384 : index
  %pad = arith.constant 0.0 : f32
  %flat = memref.collapse_shape %y [[0, 1]] : memref<128x128xf32> into memref<16384xf32>
  scf.for %i = %c0 to %n step %c16 {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : memref<16384xf32>, vector<16xf32>
    vector.transfer_write %v, %flat[%i] {in_bounds = [true]} : vector<16xf32>, memref<16384xf32>
  } {onnxc.parallel}
  return
}

// -----

// A loop that reads the output it writes (an op updating it in place)
// would read what its first vector already wrote: not peeled.
// CHECK-LABEL: func @reads_its_output
// CHECK:         } else {
// CHECK-NOT:       scf.if
// CHECK:           scf.for
func.func @reads_its_output(%x: memref<16384xf32>, %y: memref<16384xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16384 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : memref<16384xf32>, vector<16xf32>
    %w = vector.transfer_read %y[%i], %pad {in_bounds = [true]} : memref<16384xf32>, vector<16xf32>
    %s = arith.addf %v, %w : vector<16xf32>
    vector.transfer_write %s, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<16384xf32>
  } {onnxc.parallel}
  return
}

// -----

// Two outputs may start at different offsets within a line: not peeled.
// CHECK-LABEL: func @two_outputs
// CHECK:         } else {
// CHECK-NOT:       scf.if
// CHECK:           scf.for
func.func @two_outputs(%x: memref<16384xf32>, %y: memref<16384xf32>, %z: memref<16384xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16384 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : memref<16384xf32>, vector<16xf32>
    vector.transfer_write %v, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<16384xf32>
    vector.transfer_write %v, %z[%i] {in_bounds = [true]} : vector<16xf32>, memref<16384xf32>
  } {onnxc.parallel}
  return
}

// -----

// The induction variable used other than as a position (here the index of
// a reversed read) would compute other values at shifted iterations: not
// peeled.
// CHECK-LABEL: func @position_arithmetic
// CHECK:         } else {
// CHECK-NOT:       scf.if
// CHECK:           scf.for
func.func @position_arithmetic(%x: memref<16384xf32>, %y: memref<16384xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16384 : index
  %last = arith.constant 16368 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %j = arith.subi %last, %i : index
    %v = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<16384xf32>, vector<16xf32>
    vector.transfer_write %v, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<16384xf32>
  } {onnxc.parallel}
  return
}
