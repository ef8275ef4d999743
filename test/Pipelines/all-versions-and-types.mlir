// Every op version x element type x mode of SPEC.md through the whole
// lowering to the LLVM dialect: each function and its shape function
// become llvm.func ops (UpsampleV10 with run-time scales).
// RUN: onnx-opt %s -onnx-to-llvm='vector-bits=512' | FileCheck %s --implicit-check-not=onnx.Clip --implicit-check-not=onnx.Upsample --implicit-check-not=onnx.Constant
// RUN: onnx-opt %s -onnx-to-llvm='vector-bits=128' | FileCheck %s --implicit-check-not=onnx.Clip --implicit-check-not=onnx.Upsample --implicit-check-not=onnx.Constant

// CHECK-DAG: llvm.func @clip_v1_f16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v1_f16(
// CHECK-DAG: llvm.func @clip_v1_f16_shapes(
// CHECK-DAG: llvm.func @clip_v1_f32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v1_f32(
// CHECK-DAG: llvm.func @clip_v1_f32_shapes(
// CHECK-DAG: llvm.func @clip_v1_f64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v1_f64(
// CHECK-DAG: llvm.func @clip_v1_f64_shapes(
// CHECK-DAG: llvm.func @clip_v6_f16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v6_f16(
// CHECK-DAG: llvm.func @clip_v6_f16_shapes(
// CHECK-DAG: llvm.func @clip_v6_f32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v6_f32(
// CHECK-DAG: llvm.func @clip_v6_f32_shapes(
// CHECK-DAG: llvm.func @clip_v6_f64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v6_f64(
// CHECK-DAG: llvm.func @clip_v6_f64_shapes(
// CHECK-DAG: llvm.func @clip_v11_f16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v11_f16(
// CHECK-DAG: llvm.func @clip_v11_f16_shapes(
// CHECK-DAG: llvm.func @clip_v11_f32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v11_f32(
// CHECK-DAG: llvm.func @clip_v11_f32_shapes(
// CHECK-DAG: llvm.func @clip_v11_f64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v11_f64(
// CHECK-DAG: llvm.func @clip_v11_f64_shapes(
// CHECK-DAG: llvm.func @clip_v12_f16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_f16(
// CHECK-DAG: llvm.func @clip_v12_f16_shapes(
// CHECK-DAG: llvm.func @clip_v12_f32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_f32(
// CHECK-DAG: llvm.func @clip_v12_f32_shapes(
// CHECK-DAG: llvm.func @clip_v12_f64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_f64(
// CHECK-DAG: llvm.func @clip_v12_f64_shapes(
// CHECK-DAG: llvm.func @clip_v12_i8(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_i8(
// CHECK-DAG: llvm.func @clip_v12_i8_shapes(
// CHECK-DAG: llvm.func @clip_v12_i16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_i16(
// CHECK-DAG: llvm.func @clip_v12_i16_shapes(
// CHECK-DAG: llvm.func @clip_v12_i32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_i32(
// CHECK-DAG: llvm.func @clip_v12_i32_shapes(
// CHECK-DAG: llvm.func @clip_v12_i64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_i64(
// CHECK-DAG: llvm.func @clip_v12_i64_shapes(
// CHECK-DAG: llvm.func @clip_v12_ui8(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_ui8(
// CHECK-DAG: llvm.func @clip_v12_ui8_shapes(
// CHECK-DAG: llvm.func @clip_v12_ui16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_ui16(
// CHECK-DAG: llvm.func @clip_v12_ui16_shapes(
// CHECK-DAG: llvm.func @clip_v12_ui32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_ui32(
// CHECK-DAG: llvm.func @clip_v12_ui32_shapes(
// CHECK-DAG: llvm.func @clip_v12_ui64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v12_ui64(
// CHECK-DAG: llvm.func @clip_v12_ui64_shapes(
// CHECK-DAG: llvm.func @clip_v13_f16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_f16(
// CHECK-DAG: llvm.func @clip_v13_f16_shapes(
// CHECK-DAG: llvm.func @clip_v13_f32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_f32(
// CHECK-DAG: llvm.func @clip_v13_f32_shapes(
// CHECK-DAG: llvm.func @clip_v13_f64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_f64(
// CHECK-DAG: llvm.func @clip_v13_f64_shapes(
// CHECK-DAG: llvm.func @clip_v13_i8(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_i8(
// CHECK-DAG: llvm.func @clip_v13_i8_shapes(
// CHECK-DAG: llvm.func @clip_v13_i16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_i16(
// CHECK-DAG: llvm.func @clip_v13_i16_shapes(
// CHECK-DAG: llvm.func @clip_v13_i32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_i32(
// CHECK-DAG: llvm.func @clip_v13_i32_shapes(
// CHECK-DAG: llvm.func @clip_v13_i64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_i64(
// CHECK-DAG: llvm.func @clip_v13_i64_shapes(
// CHECK-DAG: llvm.func @clip_v13_ui8(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_ui8(
// CHECK-DAG: llvm.func @clip_v13_ui8_shapes(
// CHECK-DAG: llvm.func @clip_v13_ui16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_ui16(
// CHECK-DAG: llvm.func @clip_v13_ui16_shapes(
// CHECK-DAG: llvm.func @clip_v13_ui32(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_ui32(
// CHECK-DAG: llvm.func @clip_v13_ui32_shapes(
// CHECK-DAG: llvm.func @clip_v13_ui64(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_ui64(
// CHECK-DAG: llvm.func @clip_v13_ui64_shapes(
// CHECK-DAG: llvm.func @clip_v13_bf16(
// CHECK-DAG: llvm.func @_mlir_ciface_clip_v13_bf16(
// CHECK-DAG: llvm.func @clip_v13_bf16_shapes(
// CHECK-DAG: llvm.func @upsample_v1_i1_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_i1_nearest(
// CHECK-DAG: llvm.func @upsample_v1_i1_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v1_f16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_f16_nearest(
// CHECK-DAG: llvm.func @upsample_v1_f16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v1_f16_bilinear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_f16_bilinear(
// CHECK-DAG: llvm.func @upsample_v1_f16_bilinear_shapes(
// CHECK-DAG: llvm.func @upsample_v1_f32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_f32_nearest(
// CHECK-DAG: llvm.func @upsample_v1_f32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v1_f32_bilinear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_f32_bilinear(
// CHECK-DAG: llvm.func @upsample_v1_f32_bilinear_shapes(
// CHECK-DAG: llvm.func @upsample_v1_f64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_f64_nearest(
// CHECK-DAG: llvm.func @upsample_v1_f64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v1_f64_bilinear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_f64_bilinear(
// CHECK-DAG: llvm.func @upsample_v1_f64_bilinear_shapes(
// CHECK-DAG: llvm.func @upsample_v1_i32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_i32_nearest(
// CHECK-DAG: llvm.func @upsample_v1_i32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v1_i32_bilinear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_i32_bilinear(
// CHECK-DAG: llvm.func @upsample_v1_i32_bilinear_shapes(
// CHECK-DAG: llvm.func @upsample_v1_i64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_i64_nearest(
// CHECK-DAG: llvm.func @upsample_v1_i64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v1_i64_bilinear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v1_i64_bilinear(
// CHECK-DAG: llvm.func @upsample_v1_i64_bilinear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i1_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i1_nearest(
// CHECK-DAG: llvm.func @upsample_v7_i1_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i8_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i8_nearest(
// CHECK-DAG: llvm.func @upsample_v7_i8_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i8_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i8_linear(
// CHECK-DAG: llvm.func @upsample_v7_i8_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i16_nearest(
// CHECK-DAG: llvm.func @upsample_v7_i16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i16_linear(
// CHECK-DAG: llvm.func @upsample_v7_i16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i32_nearest(
// CHECK-DAG: llvm.func @upsample_v7_i32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i32_linear(
// CHECK-DAG: llvm.func @upsample_v7_i32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i64_nearest(
// CHECK-DAG: llvm.func @upsample_v7_i64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_i64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_i64_linear(
// CHECK-DAG: llvm.func @upsample_v7_i64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_ui8_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_ui8_nearest(
// CHECK-DAG: llvm.func @upsample_v7_ui8_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_ui8_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_ui8_linear(
// CHECK-DAG: llvm.func @upsample_v7_ui8_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_ui16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_ui16_nearest(
// CHECK-DAG: llvm.func @upsample_v7_ui16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_ui16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_ui16_linear(
// CHECK-DAG: llvm.func @upsample_v7_ui16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_ui32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_ui32_nearest(
// CHECK-DAG: llvm.func @upsample_v7_ui32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_ui32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_ui32_linear(
// CHECK-DAG: llvm.func @upsample_v7_ui32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_ui64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_ui64_nearest(
// CHECK-DAG: llvm.func @upsample_v7_ui64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_ui64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_ui64_linear(
// CHECK-DAG: llvm.func @upsample_v7_ui64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_f16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_f16_nearest(
// CHECK-DAG: llvm.func @upsample_v7_f16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_f16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_f16_linear(
// CHECK-DAG: llvm.func @upsample_v7_f16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_f32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_f32_nearest(
// CHECK-DAG: llvm.func @upsample_v7_f32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_f32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_f32_linear(
// CHECK-DAG: llvm.func @upsample_v7_f32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_f64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_f64_nearest(
// CHECK-DAG: llvm.func @upsample_v7_f64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_f64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_f64_linear(
// CHECK-DAG: llvm.func @upsample_v7_f64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_c64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_c64_nearest(
// CHECK-DAG: llvm.func @upsample_v7_c64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_c64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_c64_linear(
// CHECK-DAG: llvm.func @upsample_v7_c64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_c128_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_c128_nearest(
// CHECK-DAG: llvm.func @upsample_v7_c128_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v7_c128_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_c128_linear(
// CHECK-DAG: llvm.func @upsample_v7_c128_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v7_string_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v7_string_nearest(
// CHECK-DAG: llvm.func @upsample_v7_string_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i1_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i1_nearest(
// CHECK-DAG: llvm.func @upsample_v9_i1_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i8_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i8_nearest(
// CHECK-DAG: llvm.func @upsample_v9_i8_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i8_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i8_linear(
// CHECK-DAG: llvm.func @upsample_v9_i8_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i16_nearest(
// CHECK-DAG: llvm.func @upsample_v9_i16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i16_linear(
// CHECK-DAG: llvm.func @upsample_v9_i16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i32_nearest(
// CHECK-DAG: llvm.func @upsample_v9_i32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i32_linear(
// CHECK-DAG: llvm.func @upsample_v9_i32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i64_nearest(
// CHECK-DAG: llvm.func @upsample_v9_i64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_i64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_i64_linear(
// CHECK-DAG: llvm.func @upsample_v9_i64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_ui8_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_ui8_nearest(
// CHECK-DAG: llvm.func @upsample_v9_ui8_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_ui8_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_ui8_linear(
// CHECK-DAG: llvm.func @upsample_v9_ui8_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_ui16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_ui16_nearest(
// CHECK-DAG: llvm.func @upsample_v9_ui16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_ui16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_ui16_linear(
// CHECK-DAG: llvm.func @upsample_v9_ui16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_ui32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_ui32_nearest(
// CHECK-DAG: llvm.func @upsample_v9_ui32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_ui32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_ui32_linear(
// CHECK-DAG: llvm.func @upsample_v9_ui32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_ui64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_ui64_nearest(
// CHECK-DAG: llvm.func @upsample_v9_ui64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_ui64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_ui64_linear(
// CHECK-DAG: llvm.func @upsample_v9_ui64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_f16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_f16_nearest(
// CHECK-DAG: llvm.func @upsample_v9_f16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_f16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_f16_linear(
// CHECK-DAG: llvm.func @upsample_v9_f16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_f32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_f32_nearest(
// CHECK-DAG: llvm.func @upsample_v9_f32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_f32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_f32_linear(
// CHECK-DAG: llvm.func @upsample_v9_f32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_f64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_f64_nearest(
// CHECK-DAG: llvm.func @upsample_v9_f64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_f64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_f64_linear(
// CHECK-DAG: llvm.func @upsample_v9_f64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_c64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_c64_nearest(
// CHECK-DAG: llvm.func @upsample_v9_c64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_c64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_c64_linear(
// CHECK-DAG: llvm.func @upsample_v9_c64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_c128_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_c128_nearest(
// CHECK-DAG: llvm.func @upsample_v9_c128_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v9_c128_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_c128_linear(
// CHECK-DAG: llvm.func @upsample_v9_c128_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v9_string_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v9_string_nearest(
// CHECK-DAG: llvm.func @upsample_v9_string_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i1_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i1_nearest(
// CHECK-DAG: llvm.func @upsample_v10_i1_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i8_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i8_nearest(
// CHECK-DAG: llvm.func @upsample_v10_i8_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i8_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i8_linear(
// CHECK-DAG: llvm.func @upsample_v10_i8_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i16_nearest(
// CHECK-DAG: llvm.func @upsample_v10_i16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i16_linear(
// CHECK-DAG: llvm.func @upsample_v10_i16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i32_nearest(
// CHECK-DAG: llvm.func @upsample_v10_i32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i32_linear(
// CHECK-DAG: llvm.func @upsample_v10_i32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i64_nearest(
// CHECK-DAG: llvm.func @upsample_v10_i64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_i64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_i64_linear(
// CHECK-DAG: llvm.func @upsample_v10_i64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_ui8_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_ui8_nearest(
// CHECK-DAG: llvm.func @upsample_v10_ui8_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_ui8_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_ui8_linear(
// CHECK-DAG: llvm.func @upsample_v10_ui8_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_ui16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_ui16_nearest(
// CHECK-DAG: llvm.func @upsample_v10_ui16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_ui16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_ui16_linear(
// CHECK-DAG: llvm.func @upsample_v10_ui16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_ui32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_ui32_nearest(
// CHECK-DAG: llvm.func @upsample_v10_ui32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_ui32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_ui32_linear(
// CHECK-DAG: llvm.func @upsample_v10_ui32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_ui64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_ui64_nearest(
// CHECK-DAG: llvm.func @upsample_v10_ui64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_ui64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_ui64_linear(
// CHECK-DAG: llvm.func @upsample_v10_ui64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_f16_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_f16_nearest(
// CHECK-DAG: llvm.func @upsample_v10_f16_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_f16_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_f16_linear(
// CHECK-DAG: llvm.func @upsample_v10_f16_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_f32_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_f32_nearest(
// CHECK-DAG: llvm.func @upsample_v10_f32_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_f32_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_f32_linear(
// CHECK-DAG: llvm.func @upsample_v10_f32_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_f64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_f64_nearest(
// CHECK-DAG: llvm.func @upsample_v10_f64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_f64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_f64_linear(
// CHECK-DAG: llvm.func @upsample_v10_f64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_c64_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_c64_nearest(
// CHECK-DAG: llvm.func @upsample_v10_c64_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_c64_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_c64_linear(
// CHECK-DAG: llvm.func @upsample_v10_c64_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_c128_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_c128_nearest(
// CHECK-DAG: llvm.func @upsample_v10_c128_nearest_shapes(
// CHECK-DAG: llvm.func @upsample_v10_c128_linear(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_c128_linear(
// CHECK-DAG: llvm.func @upsample_v10_c128_linear_shapes(
// CHECK-DAG: llvm.func @upsample_v10_string_nearest(
// CHECK-DAG: llvm.func @_mlir_ciface_upsample_v10_string_nearest(
// CHECK-DAG: llvm.func @upsample_v10_string_nearest_shapes(

func.func @clip_v1_f16(%x: tensor<37xf16>) -> tensor<37xf16> {
  %0 = onnx.ClipV1 %x min 1.0 : tensor<37xf16>
  return %0 : tensor<37xf16>
}

func.func @clip_v1_f32(%x: tensor<37xf32>) -> tensor<37xf32> {
  %0 = onnx.ClipV1 %x min 1.0 : tensor<37xf32>
  return %0 : tensor<37xf32>
}

func.func @clip_v1_f64(%x: tensor<37xf64>) -> tensor<37xf64> {
  %0 = onnx.ClipV1 %x min 1.0 : tensor<37xf64>
  return %0 : tensor<37xf64>
}

func.func @clip_v6_f16(%x: tensor<37xf16>) -> tensor<37xf16> {
  %0 = onnx.ClipV6 %x min 1.0 : tensor<37xf16>
  return %0 : tensor<37xf16>
}

func.func @clip_v6_f32(%x: tensor<37xf32>) -> tensor<37xf32> {
  %0 = onnx.ClipV6 %x min 1.0 : tensor<37xf32>
  return %0 : tensor<37xf32>
}

func.func @clip_v6_f64(%x: tensor<37xf64>) -> tensor<37xf64> {
  %0 = onnx.ClipV6 %x min 1.0 : tensor<37xf64>
  return %0 : tensor<37xf64>
}

func.func @clip_v11_f16(%x: tensor<37xf16>, %lo: tensor<f16>) -> tensor<37xf16> {
  %0 = onnx.ClipV11 %x min(%lo : tensor<f16>) : tensor<37xf16>
  return %0 : tensor<37xf16>
}

func.func @clip_v11_f32(%x: tensor<37xf32>, %lo: tensor<f32>) -> tensor<37xf32> {
  %0 = onnx.ClipV11 %x min(%lo : tensor<f32>) : tensor<37xf32>
  return %0 : tensor<37xf32>
}

func.func @clip_v11_f64(%x: tensor<37xf64>, %lo: tensor<f64>) -> tensor<37xf64> {
  %0 = onnx.ClipV11 %x min(%lo : tensor<f64>) : tensor<37xf64>
  return %0 : tensor<37xf64>
}

func.func @clip_v12_f16(%x: tensor<37xf16>, %lo: tensor<f16>) -> tensor<37xf16> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<f16>) : tensor<37xf16>
  return %0 : tensor<37xf16>
}

func.func @clip_v12_f32(%x: tensor<37xf32>, %lo: tensor<f32>) -> tensor<37xf32> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<f32>) : tensor<37xf32>
  return %0 : tensor<37xf32>
}

func.func @clip_v12_f64(%x: tensor<37xf64>, %lo: tensor<f64>) -> tensor<37xf64> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<f64>) : tensor<37xf64>
  return %0 : tensor<37xf64>
}

func.func @clip_v12_i8(%x: tensor<37xi8>, %lo: tensor<i8>) -> tensor<37xi8> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<i8>) : tensor<37xi8>
  return %0 : tensor<37xi8>
}

func.func @clip_v12_i16(%x: tensor<37xi16>, %lo: tensor<i16>) -> tensor<37xi16> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<i16>) : tensor<37xi16>
  return %0 : tensor<37xi16>
}

func.func @clip_v12_i32(%x: tensor<37xi32>, %lo: tensor<i32>) -> tensor<37xi32> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<i32>) : tensor<37xi32>
  return %0 : tensor<37xi32>
}

func.func @clip_v12_i64(%x: tensor<37xi64>, %lo: tensor<i64>) -> tensor<37xi64> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<i64>) : tensor<37xi64>
  return %0 : tensor<37xi64>
}

func.func @clip_v12_ui8(%x: tensor<37xui8>, %lo: tensor<ui8>) -> tensor<37xui8> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<ui8>) : tensor<37xui8>
  return %0 : tensor<37xui8>
}

func.func @clip_v12_ui16(%x: tensor<37xui16>, %lo: tensor<ui16>) -> tensor<37xui16> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<ui16>) : tensor<37xui16>
  return %0 : tensor<37xui16>
}

func.func @clip_v12_ui32(%x: tensor<37xui32>, %lo: tensor<ui32>) -> tensor<37xui32> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<ui32>) : tensor<37xui32>
  return %0 : tensor<37xui32>
}

func.func @clip_v12_ui64(%x: tensor<37xui64>, %lo: tensor<ui64>) -> tensor<37xui64> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<ui64>) : tensor<37xui64>
  return %0 : tensor<37xui64>
}

func.func @clip_v13_f16(%x: tensor<37xf16>, %lo: tensor<f16>) -> tensor<37xf16> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<f16>) : tensor<37xf16>
  return %0 : tensor<37xf16>
}

func.func @clip_v13_f32(%x: tensor<37xf32>, %lo: tensor<f32>) -> tensor<37xf32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<f32>) : tensor<37xf32>
  return %0 : tensor<37xf32>
}

func.func @clip_v13_f64(%x: tensor<37xf64>, %lo: tensor<f64>) -> tensor<37xf64> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<f64>) : tensor<37xf64>
  return %0 : tensor<37xf64>
}

func.func @clip_v13_i8(%x: tensor<37xi8>, %lo: tensor<i8>) -> tensor<37xi8> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<i8>) : tensor<37xi8>
  return %0 : tensor<37xi8>
}

func.func @clip_v13_i16(%x: tensor<37xi16>, %lo: tensor<i16>) -> tensor<37xi16> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<i16>) : tensor<37xi16>
  return %0 : tensor<37xi16>
}

func.func @clip_v13_i32(%x: tensor<37xi32>, %lo: tensor<i32>) -> tensor<37xi32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<i32>) : tensor<37xi32>
  return %0 : tensor<37xi32>
}

func.func @clip_v13_i64(%x: tensor<37xi64>, %lo: tensor<i64>) -> tensor<37xi64> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<i64>) : tensor<37xi64>
  return %0 : tensor<37xi64>
}

func.func @clip_v13_ui8(%x: tensor<37xui8>, %lo: tensor<ui8>) -> tensor<37xui8> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<ui8>) : tensor<37xui8>
  return %0 : tensor<37xui8>
}

func.func @clip_v13_ui16(%x: tensor<37xui16>, %lo: tensor<ui16>) -> tensor<37xui16> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<ui16>) : tensor<37xui16>
  return %0 : tensor<37xui16>
}

func.func @clip_v13_ui32(%x: tensor<37xui32>, %lo: tensor<ui32>) -> tensor<37xui32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<ui32>) : tensor<37xui32>
  return %0 : tensor<37xui32>
}

func.func @clip_v13_ui64(%x: tensor<37xui64>, %lo: tensor<ui64>) -> tensor<37xui64> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<ui64>) : tensor<37xui64>
  return %0 : tensor<37xui64>
}

func.func @clip_v13_bf16(%x: tensor<37xbf16>, %lo: tensor<bf16>) -> tensor<37xbf16> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<bf16>) : tensor<37xbf16>
  return %0 : tensor<37xbf16>
}

func.func @upsample_v1_i1_nearest(%x: tensor<1x2x3x5xi1>) -> tensor<1x2x6x7xi1> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "nearest" : tensor<1x2x3x5xi1> -> tensor<1x2x6x7xi1>
  return %0 : tensor<1x2x6x7xi1>
}

func.func @upsample_v1_f16_nearest(%x: tensor<1x2x3x5xf16>) -> tensor<1x2x6x7xf16> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "nearest" : tensor<1x2x3x5xf16> -> tensor<1x2x6x7xf16>
  return %0 : tensor<1x2x6x7xf16>
}

func.func @upsample_v1_f16_bilinear(%x: tensor<1x2x3x5xf16>) -> tensor<1x2x6x7xf16> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "bilinear" : tensor<1x2x3x5xf16> -> tensor<1x2x6x7xf16>
  return %0 : tensor<1x2x6x7xf16>
}

func.func @upsample_v1_f32_nearest(%x: tensor<1x2x3x5xf32>) -> tensor<1x2x6x7xf32> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "nearest" : tensor<1x2x3x5xf32> -> tensor<1x2x6x7xf32>
  return %0 : tensor<1x2x6x7xf32>
}

func.func @upsample_v1_f32_bilinear(%x: tensor<1x2x3x5xf32>) -> tensor<1x2x6x7xf32> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "bilinear" : tensor<1x2x3x5xf32> -> tensor<1x2x6x7xf32>
  return %0 : tensor<1x2x6x7xf32>
}

func.func @upsample_v1_f64_nearest(%x: tensor<1x2x3x5xf64>) -> tensor<1x2x6x7xf64> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "nearest" : tensor<1x2x3x5xf64> -> tensor<1x2x6x7xf64>
  return %0 : tensor<1x2x6x7xf64>
}

func.func @upsample_v1_f64_bilinear(%x: tensor<1x2x3x5xf64>) -> tensor<1x2x6x7xf64> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "bilinear" : tensor<1x2x3x5xf64> -> tensor<1x2x6x7xf64>
  return %0 : tensor<1x2x6x7xf64>
}

func.func @upsample_v1_i32_nearest(%x: tensor<1x2x3x5xi32>) -> tensor<1x2x6x7xi32> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "nearest" : tensor<1x2x3x5xi32> -> tensor<1x2x6x7xi32>
  return %0 : tensor<1x2x6x7xi32>
}

func.func @upsample_v1_i32_bilinear(%x: tensor<1x2x3x5xi32>) -> tensor<1x2x6x7xi32> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "bilinear" : tensor<1x2x3x5xi32> -> tensor<1x2x6x7xi32>
  return %0 : tensor<1x2x6x7xi32>
}

func.func @upsample_v1_i64_nearest(%x: tensor<1x2x3x5xi64>) -> tensor<1x2x6x7xi64> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "nearest" : tensor<1x2x3x5xi64> -> tensor<1x2x6x7xi64>
  return %0 : tensor<1x2x6x7xi64>
}

func.func @upsample_v1_i64_bilinear(%x: tensor<1x2x3x5xi64>) -> tensor<1x2x6x7xi64> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 1.5 mode "bilinear" : tensor<1x2x3x5xi64> -> tensor<1x2x6x7xi64>
  return %0 : tensor<1x2x6x7xi64>
}

func.func @upsample_v7_i1_nearest(%x: tensor<3x5xi1>) -> tensor<6x7xi1> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xi1> -> tensor<6x7xi1>
  return %0 : tensor<6x7xi1>
}

func.func @upsample_v7_i8_nearest(%x: tensor<3x5xi8>) -> tensor<6x7xi8> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xi8> -> tensor<6x7xi8>
  return %0 : tensor<6x7xi8>
}

func.func @upsample_v7_i8_linear(%x: tensor<3x5xi8>) -> tensor<6x7xi8> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xi8> -> tensor<6x7xi8>
  return %0 : tensor<6x7xi8>
}

func.func @upsample_v7_i16_nearest(%x: tensor<3x5xi16>) -> tensor<6x7xi16> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xi16> -> tensor<6x7xi16>
  return %0 : tensor<6x7xi16>
}

func.func @upsample_v7_i16_linear(%x: tensor<3x5xi16>) -> tensor<6x7xi16> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xi16> -> tensor<6x7xi16>
  return %0 : tensor<6x7xi16>
}

func.func @upsample_v7_i32_nearest(%x: tensor<3x5xi32>) -> tensor<6x7xi32> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xi32> -> tensor<6x7xi32>
  return %0 : tensor<6x7xi32>
}

func.func @upsample_v7_i32_linear(%x: tensor<3x5xi32>) -> tensor<6x7xi32> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xi32> -> tensor<6x7xi32>
  return %0 : tensor<6x7xi32>
}

func.func @upsample_v7_i64_nearest(%x: tensor<3x5xi64>) -> tensor<6x7xi64> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xi64> -> tensor<6x7xi64>
  return %0 : tensor<6x7xi64>
}

func.func @upsample_v7_i64_linear(%x: tensor<3x5xi64>) -> tensor<6x7xi64> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xi64> -> tensor<6x7xi64>
  return %0 : tensor<6x7xi64>
}

func.func @upsample_v7_ui8_nearest(%x: tensor<3x5xui8>) -> tensor<6x7xui8> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xui8> -> tensor<6x7xui8>
  return %0 : tensor<6x7xui8>
}

func.func @upsample_v7_ui8_linear(%x: tensor<3x5xui8>) -> tensor<6x7xui8> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xui8> -> tensor<6x7xui8>
  return %0 : tensor<6x7xui8>
}

func.func @upsample_v7_ui16_nearest(%x: tensor<3x5xui16>) -> tensor<6x7xui16> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xui16> -> tensor<6x7xui16>
  return %0 : tensor<6x7xui16>
}

func.func @upsample_v7_ui16_linear(%x: tensor<3x5xui16>) -> tensor<6x7xui16> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xui16> -> tensor<6x7xui16>
  return %0 : tensor<6x7xui16>
}

func.func @upsample_v7_ui32_nearest(%x: tensor<3x5xui32>) -> tensor<6x7xui32> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xui32> -> tensor<6x7xui32>
  return %0 : tensor<6x7xui32>
}

func.func @upsample_v7_ui32_linear(%x: tensor<3x5xui32>) -> tensor<6x7xui32> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xui32> -> tensor<6x7xui32>
  return %0 : tensor<6x7xui32>
}

func.func @upsample_v7_ui64_nearest(%x: tensor<3x5xui64>) -> tensor<6x7xui64> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xui64> -> tensor<6x7xui64>
  return %0 : tensor<6x7xui64>
}

func.func @upsample_v7_ui64_linear(%x: tensor<3x5xui64>) -> tensor<6x7xui64> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xui64> -> tensor<6x7xui64>
  return %0 : tensor<6x7xui64>
}

func.func @upsample_v7_f16_nearest(%x: tensor<3x5xf16>) -> tensor<6x7xf16> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xf16> -> tensor<6x7xf16>
  return %0 : tensor<6x7xf16>
}

func.func @upsample_v7_f16_linear(%x: tensor<3x5xf16>) -> tensor<6x7xf16> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xf16> -> tensor<6x7xf16>
  return %0 : tensor<6x7xf16>
}

func.func @upsample_v7_f32_nearest(%x: tensor<3x5xf32>) -> tensor<6x7xf32> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xf32> -> tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}

func.func @upsample_v7_f32_linear(%x: tensor<3x5xf32>) -> tensor<6x7xf32> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xf32> -> tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}

func.func @upsample_v7_f64_nearest(%x: tensor<3x5xf64>) -> tensor<6x7xf64> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xf64> -> tensor<6x7xf64>
  return %0 : tensor<6x7xf64>
}

func.func @upsample_v7_f64_linear(%x: tensor<3x5xf64>) -> tensor<6x7xf64> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xf64> -> tensor<6x7xf64>
  return %0 : tensor<6x7xf64>
}

func.func @upsample_v7_c64_nearest(%x: tensor<3x5xcomplex<f32>>) -> tensor<6x7xcomplex<f32>> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xcomplex<f32>> -> tensor<6x7xcomplex<f32>>
  return %0 : tensor<6x7xcomplex<f32>>
}

func.func @upsample_v7_c64_linear(%x: tensor<3x5xcomplex<f32>>) -> tensor<6x7xcomplex<f32>> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xcomplex<f32>> -> tensor<6x7xcomplex<f32>>
  return %0 : tensor<6x7xcomplex<f32>>
}

func.func @upsample_v7_c128_nearest(%x: tensor<3x5xcomplex<f64>>) -> tensor<6x7xcomplex<f64>> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5xcomplex<f64>> -> tensor<6x7xcomplex<f64>>
  return %0 : tensor<6x7xcomplex<f64>>
}

func.func @upsample_v7_c128_linear(%x: tensor<3x5xcomplex<f64>>) -> tensor<6x7xcomplex<f64>> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "linear" : tensor<3x5xcomplex<f64>> -> tensor<6x7xcomplex<f64>>
  return %0 : tensor<6x7xcomplex<f64>>
}

func.func @upsample_v7_string_nearest(%x: tensor<3x5x!onnx.string>) -> tensor<6x7x!onnx.string> {
  %0 = onnx.UpsampleV7 %x scales [2.0, 1.5] mode "nearest" : tensor<3x5x!onnx.string> -> tensor<6x7x!onnx.string>
  return %0 : tensor<6x7x!onnx.string>
}

func.func @upsample_v9_i1_nearest(%x: tensor<3x5xi1>) -> tensor<6x7xi1> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xi1>, tensor<2xf32> -> tensor<6x7xi1>
  return %0 : tensor<6x7xi1>
}

func.func @upsample_v9_i8_nearest(%x: tensor<3x5xi8>) -> tensor<6x7xi8> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xi8>, tensor<2xf32> -> tensor<6x7xi8>
  return %0 : tensor<6x7xi8>
}

func.func @upsample_v9_i8_linear(%x: tensor<3x5xi8>) -> tensor<6x7xi8> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xi8>, tensor<2xf32> -> tensor<6x7xi8>
  return %0 : tensor<6x7xi8>
}

func.func @upsample_v9_i16_nearest(%x: tensor<3x5xi16>) -> tensor<6x7xi16> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xi16>, tensor<2xf32> -> tensor<6x7xi16>
  return %0 : tensor<6x7xi16>
}

func.func @upsample_v9_i16_linear(%x: tensor<3x5xi16>) -> tensor<6x7xi16> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xi16>, tensor<2xf32> -> tensor<6x7xi16>
  return %0 : tensor<6x7xi16>
}

func.func @upsample_v9_i32_nearest(%x: tensor<3x5xi32>) -> tensor<6x7xi32> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xi32>, tensor<2xf32> -> tensor<6x7xi32>
  return %0 : tensor<6x7xi32>
}

func.func @upsample_v9_i32_linear(%x: tensor<3x5xi32>) -> tensor<6x7xi32> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xi32>, tensor<2xf32> -> tensor<6x7xi32>
  return %0 : tensor<6x7xi32>
}

func.func @upsample_v9_i64_nearest(%x: tensor<3x5xi64>) -> tensor<6x7xi64> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xi64>, tensor<2xf32> -> tensor<6x7xi64>
  return %0 : tensor<6x7xi64>
}

func.func @upsample_v9_i64_linear(%x: tensor<3x5xi64>) -> tensor<6x7xi64> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xi64>, tensor<2xf32> -> tensor<6x7xi64>
  return %0 : tensor<6x7xi64>
}

func.func @upsample_v9_ui8_nearest(%x: tensor<3x5xui8>) -> tensor<6x7xui8> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xui8>, tensor<2xf32> -> tensor<6x7xui8>
  return %0 : tensor<6x7xui8>
}

func.func @upsample_v9_ui8_linear(%x: tensor<3x5xui8>) -> tensor<6x7xui8> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xui8>, tensor<2xf32> -> tensor<6x7xui8>
  return %0 : tensor<6x7xui8>
}

func.func @upsample_v9_ui16_nearest(%x: tensor<3x5xui16>) -> tensor<6x7xui16> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xui16>, tensor<2xf32> -> tensor<6x7xui16>
  return %0 : tensor<6x7xui16>
}

func.func @upsample_v9_ui16_linear(%x: tensor<3x5xui16>) -> tensor<6x7xui16> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xui16>, tensor<2xf32> -> tensor<6x7xui16>
  return %0 : tensor<6x7xui16>
}

func.func @upsample_v9_ui32_nearest(%x: tensor<3x5xui32>) -> tensor<6x7xui32> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xui32>, tensor<2xf32> -> tensor<6x7xui32>
  return %0 : tensor<6x7xui32>
}

func.func @upsample_v9_ui32_linear(%x: tensor<3x5xui32>) -> tensor<6x7xui32> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xui32>, tensor<2xf32> -> tensor<6x7xui32>
  return %0 : tensor<6x7xui32>
}

func.func @upsample_v9_ui64_nearest(%x: tensor<3x5xui64>) -> tensor<6x7xui64> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xui64>, tensor<2xf32> -> tensor<6x7xui64>
  return %0 : tensor<6x7xui64>
}

func.func @upsample_v9_ui64_linear(%x: tensor<3x5xui64>) -> tensor<6x7xui64> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xui64>, tensor<2xf32> -> tensor<6x7xui64>
  return %0 : tensor<6x7xui64>
}

func.func @upsample_v9_f16_nearest(%x: tensor<3x5xf16>) -> tensor<6x7xf16> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xf16>, tensor<2xf32> -> tensor<6x7xf16>
  return %0 : tensor<6x7xf16>
}

func.func @upsample_v9_f16_linear(%x: tensor<3x5xf16>) -> tensor<6x7xf16> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xf16>, tensor<2xf32> -> tensor<6x7xf16>
  return %0 : tensor<6x7xf16>
}

func.func @upsample_v9_f32_nearest(%x: tensor<3x5xf32>) -> tensor<6x7xf32> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xf32>, tensor<2xf32> -> tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}

func.func @upsample_v9_f32_linear(%x: tensor<3x5xf32>) -> tensor<6x7xf32> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xf32>, tensor<2xf32> -> tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}

func.func @upsample_v9_f64_nearest(%x: tensor<3x5xf64>) -> tensor<6x7xf64> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xf64>, tensor<2xf32> -> tensor<6x7xf64>
  return %0 : tensor<6x7xf64>
}

func.func @upsample_v9_f64_linear(%x: tensor<3x5xf64>) -> tensor<6x7xf64> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xf64>, tensor<2xf32> -> tensor<6x7xf64>
  return %0 : tensor<6x7xf64>
}

func.func @upsample_v9_c64_nearest(%x: tensor<3x5xcomplex<f32>>) -> tensor<6x7xcomplex<f32>> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xcomplex<f32>>, tensor<2xf32> -> tensor<6x7xcomplex<f32>>
  return %0 : tensor<6x7xcomplex<f32>>
}

func.func @upsample_v9_c64_linear(%x: tensor<3x5xcomplex<f32>>) -> tensor<6x7xcomplex<f32>> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xcomplex<f32>>, tensor<2xf32> -> tensor<6x7xcomplex<f32>>
  return %0 : tensor<6x7xcomplex<f32>>
}

func.func @upsample_v9_c128_nearest(%x: tensor<3x5xcomplex<f64>>) -> tensor<6x7xcomplex<f64>> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5xcomplex<f64>>, tensor<2xf32> -> tensor<6x7xcomplex<f64>>
  return %0 : tensor<6x7xcomplex<f64>>
}

func.func @upsample_v9_c128_linear(%x: tensor<3x5xcomplex<f64>>) -> tensor<6x7xcomplex<f64>> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "linear" : tensor<3x5xcomplex<f64>>, tensor<2xf32> -> tensor<6x7xcomplex<f64>>
  return %0 : tensor<6x7xcomplex<f64>>
}

func.func @upsample_v9_string_nearest(%x: tensor<3x5x!onnx.string>) -> tensor<6x7x!onnx.string> {
  %s = onnx.Constant dense<[2.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV9 %x, %s mode "nearest" : tensor<3x5x!onnx.string>, tensor<2xf32> -> tensor<6x7x!onnx.string>
  return %0 : tensor<6x7x!onnx.string>
}

func.func @upsample_v10_i1_nearest(%x: tensor<3x5xi1>, %s: tensor<2xf32>) -> tensor<?x?xi1> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xi1>, tensor<2xf32> -> tensor<?x?xi1>
  return %0 : tensor<?x?xi1>
}

func.func @upsample_v10_i8_nearest(%x: tensor<3x5xi8>, %s: tensor<2xf32>) -> tensor<?x?xi8> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xi8>, tensor<2xf32> -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}

func.func @upsample_v10_i8_linear(%x: tensor<3x5xi8>, %s: tensor<2xf32>) -> tensor<?x?xi8> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xi8>, tensor<2xf32> -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}

func.func @upsample_v10_i16_nearest(%x: tensor<3x5xi16>, %s: tensor<2xf32>) -> tensor<?x?xi16> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xi16>, tensor<2xf32> -> tensor<?x?xi16>
  return %0 : tensor<?x?xi16>
}

func.func @upsample_v10_i16_linear(%x: tensor<3x5xi16>, %s: tensor<2xf32>) -> tensor<?x?xi16> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xi16>, tensor<2xf32> -> tensor<?x?xi16>
  return %0 : tensor<?x?xi16>
}

func.func @upsample_v10_i32_nearest(%x: tensor<3x5xi32>, %s: tensor<2xf32>) -> tensor<?x?xi32> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xi32>, tensor<2xf32> -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

func.func @upsample_v10_i32_linear(%x: tensor<3x5xi32>, %s: tensor<2xf32>) -> tensor<?x?xi32> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xi32>, tensor<2xf32> -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

func.func @upsample_v10_i64_nearest(%x: tensor<3x5xi64>, %s: tensor<2xf32>) -> tensor<?x?xi64> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xi64>, tensor<2xf32> -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

func.func @upsample_v10_i64_linear(%x: tensor<3x5xi64>, %s: tensor<2xf32>) -> tensor<?x?xi64> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xi64>, tensor<2xf32> -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

func.func @upsample_v10_ui8_nearest(%x: tensor<3x5xui8>, %s: tensor<2xf32>) -> tensor<?x?xui8> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xui8>, tensor<2xf32> -> tensor<?x?xui8>
  return %0 : tensor<?x?xui8>
}

func.func @upsample_v10_ui8_linear(%x: tensor<3x5xui8>, %s: tensor<2xf32>) -> tensor<?x?xui8> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xui8>, tensor<2xf32> -> tensor<?x?xui8>
  return %0 : tensor<?x?xui8>
}

func.func @upsample_v10_ui16_nearest(%x: tensor<3x5xui16>, %s: tensor<2xf32>) -> tensor<?x?xui16> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xui16>, tensor<2xf32> -> tensor<?x?xui16>
  return %0 : tensor<?x?xui16>
}

func.func @upsample_v10_ui16_linear(%x: tensor<3x5xui16>, %s: tensor<2xf32>) -> tensor<?x?xui16> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xui16>, tensor<2xf32> -> tensor<?x?xui16>
  return %0 : tensor<?x?xui16>
}

func.func @upsample_v10_ui32_nearest(%x: tensor<3x5xui32>, %s: tensor<2xf32>) -> tensor<?x?xui32> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xui32>, tensor<2xf32> -> tensor<?x?xui32>
  return %0 : tensor<?x?xui32>
}

func.func @upsample_v10_ui32_linear(%x: tensor<3x5xui32>, %s: tensor<2xf32>) -> tensor<?x?xui32> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xui32>, tensor<2xf32> -> tensor<?x?xui32>
  return %0 : tensor<?x?xui32>
}

func.func @upsample_v10_ui64_nearest(%x: tensor<3x5xui64>, %s: tensor<2xf32>) -> tensor<?x?xui64> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xui64>, tensor<2xf32> -> tensor<?x?xui64>
  return %0 : tensor<?x?xui64>
}

func.func @upsample_v10_ui64_linear(%x: tensor<3x5xui64>, %s: tensor<2xf32>) -> tensor<?x?xui64> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xui64>, tensor<2xf32> -> tensor<?x?xui64>
  return %0 : tensor<?x?xui64>
}

func.func @upsample_v10_f16_nearest(%x: tensor<3x5xf16>, %s: tensor<2xf32>) -> tensor<?x?xf16> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xf16>, tensor<2xf32> -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}

func.func @upsample_v10_f16_linear(%x: tensor<3x5xf16>, %s: tensor<2xf32>) -> tensor<?x?xf16> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xf16>, tensor<2xf32> -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}

func.func @upsample_v10_f32_nearest(%x: tensor<3x5xf32>, %s: tensor<2xf32>) -> tensor<?x?xf32> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xf32>, tensor<2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @upsample_v10_f32_linear(%x: tensor<3x5xf32>, %s: tensor<2xf32>) -> tensor<?x?xf32> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xf32>, tensor<2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @upsample_v10_f64_nearest(%x: tensor<3x5xf64>, %s: tensor<2xf32>) -> tensor<?x?xf64> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xf64>, tensor<2xf32> -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

func.func @upsample_v10_f64_linear(%x: tensor<3x5xf64>, %s: tensor<2xf32>) -> tensor<?x?xf64> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xf64>, tensor<2xf32> -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

func.func @upsample_v10_c64_nearest(%x: tensor<3x5xcomplex<f32>>, %s: tensor<2xf32>) -> tensor<?x?xcomplex<f32>> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xcomplex<f32>>, tensor<2xf32> -> tensor<?x?xcomplex<f32>>
  return %0 : tensor<?x?xcomplex<f32>>
}

func.func @upsample_v10_c64_linear(%x: tensor<3x5xcomplex<f32>>, %s: tensor<2xf32>) -> tensor<?x?xcomplex<f32>> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xcomplex<f32>>, tensor<2xf32> -> tensor<?x?xcomplex<f32>>
  return %0 : tensor<?x?xcomplex<f32>>
}

func.func @upsample_v10_c128_nearest(%x: tensor<3x5xcomplex<f64>>, %s: tensor<2xf32>) -> tensor<?x?xcomplex<f64>> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5xcomplex<f64>>, tensor<2xf32> -> tensor<?x?xcomplex<f64>>
  return %0 : tensor<?x?xcomplex<f64>>
}

func.func @upsample_v10_c128_linear(%x: tensor<3x5xcomplex<f64>>, %s: tensor<2xf32>) -> tensor<?x?xcomplex<f64>> {
  %0 = onnx.UpsampleV10 %x, %s mode "linear" : tensor<3x5xcomplex<f64>>, tensor<2xf32> -> tensor<?x?xcomplex<f64>>
  return %0 : tensor<?x?xcomplex<f64>>
}

func.func @upsample_v10_string_nearest(%x: tensor<3x5x!onnx.string>, %s: tensor<2xf32>) -> tensor<?x?x!onnx.string> {
  %0 = onnx.UpsampleV10 %x, %s mode "nearest" : tensor<3x5x!onnx.string>, tensor<2xf32> -> tensor<?x?x!onnx.string>
  return %0 : tensor<?x?x!onnx.string>
}
