// RUN: onnx-opt %s -onnx-parallelize-loops -split-input-file | FileCheck %s

// A parallel loop over 128 tiles of 16 floats becomes a task over a range of
// its iterations; the kernel stores the arguments the task uses in a context
// on its stack and calls the model support library with the trip count,
// the bytes one iteration writes (64), and 0: its ranges may run in any
// order.
// CHECK-LABEL: func @clip
// CHECK-SAME:    (%[[X:.*]]: memref<2048xf32>, %[[Y:.*]]: memref<2048xf32>, %[[LO:.*]]: f32)
// CHECK:         %[[CONTEXT:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, f32)>
// CHECK:         %[[XD:.*]] = builtin.unrealized_conversion_cast %[[X]] : memref<2048xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         %[[XF:.*]] = llvm.getelementptr %[[CONTEXT]][0, 0]
// CHECK:         llvm.store %[[XD]], %[[XF]]
// CHECK:         %[[YD:.*]] = builtin.unrealized_conversion_cast %[[Y]]
// CHECK:         %[[YF:.*]] = llvm.getelementptr %[[CONTEXT]][0, 1]
// CHECK:         llvm.store %[[YD]], %[[YF]]
// CHECK:         %[[LOF:.*]] = llvm.getelementptr %[[CONTEXT]][0, 2]
// CHECK:         llvm.store %[[LO]], %[[LOF]] : f32, !llvm.ptr
// CHECK:         %[[TASK:.*]] = constant @clip_parallel_0 : (!llvm.ptr, index, index) -> ()
// CHECK:         %[[TASKPTR:.*]] = builtin.unrealized_conversion_cast %[[TASK]] : (!llvm.ptr, index, index) -> () to !llvm.ptr
// CHECK-DAG:     %[[N:.*]] = arith.constant 128 : i64
// CHECK-DAG:     %[[BYTES:.*]] = arith.constant 64 : i64
// CHECK-DAG:     %[[ANY_ORDER:.*]] = arith.constant 0 : i32
// CHECK:         call @__onnxc_parallel_for(%[[TASKPTR]], %[[CONTEXT]], %[[N]], %[[BYTES]], %[[ANY_ORDER]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i32) -> ()
// CHECK-NOT:     scf.for
// CHECK:         return
// CHECK-LABEL: func private @clip_parallel_0
// CHECK-SAME:    (%[[C:.*]]: !llvm.ptr, %[[BEGIN:.*]]: index, %[[END:.*]]: index)
// CHECK:         %[[XL:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         %[[TX:.*]] = builtin.unrealized_conversion_cast %[[XL]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<2048xf32>
// CHECK:         %[[YL:.*]] = llvm.load
// CHECK:         %[[TY:.*]] = builtin.unrealized_conversion_cast %[[YL]]
// CHECK:         %[[TLO:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK:         scf.for %[[K:.*]] = %[[BEGIN]] to %[[END]] step %{{.*}} {
// CHECK:           %[[OFFSET:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK:           %[[I:.*]] = arith.addi %{{.*}}, %[[OFFSET]] : index
// CHECK:           %[[IN:.*]] = vector.load %[[TX]][%[[I]]]
// CHECK:           %[[BOUND:.*]] = vector.broadcast %[[TLO]]
// CHECK:           %[[MAX:.*]] = arith.maximumf %[[IN]], %[[BOUND]]
// CHECK:           vector.store %[[MAX]], %[[TY]][%[[I]]]
// CHECK:         }
// CHECK-NOT:     llvm.fence
// CHECK:         return
// CHECK:       func.func private @__onnxc_parallel_for(!llvm.ptr, !llvm.ptr, i64, i64, i32)
func.func @clip(%x: memref<2048xf32>, %y: memref<2048xf32>, %lo: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  scf.for %i = %c0 to %c2048 step %c16 {
    %v = vector.load %x[%i] : memref<2048xf32>, vector<16xf32>
    %b = vector.broadcast %lo : f32 to vector<16xf32>
    %m = arith.maximumf %v, %b : vector<16xf32>
    vector.store %m, %y[%i] : memref<2048xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// Nested parallel loops: the band takes the outer two (4 x 8 iterations,
// fewer than 256) and stops above the innermost loop, whose iterations are
// single vectors. The task recovers both indices from the range's index;
// an index captured from the kernel travels as i64. The bytes an iteration
// writes depend on %n: the kernel computes them, 64 per vector, and at
// least 1 (0 would mean unknown).
// CHECK-LABEL: func @nest
// CHECK-SAME:    (%[[X:.*]]: memref<4x8x?xf32>, %[[Y:.*]]: memref<4x8x?xf32>, %[[N:.*]]: index)
// CHECK:         %[[NI64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:         llvm.store %[[NI64]], %{{.*}} : i64, !llvm.ptr
// CHECK:         %[[VECTORS:.*]] = arith.ceildivsi %[[N]], %{{.*}} : index
// CHECK:         %[[COUNT:.*]] = arith.maxsi %[[VECTORS]], %{{.*}} : index
// CHECK:         %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[PRODUCT:.*]] = arith.muli %[[COUNT]], %[[C64]] : index
// CHECK:         %[[AT_LEAST_ONE:.*]] = arith.maxsi %[[PRODUCT]], %{{.*}} : index
// CHECK:         %[[BYTES:.*]] = arith.index_cast %[[AT_LEAST_ONE]] : index to i64
// CHECK:         %[[ITERATIONS:.*]] = arith.constant 32 : i64
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %[[ITERATIONS]], %[[BYTES]], %{{.*}})
// CHECK-LABEL: func private @nest_parallel_0
// CHECK:         %[[TN:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           %[[J:.*]] = arith.remsi %[[K]], %{{.*}} : index
// CHECK:           %[[I:.*]] = arith.divsi %[[K]], %{{.*}} : index
// CHECK:           scf.for %[[L:.*]] = %{{.*}} to %[[TN]] step
// CHECK:             vector.load %{{.*}}[%{{.*}}, %{{.*}}, %[[L]]]
// CHECK:             vector.store
func.func @nest(%x: memref<4x8x?xf32>, %y: memref<4x8x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      scf.for %l = %c0 to %n step %c16 {
        %v = vector.load %x[%i, %j, %l] : memref<4x8x?xf32>, vector<16xf32>
        vector.store %v, %y[%i, %j, %l] : memref<4x8x?xf32>, vector<16xf32>
      } {onnxc.parallel}
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// A loop of 2 chunks of planes, whose body computes the second plane's
// index before the row loop (what onnx-jam-parallel-loops leaves): the band
// goes through the pure op into the rows (2 x 8 iterations), and the task
// recomputes it from the recovered chunk index.
// CHECK-LABEL: func @band_through_pure_ops
// CHECK-DAG:     %[[ITERATIONS:.*]] = arith.constant 16 : i64
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %[[ITERATIONS]], %{{.*}})
// CHECK-LABEL: func private @band_through_pure_ops_parallel_0
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           %[[R:.*]] = arith.remsi %[[K]], %{{.*}} : index
// CHECK:           %[[CHUNK:.*]] = arith.divsi %[[K]], %{{.*}} : index
// CHECK:           %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:           %[[P:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:           %[[P1:.*]] = arith.addi %[[P]], %{{.*}} : index
// CHECK:           vector.store %{{.*}}, %{{.*}}[%[[P]], %[[ROW]], %{{.*}}]
// CHECK:           vector.store %{{.*}}, %{{.*}}[%[[P1]], %[[ROW]], %{{.*}}]
// CHECK-NOT:       scf.for
func.func @band_through_pure_ops(%x: memref<4x8x64xf32>, %y: memref<4x8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %p = %c0 to %c4 step %c2 {
    %p1 = arith.addi %p, %c1 : index
    scf.for %r = %c0 to %c8 step %c1 {
      %v = vector.load %x[%p, %r, %c0] : memref<4x8x64xf32>, vector<64xf32>
      vector.store %v, %y[%p, %r, %c0] : memref<4x8x64xf32>, vector<64xf32>
      %w = vector.load %x[%p1, %r, %c0] : memref<4x8x64xf32>, vector<64xf32>
      vector.store %w, %y[%p1, %r, %c0] : memref<4x8x64xf32>, vector<64xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// A store before the nested loop stops the band at the outer loop (4
// iterations): the task would repeat it for every row.
// CHECK-LABEL: func @band_stops_at_a_store
// CHECK-DAG:     %[[ITERATIONS:.*]] = arith.constant 4 : i64
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %[[ITERATIONS]], %{{.*}})
// CHECK-LABEL: func private @band_stops_at_a_store_parallel_0
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK:           scf.for
func.func @band_stops_at_a_store(%x: memref<4x8x64xf32>, %y: memref<4x8x64xf32>, %done: memref<4xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i8
  scf.for %p = %c0 to %c4 step %c1 {
    memref.store %one, %done[%p] : memref<4xi8>
    scf.for %r = %c0 to %c8 step %c1 {
      %v = vector.load %x[%p, %r, %c0] : memref<4x8x64xf32>, vector<64xf32>
      vector.store %v, %y[%p, %r, %c0] : memref<4x8x64xf32>, vector<64xf32>
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// A task whose stores are streaming ends with a fence, on the thread that
// made them, and its ranges run in order (1): running them backward would
// fence more often and leave nothing more in the cache.
// CHECK-LABEL: func @stream
// CHECK:         %[[IN_ORDER:.*]] = arith.constant 1 : i32
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[IN_ORDER]])
// CHECK-LABEL: func private @stream_parallel_0
// CHECK:         scf.for
// CHECK:           vector.store %{{.*}} {nontemporal = true}
// CHECK:         }
// CHECK-NEXT:    llvm.fence seq_cst
// CHECK-NEXT:    return
func.func @stream(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c1024 step %c16 {
    %v = vector.load %x[%i] : memref<1024xf32>, vector<16xf32>
    vector.store %v, %y[%i] {nontemporal = true} : memref<1024xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// Left alone: a loop not marked parallel; one that reads the buffer it
// writes (through a view); one that allocates.
// CHECK-LABEL: func @unmarked
// CHECK-NOT:     __onnxc_parallel_for
// CHECK:         scf.for
// CHECK-NOT:     func.func private
func.func @unmarked(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c1024 step %c16 {
    %v = vector.load %x[%i] : memref<1024xf32>, vector<16xf32>
    vector.store %v, %y[%i] : memref<1024xf32>, vector<16xf32>
  }
  return
}

// -----

// CHECK-LABEL: func @in_place
// CHECK-NOT:     __onnxc_parallel_for
// CHECK:         scf.for
// CHECK-NOT:     func.func private
func.func @in_place(%y: memref<1040xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  %shifted = memref.subview %y[16] [1024] [1] : memref<1040xf32> to memref<1024xf32, strided<[1], offset: 16>>
  scf.for %i = %c0 to %c1024 step %c16 {
    %v = vector.load %shifted[%i] : memref<1024xf32, strided<[1], offset: 16>>, vector<16xf32>
    vector.store %v, %y[%i] : memref<1040xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// A nest that allocates on the heap (a buffer of run-time size) is left
// alone.
// CHECK-LABEL: func @allocates
// CHECK-NOT:     __onnxc_parallel_for
// CHECK:         scf.for
// CHECK-NOT:     func.func private
func.func @allocates(%x: memref<1024xf32>, %y: memref<1024xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c1024 step %c16 {
    %t = memref.alloc(%n) : memref<?xf32>
    %v = vector.load %x[%i] : memref<1024xf32>, vector<16xf32>
    vector.store %v, %t[%c0] : memref<?xf32>, vector<16xf32>
    %w = vector.load %t[%c0] : memref<?xf32>, vector<16xf32>
    vector.store %w, %y[%i] : memref<1024xf32>, vector<16xf32>
    memref.dealloc %t : memref<?xf32>
  } {onnxc.parallel}
  return
}

// -----

// Left alone: a loop comparing unsigned (its range would be rebuilt with
// signed arithmetic), and one over memrefs that are arguments of a block
// other than the function's entry: here both are the same buffer, so the
// loop reads what it writes.
// CHECK-LABEL: func @unsigned
// CHECK-NOT:     __onnxc_parallel_for
// CHECK:         scf.for unsigned
// CHECK-NOT:     func.func private
func.func @unsigned(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  scf.for unsigned %i = %c0 to %c1024 step %c16 {
    %v = vector.load %x[%i] : memref<1024xf32>, vector<16xf32>
    vector.store %v, %y[%i] : memref<1024xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// CHECK-LABEL: func @block_arguments
// CHECK-NOT:     __onnxc_parallel_for
// CHECK:         scf.for
// CHECK-NOT:     func.func private
func.func @block_arguments(%y: memref<1040xf32>) {
  cf.br ^bb1(%y, %y : memref<1040xf32>, memref<1040xf32>)
^bb1(%a: memref<1040xf32>, %b: memref<1040xf32>):
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c1024 step %c16 {
    %j = arith.addi %i, %c16 : index
    %v = vector.load %a[%j] : memref<1040xf32>, vector<16xf32>
    vector.store %v, %b[%i] : memref<1040xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// A dynamic inner bound: its trip count is clamped at 0 before it
// multiplies the band's count, so that an empty loop (n below lo) runs no
// iteration.
// CHECK-LABEL: func @dynamic_band
// CHECK:         %[[SPAN:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK:         %[[COUNT:.*]] = arith.maxsi %[[SPAN]], %{{.*}} : index
// CHECK:         %[[N:.*]] = arith.muli {{.*}}%[[COUNT]]{{.*}} : index
// CHECK:         %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %[[N64]], %{{.*}})
func.func @dynamic_band(%x: memref<4x?x64xf32>, %y: memref<4x?x64xf32>, %lo: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %lo to %n step %c1 {
      scf.for %l = %c0 to %c64 step %c16 {
        %v = vector.load %x[%i, %j, %l] : memref<4x?x64xf32>, vector<16xf32>
        vector.store %v, %y[%i, %j, %l] : memref<4x?x64xf32>, vector<16xf32>
      } {onnxc.parallel}
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}

// -----

// The bytes an iteration writes, for inner bounds the nest computes: a pure
// op over values from outside is computed again before the call, and its
// loop counts ceil(%n / 2 / 16) vectors (its step, a constant defined in
// the nest, is copied too); a bound that depends on the band's index is
// unknown there, and its loop counts one vector.
// CHECK-LABEL: func @bytes_of_computed_bounds
// CHECK-SAME:    (%{{.*}}: memref<64x?xf32>, %{{.*}}: memref<64x?xf32>, %[[N:.*]]: index)
// CHECK:         %[[HALF:.*]] = arith.divui %[[N]], %{{.*}} : index
// CHECK:         %[[VECTORS:.*]] = arith.ceildivsi %[[HALF]], %{{.*}} : index
// CHECK:         %[[COUNT:.*]] = arith.maxsi %[[VECTORS]], %{{.*}} : index
// CHECK:         %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[PRODUCT:.*]] = arith.muli %[[COUNT]], %[[C64]] : index
// CHECK:         %[[ONE_VECTOR:.*]] = arith.constant 64 : index
// CHECK:         %[[SUM:.*]] = arith.addi %[[PRODUCT]], %[[ONE_VECTOR]] : index
// CHECK:         %[[ONE:.*]] = arith.constant 1 : index
// CHECK:         %[[AT_LEAST_ONE:.*]] = arith.maxsi %[[SUM]], %[[ONE]] : index
// CHECK:         %[[BYTES:.*]] = arith.index_cast %[[AT_LEAST_ONE]] : index to i64
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %{{.*}}, %[[BYTES]], %{{.*}})
func.func @bytes_of_computed_bounds(%x: memref<64x?xf32>, %y: memref<64x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %half = arith.divui %n, %c2 : index
    %step = arith.constant 16 : index
    scf.for %l = %c0 to %half step %step {
      %v = vector.load %x[%i, %l] : memref<64x?xf32>, vector<16xf32>
      vector.store %v, %y[%i, %l] : memref<64x?xf32>, vector<16xf32>
    }
    %row = arith.addi %i, %c16 : index
    scf.for %l = %half to %row step %c16 {
      %v = vector.load %x[%i, %l] : memref<64x?xf32>, vector<16xf32>
      vector.store %v, %y[%i, %l] : memref<64x?xf32>, vector<16xf32>
    }
  } {onnxc.parallel}
  return
}

// -----

// Bounds the kernel cannot compute before the call: the upper bound of the
// first loop depends on the band's index, so its lower bound's op is not
// copied either (nothing is left behind), and the loop counts one vector.
// The second loop's bound divides by %d under a guard: a division that
// may trap is not moved out of the guard, so it counts one vector too.
// CHECK-LABEL: func @bounds_left_inside
// CHECK-NOT:     arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NOT:     arith.divui
// CHECK:         %[[BYTES:.*]] = arith.constant 128 : i64
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %{{.*}}, %[[BYTES]], %{{.*}})
func.func @bounds_left_inside(%x: memref<64x?xf32>, %y: memref<64x?xf32>, %n: index, %d: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %start = arith.muli %n, %c16 : index
    %end = arith.addi %start, %i : index
    scf.for %l = %start to %end step %c16 {
      %v = vector.load %x[%i, %l] : memref<64x?xf32>, vector<16xf32>
      vector.store %v, %y[%i, %l] : memref<64x?xf32>, vector<16xf32>
    }
    %nonzero = arith.cmpi ne, %d, %c0 : index
    scf.if %nonzero {
      %part = arith.divui %n, %d : index
      scf.for %l = %c0 to %part step %c16 {
        %v = vector.load %x[%i, %l] : memref<64x?xf32>, vector<16xf32>
        vector.store %v, %y[%i, %l] : memref<64x?xf32>, vector<16xf32>
      }
    }
  } {onnxc.parallel}
  return
}

// -----

// A prefetch (onnx-prefetch-rows) declares a write of the buffer it
// prefetches only to keep its order; it changes no data, so the nest that
// reads %x still becomes a task.
// CHECK-LABEL: func @prefetching
// CHECK:         call @__onnxc_parallel_for
// CHECK-NOT:     scf.for
// CHECK-LABEL: func private @prefetching_parallel_0
// CHECK:         scf.for
// CHECK:           memref.prefetch
// CHECK:           vector.load
func.func @prefetching(%x: memref<2048xf32>, %y: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c1024 step %c16 {
    %j = arith.muli %i, %c2 : index
    memref.prefetch %x[%j], read, locality<2>, data : memref<2048xf32>
    %v = vector.load %x[%j] : memref<2048xf32>, vector<16xf32>
    vector.store %v, %y[%i] : memref<1024xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// A buffer allocated and freed in each iteration (the row onnx-fuse-rows
// computes) is the iteration's own: reading what the nest writes there
// depends on no other iteration, and the nest becomes a task with the
// buffer inside it. An iteration writes 64 bytes of the output; its
// writes to the buffer are not counted.
// CHECK-LABEL: func @iteration_buffer
// CHECK-DAG:     %[[BYTES:.*]] = arith.constant 64 : i64
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %{{.*}}, %[[BYTES]], %{{.*}})
// CHECK-NOT:     memref.alloc
// CHECK-LABEL: func private @iteration_buffer_parallel_0
// CHECK:         scf.for
// CHECK:           memref.alloc() : memref<16xf32>
// CHECK:           memref.dealloc
func.func @iteration_buffer(%x: memref<1024x16xf32>, %y: memref<1024x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c1024 step %c1 {
    %row = memref.alloc() : memref<16xf32>
    %v = vector.load %x[%i, %c0] : memref<1024x16xf32>, vector<16xf32>
    vector.store %v, %row[%c0] : memref<16xf32>, vector<16xf32>
    %r = vector.load %row[%c0] : memref<16xf32>, vector<16xf32>
    vector.store %r, %y[%i, %c0] : memref<1024x16xf32>, vector<16xf32>
    memref.dealloc %row : memref<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// A scalar computed from run-time values is captured, not recomputed in the
// task (a chain of such computations would be repeated by every task of
// every node after it); one computed from constants is copied and folds.
// CHECK-LABEL: func private @captures_dynamic_arithmetic_parallel_0
// CHECK-SAME:    (%[[C:.*]]: !llvm.ptr, %{{.*}}: index, %{{.*}}: index)
// CHECK-NOT:     memref.dim
// CHECK-NOT:     arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         %[[L:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:         %[[M:.*]] = arith.index_cast %[[L]] : i64 to index
// CHECK:         %[[EIGHT:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[M]]]
// CHECK:           memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[EIGHT]]]
func.func @captures_dynamic_arithmetic(%y: memref<64x?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %y, %c1 : memref<64x?xf32>
  %twice = arith.muli %n, %c3 : index
  %m = arith.subi %twice, %n : index
  %eight = arith.addi %c3, %c5 : index
  scf.for %i = %c0 to %c64 step %c1 {
    memref.store %v, %y[%i, %m] : memref<64x?xf32>
    memref.store %v, %y[%i, %eight] : memref<64x?xf32>
  } {onnxc.parallel}
  return
}

// -----

// Nests computed alike over other buffers and sizes (alike nodes of a chain
// on symbolic dimensions) run one task; a nest that computes anything else
// (here another bound) gets its own.
// CHECK-LABEL: func @alike_nests
// CHECK:         %[[FIRST:.*]] = constant @alike_nests_parallel_0
// CHECK:         call @__onnxc_parallel_for
// CHECK:         %[[SECOND:.*]] = constant @alike_nests_parallel_0
// CHECK:         call @__onnxc_parallel_for
// CHECK:         %[[THIRD:.*]] = constant @alike_nests_parallel_2
// CHECK:         call @__onnxc_parallel_for
// CHECK:       func.func private @alike_nests_parallel_0
// CHECK-NOT:   func.func private @alike_nests_parallel_1
// CHECK:       func.func private @alike_nests_parallel_2
func.func @alike_nests(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>, %lo: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %m = memref.dim %y, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c16 {
    %v = vector.load %x[%i] : memref<?xf32>, vector<16xf32>
    %b = vector.broadcast %lo : f32 to vector<16xf32>
    %r = arith.maximumf %v, %b : vector<16xf32>
    vector.store %r, %y[%i] : memref<?xf32>, vector<16xf32>
  } {onnxc.parallel}
  scf.for %i = %c0 to %m step %c16 {
    %v = vector.load %y[%i] : memref<?xf32>, vector<16xf32>
    %b = vector.broadcast %lo : f32 to vector<16xf32>
    %r = arith.maximumf %v, %b : vector<16xf32>
    vector.store %r, %z[%i] : memref<?xf32>, vector<16xf32>
  } {onnxc.parallel}
  scf.for %i = %c0 to %m step %c16 {
    %v = vector.load %y[%i] : memref<?xf32>, vector<16xf32>
    %b = vector.broadcast %lo : f32 to vector<16xf32>
    %r = arith.minimumf %v, %b : vector<16xf32>
    vector.store %r, %z[%i] : memref<?xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// Outer loops of trip counts known only at run time (a batch and channels,
// both 1 for one grey image) join the band with the rows inside them, so
// that the threads share the rows too: the task's range covers all three.
// CHECK-LABEL: func @run_time_outer_loops
// CHECK-SAME:    (%{{.*}}: memref<?x?x?x64xf32>, %{{.*}}: memref<?x?x?x64xf32>, %[[B:.*]]: index, %[[C:.*]]: index, %[[H:.*]]: index)
// CHECK:         %[[BC:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         %[[ALL:.*]] = arith.muli %[[BC]], %{{.*}} : index
// CHECK:         %[[N64:.*]] = arith.index_cast %[[ALL]] : index to i64
// CHECK:         call @__onnxc_parallel_for(%{{.*}}, %{{.*}}, %[[N64]], %{{.*}})
// CHECK-LABEL: func private @run_time_outer_loops_parallel_0
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           arith.remsi %[[I]]
// CHECK:           arith.divsi %[[I]]
// CHECK:           scf.for
// CHECK-NOT:       scf.for
// CHECK:             vector.store
func.func @run_time_outer_loops(%x: memref<?x?x?x64xf32>, %y: memref<?x?x?x64xf32>, %b: index, %c: index, %h: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %b step %c1 {
    scf.for %j = %c0 to %c step %c1 {
      scf.for %k = %c0 to %h step %c1 {
        scf.for %l = %c0 to %c64 step %c16 {
          %v = vector.load %x[%i, %j, %k, %l] : memref<?x?x?x64xf32>, vector<16xf32>
          vector.store %v, %y[%i, %j, %k, %l] : memref<?x?x?x64xf32>, vector<16xf32>
        } {onnxc.parallel}
      } {onnxc.parallel}
    } {onnxc.parallel}
  } {onnxc.parallel}
  return
}
