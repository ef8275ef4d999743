// RUN: onnx-opt %s -onnx-move-bf16-as-integers | FileCheck %s

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

// A bfloat16 gather, masked load and masked store move i16 lanes.
// CHECK-LABEL: llvm.func @bf16_gather_and_masked
// CHECK-SAME:    (%[[P:.*]]: vector<4x!llvm.ptr>, %[[Q:.*]]: !llvm.ptr, %[[M:.*]]: vector<4xi1>, %[[T:.*]]: vector<4xbf16>)
// CHECK:         %[[TI:.*]] = llvm.bitcast %[[T]] : vector<4xbf16> to vector<4xi16>
// CHECK:         %[[G:.*]] = llvm.intr.masked.gather %[[P]], %[[M]], %[[TI]] {{.*}} -> vector<4xi16>
// CHECK:         %[[GB:.*]] = llvm.bitcast %[[G]] : vector<4xi16> to vector<4xbf16>
// CHECK:         %[[GI:.*]] = llvm.bitcast %[[GB]] : vector<4xbf16> to vector<4xi16>
// CHECK:         %[[L:.*]] = llvm.intr.masked.load %[[Q]], %[[M]], %[[GI]] {{.*}} -> vector<4xi16>
// CHECK:         %[[LB:.*]] = llvm.bitcast %[[L]] : vector<4xi16> to vector<4xbf16>
// CHECK:         %[[LI:.*]] = llvm.bitcast %[[LB]] : vector<4xbf16> to vector<4xi16>
// CHECK:         llvm.intr.masked.store %[[LI]], %[[Q]], %[[M]] {{.*}} : vector<4xi16>, vector<4xi1> into !llvm.ptr
llvm.func @bf16_gather_and_masked(%p: vector<4x!llvm.ptr>, %q: !llvm.ptr, %m: vector<4xi1>, %t: vector<4xbf16>) {
  %g = llvm.intr.masked.gather %p, %m, %t {alignment = 2 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xbf16>) -> vector<4xbf16>
  %l = llvm.intr.masked.load %q, %m, %g {alignment = 2 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xbf16>) -> vector<4xbf16>
  llvm.intr.masked.store %l, %q, %m {alignment = 2 : i32} : vector<4xbf16>, vector<4xi1> into !llvm.ptr
  llvm.return
}

// A float32 gather is left alone.
// CHECK-LABEL: llvm.func @f32_gather
// CHECK-NOT:     llvm.bitcast
llvm.func @f32_gather(%p: vector<4x!llvm.ptr>, %m: vector<4xi1>, %t: vector<4xf32>) -> vector<4xf32> {
  %g = llvm.intr.masked.gather %p, %m, %t {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  llvm.return %g : vector<4xf32>
}
