// RUN: onnx-opt %s -onnx-order-globals -split-input-file | FileCheck %s

// Constants move to the top in the order of their first use and take
// their type's name, suffixed by how many of that name came before; other
// globals keep their names and places.
// CHECK-LABEL: module
// CHECK-NEXT:    memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[3.000000e+00, 4.000000e+00]>
// CHECK-NEXT:    memref.global "private" constant @__constant_2xf32_0 : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-NEXT:    memref.global "private" constant @__constant_3xi64 : memref<3xi64> = dense<[5, 6, 7]>
// CHECK-NEXT:    memref.global "private" constant @__constant_2xf32_1 : memref<2xf32> = dense<0.000000e+00>
// CHECK-NEXT:    memref.global "private" @state : memref<2xf32>
// CHECK:         func.func @first
// CHECK-NEXT:      memref.get_global @__constant_2xf32 : memref<2xf32>
// CHECK-NEXT:      memref.get_global @__constant_2xf32_0 : memref<2xf32>
// CHECK:         func.func @second
// CHECK-NEXT:      memref.get_global @__constant_3xi64 : memref<3xi64>
// CHECK-NEXT:      memref.get_global @__constant_2xf32 : memref<2xf32>
module {
  memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[1.0, 2.0]>
  memref.global "private" @state : memref<2xf32>
  memref.global "private" constant @__constant_2xf32_0 : memref<2xf32> = dense<[3.0, 4.0]>
  memref.global "private" constant @__constant_2xf32_1 : memref<2xf32> = dense<0.0>
  memref.global "private" constant @__constant_3xi64 : memref<3xi64> = dense<[5, 6, 7]>
  func.func @first() -> (memref<2xf32>, memref<2xf32>) {
    %0 = memref.get_global @__constant_2xf32_0 : memref<2xf32>
    %1 = memref.get_global @__constant_2xf32 : memref<2xf32>
    return %0, %1 : memref<2xf32>, memref<2xf32>
  }
  func.func @second() -> (memref<3xi64>, memref<2xf32>) {
    %0 = memref.get_global @__constant_3xi64 : memref<3xi64>
    %1 = memref.get_global @__constant_2xf32_0 : memref<2xf32>
    return %0, %1 : memref<3xi64>, memref<2xf32>
  }
}
