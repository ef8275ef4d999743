// RUN: onnx-opt %s -onnx-shuffle-bf16-as-integers | FileCheck %s

// A bfloat16 shuffle moves i16 lanes between bitcasts.
// CHECK-LABEL: llvm.func @bf16_tail
// CHECK-SAME:    (%[[A:.*]]: vector<17xbf16>, %[[B:.*]]: vector<17xbf16>)
// CHECK:         %[[AI:.*]] = llvm.bitcast %[[A]] : vector<17xbf16> to vector<17xi16>
// CHECK:         %[[BI:.*]] = llvm.bitcast %[[B]] : vector<17xbf16> to vector<17xi16>
// CHECK:         %[[S:.*]] = llvm.shufflevector %[[AI]], %[[BI]] [0, 17, 1, 18, 16] : vector<17xi16>
// CHECK:         %[[R:.*]] = llvm.bitcast %[[S]] : vector<5xi16> to vector<5xbf16>
// CHECK:         llvm.return %[[R]]
llvm.func @bf16_tail(%a: vector<17xbf16>, %b: vector<17xbf16>) -> vector<5xbf16> {
  %0 = llvm.shufflevector %a, %b [0, 17, 1, 18, 16] : vector<17xbf16>
  llvm.return %0 : vector<5xbf16>
}

// Other element types keep their shuffles.
// CHECK-LABEL: llvm.func @f16_and_f32
// CHECK-NOT:     llvm.bitcast
// CHECK:         llvm.shufflevector %{{.*}}, %{{.*}} [0, 2] : vector<4xf16>
// CHECK:         llvm.shufflevector %{{.*}}, %{{.*}} [1, 3] : vector<4xf32>
llvm.func @f16_and_f32(%a: vector<4xf16>, %b: vector<4xf32>) -> vector<2xf16> {
  %0 = llvm.shufflevector %a, %a [0, 2] : vector<4xf16>
  %1 = llvm.shufflevector %b, %b [1, 3] : vector<4xf32>
  llvm.return %0 : vector<2xf16>
}
