// RUN: onnx-opt %s -onnx-streaming-stores=threshold-bytes=4096 -split-input-file -verify-diagnostics

// The thread count's name is taken by a function of another type: an error,
// not a call that would not verify.
// expected-error @+1 {{onnx-streaming-stores: '__onnxc_num_threads' must be a func.func of type '() -> i64'}}
func.func private @__onnxc_num_threads() -> i32
func.func @parallel(%x: memref<16384xf32>, %y: memref<16384xf32>) {
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

// Taken by something that is not a func.func.
// expected-error @+1 {{onnx-streaming-stores: '__onnxc_num_threads' must be a func.func of type '() -> i64'}}
llvm.func @__onnxc_num_threads() -> i64
func.func @parallel(%x: memref<16384xf32>, %y: memref<16384xf32>) {
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
