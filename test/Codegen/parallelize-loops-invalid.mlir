// RUN: onnx-opt %s -onnx-parallelize-loops -split-input-file -verify-diagnostics

// The support library's entry is taken by a function of another type (the
// four-argument form before the in-order flag): an error, not a call that
// would not verify.
// expected-error @+1 {{onnx-parallelize-loops: '__onnxc_parallel_for' must be a func.func of type '(!llvm.ptr, !llvm.ptr, i64, i64, i32) -> ()'}}
func.func private @__onnxc_parallel_for(!llvm.ptr, !llvm.ptr, i64, i64)
func.func @clip(%x: memref<2048xf32>, %y: memref<2048xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  scf.for %i = %c0 to %c2048 step %c16 {
    %v = vector.load %x[%i] : memref<2048xf32>, vector<16xf32>
    vector.store %v, %y[%i] : memref<2048xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// Or by something that is not a function.
// expected-error @+1 {{onnx-parallelize-loops: '__onnxc_parallel_for' must be a func.func}}
memref.global "private" @__onnxc_parallel_for : memref<4xi64>
