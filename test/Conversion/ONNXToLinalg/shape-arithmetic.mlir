// RUN: onnx-opt %s -convert-onnx-to-linalg -canonicalize -split-input-file -verify-diagnostics | FileCheck %s

// Shape arithmetic on dimensions known only at run time is scalar code:
// the dimension read, the arithmetic, one tensor.from_elements.
// CHECK-LABEL: func @dynamic_shape
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xf32>)
// CHECK:         %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK:         %[[V:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:         tensor.from_elements %[[V]] : tensor<1xi64>
// CHECK-NOT:     linalg.generic
func.func @dynamic_shape(%x: tensor<?x3xf32>) -> tensor<1xi64> {
  %0 = onnx.ShapeV25 %x : tensor<?x3xf32> -> tensor<2xi64>
  %s = onnx.Constant dense<0> : tensor<1xi64>
  %e = onnx.Constant dense<1> : tensor<1xi64>
  %1 = onnx.SliceV13 %0, %s, %e : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  return %1 : tensor<1xi64>
}

// -----

// PyTorch's recompute_scale_factor: floor(float32(h) * 1.7) as int64, in
// float32 as ONNX Runtime computes it; the Cast to int64 truncates,
// saturates and gives 0 for NaN.
// CHECK-LABEL: func @recomputed_sizes
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x?x?xf32>)
// CHECK-DAG:     %[[SCALE:.*]] = arith.constant 1.7{{0*}}e+00 : f32
// CHECK-DAG:     %[[H:.*]] = tensor.dim %[[X]], %c2
// CHECK-DAG:     %[[W:.*]] = tensor.dim %[[X]], %c3
// CHECK-DAG:     %[[HI:.*]] = arith.index_cast %[[H]] : index to i64
// CHECK-DAG:     %[[WI:.*]] = arith.index_cast %[[W]] : index to i64
// CHECK:         %[[HF:.*]] = arith.sitofp %[[HI]] : i64 to f32
// CHECK:         %[[P:.*]] = arith.mulf %[[HF]], %[[SCALE]] : f32
// CHECK:         %[[F:.*]] = math.floor %[[P]] : f32
// CHECK:         %[[T:.*]] = arith.fptosi %[[F]] : f32 to i64
// CHECK:         %[[HIGH:.*]] = arith.select %{{.*}}, %{{.*}}, %[[T]] : i64
// CHECK:         %[[LOW:.*]] = arith.select %{{.*}}, %{{.*}}, %[[HIGH]] : i64
// CHECK:         %[[OUT:.*]] = arith.select %{{.*}}, %{{.*}}, %[[LOW]] : i64
// CHECK:         tensor.from_elements %{{.*}}, %{{.*}}, %[[OUT]], %[[WI]] : tensor<4xi64>
func.func @recomputed_sizes(%x: tensor<1x3x?x?xf32>) -> tensor<4xi64> {
  %c2 = onnx.Constant dense<2> : tensor<i64>
  %c3 = onnx.Constant dense<-1> : tensor<1xi64>
  %scale = onnx.Constant dense<1.700000e+00> : tensor<f32>
  %zero = onnx.Constant dense<0> : tensor<1xi64>
  %0 = onnx.ShapeV25 %x : tensor<1x3x?x?xf32> -> tensor<4xi64>
  %1 = onnx.GatherV13 %0, %c2 : tensor<4xi64>, tensor<i64> -> tensor<i64>
  %2 = onnx.CastV25 %1 {to = 1 : i64} : tensor<i64> -> tensor<f32>
  %3 = onnx.MulV14 %2, %scale : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %4 = onnx.FloorV13 %3 : tensor<f32>
  %5 = onnx.CastV25 %4 {to = 7 : i64} : tensor<f32> -> tensor<i64>
  %6 = onnx.UnsqueezeV25 %5, %zero : tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  %7 = onnx.GatherV13 %0, %c3 : tensor<4xi64>, tensor<1xi64> -> tensor<1xi64>
  %nc = onnx.ShapeV25 %x {end = 2 : i64} : tensor<1x3x?x?xf32> -> tensor<2xi64>
  %8 = onnx.ConcatV13 %nc, %6, %7 {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4xi64>
  return %8 : tensor<4xi64>
}

// -----

// Which entry a run-time index reads is known only at run time.
func.func @gather_at_run_time_index(%x: tensor<?x3xf32>, %i: tensor<i64>) -> tensor<i64> {
  %0 = onnx.ShapeV25 %x : tensor<?x3xf32> -> tensor<2xi64>
  // expected-error @+1 {{Gather: onnxc computes this operator only on values known at compile time, and this one reads tensor data}}
  %1 = onnx.GatherV13 %0, %i : tensor<2xi64>, tensor<i64> -> tensor<i64>
  return %1 : tensor<i64>
}
