// RUN: onnx-opt %s -convert-onnx-to-linalg -canonicalize -split-input-file | FileCheck %s

// Constant integer scales, nearest: a broadcast into the output viewed as
// [N, C, H, 2, W, 2], no per-element index computation.
// CHECK-DAG:   #[[BCAST:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4)>
// CHECK-DAG:   #[[ID6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func @nearest_x2
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x4x5xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<1x3x8x10xf32>
// CHECK:         %[[V:.*]] = tensor.expand_shape %[[E]] {{\[\[}}0], [1], [2, 3], [4, 5]] output_shape [1, 3, 4, 2, 5, 2]
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[BCAST]], #[[ID6]]]{{.*}} ins(%[[X]] : tensor<1x3x4x5xf32>) outs(%[[V]] : tensor<1x3x4x2x5x2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         tensor.collapse_shape %[[G]] {{\[\[}}0], [1], [2, 3], [4, 5]] : tensor<1x3x4x2x5x2xf32> into tensor<1x3x8x10xf32>
func.func @nearest_x2(%x: tensor<1x3x4x5xf32>) -> tensor<1x3x8x10xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<1x3x4x5xf32>, tensor<4xf32> -> tensor<1x3x8x10xf32>
  return %0 : tensor<1x3x8x10xf32>
}

// -----

// Non-integer constant scales: index tables computed at compile time,
// min(trunc(float32(o) / 1.5), n - 1), as i32 since n fits, then a gather.
// The axis with scale 1 needs no table.
// CHECK:       #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @nearest_fraction
// CHECK-SAME:    (%[[X:.*]]: tensor<4x3xi8>)
// CHECK:         %[[T:.*]] = arith.constant dense<[0, 0, 1, 2, 2, 3]> : tensor<6xi32>
// CHECK:         linalg.generic {indexing_maps = [#[[ROW]], #{{.*}}]{{.*}} ins(%[[T]] : tensor<6xi32>) outs(%{{.*}} : tensor<6x3xi8>)
// CHECK-NEXT:    ^bb0(%[[T0:.*]]: i32, %{{.*}}: i8):
// CHECK-NEXT:      %[[I:.*]] = arith.index_cast %[[T0]] : i32 to index
// CHECK-NEXT:      %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[V:.*]] = tensor.extract %[[X]][%[[I]], %[[J]]] : tensor<4x3xi8>
// CHECK-NEXT:      linalg.yield %[[V]] : i8
func.func @nearest_fraction(%x: tensor<4x3xi8>) -> tensor<6x3xi8> {
  %s = onnx.Constant dense<[1.5, 1.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<4x3xi8>, tensor<2xf32> -> tensor<6x3xi8>
  return %0 : tensor<6x3xi8>
}

// -----

// float32 rounding matters: 10 * 1.3f = 13.0000005 gives 13 outputs, and
// o / 1.3f truncates as float32 does.
// CHECK-LABEL: func @nearest_float32_rounding
// CHECK:         arith.constant dense<[0, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9]> : tensor<13xi32>
func.func @nearest_float32_rounding(%x: tensor<10xf32>) -> tensor<13xf32> {
  %s = onnx.Constant dense<[1.3]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<10xf32>, tensor<1xf32> -> tensor<13xf32>
  return %0 : tensor<13xf32>
}

// -----

// Axes longer than 65536 outputs get their tables computed at run time from
// the constant scale, rather than megabytes of constants.
// CHECK-LABEL: func @nearest_long_axis
// CHECK-NOT:     arith.constant dense
// CHECK:         %[[S:.*]] = arith.constant 1.500000e+00 : f32
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<75000xi32>)
// CHECK:           arith.divf %{{.*}}, %[[S]] : f32
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<75000xf32>)
func.func @nearest_long_axis(%x: tensor<50000xf32>) -> tensor<75000xf32> {
  %s = onnx.Constant dense<[1.5]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<50000xf32>, tensor<1xf32> -> tensor<75000xf32>
  return %0 : tensor<75000xf32>
}

// -----

// Run-time scales: output lengths trunc(float32(n) * s) and index tables
// built once per call (i32 where the input length is known to fit); a scale
// of 1 maps o to o exactly.
// CHECK-LABEL: func @nearest_runtime
// CHECK-SAME:    (%[[X:.*]]: tensor<2x?xf32>, %[[S:.*]]: tensor<2xf32>) -> tensor<?x?xf32>
// CHECK:         tensor.extract %[[S]][%{{.*}}] : tensor<2xf32>
// CHECK:         %[[S1:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xf32>
// CHECK-NEXT:    %[[D1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<2x?xf32>
// CHECK:         %[[I64:.*]] = arith.index_cast %[[D1]] : index to i64
// CHECK:         %[[N:.*]] = arith.sitofp %[[I64]] : i64 to f32
// CHECK:         %[[P:.*]] = arith.mulf %[[N]], %[[S1]] : f32
// CHECK:         arith.fptosi %[[P]] : f32 to i64
// CHECK:         %[[S0:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xf32>
// CHECK:         %[[ONE:.*]] = arith.cmpf oeq, %[[S0]], %{{.*}} : f32
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<?xi32>)
// CHECK:           %[[O:.*]] = linalg.index 0 : index
// CHECK:           %[[Q:.*]] = arith.divf %{{.*}}, %[[S0]] : f32
// CHECK:           %[[I:.*]] = arith.minsi
// CHECK:           %[[SEL:.*]] = arith.select %[[ONE]], %[[O]], %[[I]] : index
// CHECK:           arith.index_cast %[[SEL]] : index to i32
// The axis of unknown length keeps index tables.
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<?xindex>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<?x?xf32>)
// CHECK:           tensor.extract %[[X]][%{{.*}}, %{{.*}}] : tensor<2x?xf32>
func.func @nearest_runtime(%x: tensor<2x?xf32>, %s: tensor<2xf32>) -> tensor<?x?xf32> {
  %0 = onnx.UpsampleV10 %x, %s : tensor<2x?xf32>, tensor<2xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Linear with constant integer factors: the interior (outputs whose taps
// along H are i, i + 1) is a generic over (i, r, j, p). H is a stencil: X
// rows i and i + 1, the H weights repeating with period 2 and read at the
// remainder r alone (constants of the loops over i). The innermost axis W
// is computed by phases p over every input column j, the last included, so
// that each output row is one loop: the taps are X[j] and, through a
// table, X[min(j + 1, 2)]; phase 1 weighs them 0.5 and 0.5 everywhere (a
// constant), phase 0 1 and 0 but 0.5 and 0.5 at the last column (tables);
// the phase selects its sum. The corners are summed in lexicographic
// order, weight products first, in float32, exactly as docs/semantics.md
// writes it. The weights are zeros and powers of two, so every term is
// exact: it may contract with its sum into a fused multiply-add, which
// then rounds the same (short of subnormal terms).
// CHECK-DAG:   #[[XMAP:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
// CHECK-DAG:   #[[JMAP:.*]] = affine_map<(d0, d1, d2, d3) -> (d2)>
// CHECK-DAG:   #[[HMAP:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func @linear_x2
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG:     %[[J1:.*]] = arith.constant dense<[1, 2, 2]> : tensor<3xi32>
// CHECK-DAG:     %[[P0W0:.*]] = arith.constant dense<[1.000000e+00, 1.000000e+00, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG:     %[[P0W1:.*]] = arith.constant dense<[0.000000e+00, 0.000000e+00, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG:     %[[HW0:.*]] = arith.constant dense<[1.000000e+00, 5.000000e-01]> : tensor<2xf32>
// CHECK-DAG:     %[[HW1:.*]] = arith.constant dense<[0.000000e+00, 5.000000e-01]> : tensor<2xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x6xf32>
// CHECK:         %[[IN:.*]] = tensor.extract_slice %[[E]][0, 0] [2, 6] [1, 1]
// CHECK:         %[[VIEW:.*]] = tensor.expand_shape %[[IN]] {{\[\[}}0, 1], [2, 3]] output_shape [1, 2, 3, 2]
// CHECK:         %[[ROW0:.*]] = tensor.extract_slice %[[X]][0, 0] [1, 3] [1, 1]
// CHECK:         %[[ROW1:.*]] = tensor.extract_slice %[[X]][1, 0] [1, 3] [1, 1]
// CHECK:         %[[INTERIOR:.*]] = linalg.generic {indexing_maps = [#[[XMAP]], #[[XMAP]], #[[JMAP]], #[[HMAP]], #[[HMAP]], #[[JMAP]], #[[JMAP]], #{{.*}}]{{.*}} ins(%[[ROW0]], %[[ROW1]], %[[J1]], %[[HW0]], %[[HW1]], %[[P0W0]], %[[P0W1]] : {{.*}} outs(%[[VIEW]] : tensor<1x2x3x2xf32>)
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %[[C:.*]]: f32, %[[T1:.*]]: i32, %[[H0:.*]]: f32, %[[H1:.*]]: f32, %[[W0:.*]]: f32, %[[W1:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[PHASE:.*]] = linalg.index 3 : index
// Phase 1: constant weights.
// CHECK-NEXT:      %[[U00:.*]] = arith.mulf %[[H0]], %[[HALF]] : f32
// CHECK-NEXT:      %[[U00A:.*]] = arith.mulf %[[U00]], %[[A]] fastmath<contract> : f32
// CHECK-NEXT:      %[[U01:.*]] = arith.mulf %[[H0]], %[[HALF]] : f32
// CHECK-NEXT:      %[[B1:.*]] = arith.index_cast %[[T1]] : i32 to index
// CHECK-NEXT:      %[[B:.*]] = tensor.extract %[[X]][%[[C0]], %[[B1]]]
// CHECK-NEXT:      %[[U01B:.*]] = arith.mulf %[[U01]], %[[B]] fastmath<contract> : f32
// CHECK-NEXT:      %[[U1:.*]] = arith.addf %[[U00A]], %[[U01B]] fastmath<contract> : f32
// CHECK-NEXT:      %[[U10:.*]] = arith.mulf %[[H1]], %[[HALF]] : f32
// CHECK-NEXT:      %[[U10C:.*]] = arith.mulf %[[U10]], %[[C]] fastmath<contract> : f32
// CHECK-NEXT:      %[[U2:.*]] = arith.addf %[[U1]], %[[U10C]] fastmath<contract> : f32
// CHECK-NEXT:      %[[U11:.*]] = arith.mulf %[[H1]], %[[HALF]] : f32
// CHECK-NEXT:      %[[B3:.*]] = arith.index_cast %[[T1]] : i32 to index
// CHECK-NEXT:      %[[D:.*]] = tensor.extract %[[X]][%[[C1]], %[[B3]]]
// CHECK-NEXT:      %[[U11D:.*]] = arith.mulf %[[U11]], %[[D]] fastmath<contract> : f32
// CHECK-NEXT:      %[[ODD:.*]] = arith.addf %[[U2]], %[[U11D]] fastmath<contract> : f32
// Phase 0: the weights from the tables.
// CHECK-NEXT:      %[[V00:.*]] = arith.mulf %[[H0]], %[[W0]] : f32
// CHECK-NEXT:      %[[V00A:.*]] = arith.mulf %[[V00]], %[[A]] fastmath<contract> : f32
// CHECK-NEXT:      %[[V01:.*]] = arith.mulf %[[H0]], %[[W1]] : f32
// CHECK:           %[[V01B:.*]] = arith.mulf %[[V01]], %{{.*}} fastmath<contract> : f32
// CHECK-NEXT:      %[[V1:.*]] = arith.addf %[[V00A]], %[[V01B]] fastmath<contract> : f32
// CHECK-NEXT:      %[[V10:.*]] = arith.mulf %[[H1]], %[[W0]] : f32
// CHECK-NEXT:      %[[V10C:.*]] = arith.mulf %[[V10]], %[[C]] fastmath<contract> : f32
// CHECK-NEXT:      %[[V2:.*]] = arith.addf %[[V1]], %[[V10C]] fastmath<contract> : f32
// CHECK-NEXT:      %[[V11:.*]] = arith.mulf %[[H1]], %[[W1]] : f32
// CHECK:           %[[V11D:.*]] = arith.mulf %[[V11]], %{{.*}} fastmath<contract> : f32
// CHECK-NEXT:      %[[EVEN:.*]] = arith.addf %[[V2]], %[[V11D]] fastmath<contract> : f32
// CHECK-NEXT:      %[[IS_EVEN:.*]] = arith.cmpi eq, %[[PHASE]], %[[C0]] : index
// CHECK-NEXT:      %[[Y:.*]] = arith.select %[[IS_EVEN]], %[[EVEN]], %[[ODD]] : f32
// CHECK-NEXT:      linalg.yield %[[Y]] : f32
// CHECK:         %[[COLLAPSED:.*]] = tensor.collapse_shape %[[INTERIOR]]
// CHECK:         %[[R1:.*]] = tensor.insert_slice %[[COLLAPSED]] into %[[E]][0, 0] [2, 6] [1, 1]
// The slab of the last input row, from the tables; no column slab.
// CHECK:         %[[ROWS:.*]] = tensor.extract_slice %[[R1]][2, 0] [2, 6] [1, 1]
// CHECK:         %[[G1:.*]] = linalg.generic {{.*}} outs(%[[ROWS]] : tensor<2x6xf32>)
// CHECK:           tensor.extract %[[X]]
// CHECK:         %[[R2:.*]] = tensor.insert_slice %[[G1]] into %[[R1]][2, 0] [2, 6] [1, 1]
// CHECK-NEXT:    return %[[R2]]
func.func @linear_x2(%x: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x3xf32>, tensor<2xf32> -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// A factor of 4 there has four phases. The weights of phases 0, 1 and 3
// differ at the last input (0.5 and 0.5 there): input-length tables; phase
// 2's are 0.5 and 0.5 everywhere: constants. The phases are selected
// from the last.
// CHECK-LABEL: func @linear_x4
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG:     %[[Q1:.*]] = arith.constant dense<[2.500000e-01, 2.500000e-01, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG:     %[[Q3:.*]] = arith.constant dense<[7.500000e-01, 7.500000e-01, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<[0.000000e+00, 0.000000e+00, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant dense<[1.000000e+00, 1.000000e+00, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG:     %[[SECOND:.*]] = arith.constant dense<[1, 2, 2]> : tensor<3xi32>
// CHECK:         tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [2, 3, 4] : tensor<2x12xf32> into tensor<2x3x4xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[X]], %[[SECOND]], %[[ONE]], %[[ZERO]], %[[Q3]], %[[Q1]], %[[Q1]], %[[Q3]] :
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %{{.*}}: i32, %[[P0W0:.*]]: f32, %[[P0W1:.*]]: f32, %[[P1W0:.*]]: f32, %[[P1W1:.*]]: f32, %[[P3W0:.*]]: f32, %[[P3W1:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[PHASE:.*]] = linalg.index 2 : index
// CHECK:           arith.mulf %[[P3W0]], %[[A]]
// CHECK:           %[[SUM3:.*]] = arith.addf
// CHECK:           arith.mulf %[[A]], %[[HALF]]
// CHECK:           %[[SUM2:.*]] = arith.addf
// CHECK-NEXT:      %[[IS2:.*]] = arith.cmpi eq, %[[PHASE]], %[[C2]] : index
// CHECK-NEXT:      %[[S2:.*]] = arith.select %[[IS2]], %[[SUM2]], %[[SUM3]] : f32
// CHECK:           arith.mulf %[[P1W0]], %[[A]]
// CHECK:           %[[SUM1:.*]] = arith.addf
// CHECK-NEXT:      %[[IS1:.*]] = arith.cmpi eq, %[[PHASE]], %[[C1]] : index
// CHECK-NEXT:      %[[S1:.*]] = arith.select %[[IS1]], %[[SUM1]], %[[S2]] : f32
// CHECK:           arith.mulf %[[P0W0]], %[[A]]
// CHECK:           %[[SUM0:.*]] = arith.addf
// CHECK-NEXT:      %[[IS0:.*]] = arith.cmpi eq, %[[PHASE]], %[[C0]] : index
// CHECK-NEXT:      %[[Y:.*]] = arith.select %[[IS0]], %[[SUM0]], %[[S1]] : f32
// CHECK-NEXT:      linalg.yield %[[Y]] : f32
// CHECK-NOT:     linalg.generic
func.func @linear_x4(%x: tensor<2x3xf32>) -> tensor<2x12xf32> {
  %s = onnx.Constant dense<[1.0, 4.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x3xf32>, tensor<2xf32> -> tensor<2x12xf32>
  return %0 : tensor<2x12xf32>
}

// Other factors along the innermost axis read it through its tap and
// weight tables over the whole output row: X is gathered in the body. At
// x3, float32(o) / 3 gives each phase different weights at different
// inputs; x8 has too many phases.
// CHECK-LABEL: func @linear_x3
// CHECK-DAG:     %[[J0:.*]] = arith.constant dense<[0, 0, 0, 1, 1, 1, 2, 2, 2]> : tensor<9xi32>
// CHECK-DAG:     %[[J1:.*]] = arith.constant dense<[1, 1, 1, 2, 2, 2, 2, 2, 2]> : tensor<9xi32>
// CHECK:         linalg.generic {{.*}} ins(%[[J0]], %[[J1]], %{{.*}}, %{{.*}} : tensor<9xi32>, tensor<9xi32>, tensor<9xf32>, tensor<9xf32>) outs(%{{.*}} : tensor<2x9xf32>)
// CHECK:           tensor.extract %{{.*}} : tensor<2x3xf32>
// CHECK:           tensor.extract %{{.*}} : tensor<2x3xf32>
// CHECK-NOT:     linalg.generic
func.func @linear_x3(%x: tensor<2x3xf32>) -> tensor<2x9xf32> {
  %s = onnx.Constant dense<[1.0, 3.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x3xf32>, tensor<2xf32> -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}
// CHECK-LABEL: func @linear_x8
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<24xi32>, tensor<24xi32>, tensor<24xf32>, tensor<24xf32>) outs(%{{.*}} : tensor<2x24xf32>)
// CHECK-NOT:     linalg.generic
func.func @linear_x8(%x: tensor<2x3xf32>) -> tensor<2x24xf32> {
  %s = onnx.Constant dense<[1.0, 8.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x3xf32>, tensor<2xf32> -> tensor<2x24xf32>
  return %0 : tensor<2x24xf32>
}

// -----

// Non-integer factors: per-axis tap and weight tables (computed at compile
// time, in float32: w0 = 1 - float32(1 / 1.5), not float32(1 / 3)) and X
// gathered at the corners, same sum.
// CHECK-LABEL: func @linear_fraction
// CHECK-SAME:    (%[[X:.*]]: tensor<2x4xf32>)
// CHECK-DAG:     %[[I0:.*]] = arith.constant dense<[0, 0, 1]> : tensor<3xi32>
// CHECK-DAG:     %[[I1:.*]] = arith.constant dense<1> : tensor<3xi32>
// CHECK-DAG:     %[[W0:.*]] = arith.constant dense<[1.000000e+00, 0.333333313, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG:     %[[W1:.*]] = arith.constant dense<[0.000000e+00, 0.666666686, 5.000000e-01]> : tensor<3xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[I0]], %[[I1]], %[[W0]], %[[W1]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK-NEXT:    ^bb0(%[[T0:.*]]: i32, %[[T1:.*]]: i32, %[[AW0:.*]]: f32, %[[AW1:.*]]: f32, %[[U0:.*]]: i32, %[[U1:.*]]: i32, %[[BW0:.*]]: f32, %[[BW1:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG:       %[[A0:.*]] = arith.index_cast %[[T0]] : i32 to index
// CHECK-DAG:       %[[A1:.*]] = arith.index_cast %[[T1]] : i32 to index
// CHECK-DAG:       %[[B0:.*]] = arith.index_cast %[[U0]] : i32 to index
// CHECK-DAG:       %[[B1:.*]] = arith.index_cast %[[U1]] : i32 to index
// CHECK:           %[[W00:.*]] = arith.mulf %[[AW0]], %[[BW0]] : f32
// CHECK:           %[[X00:.*]] = tensor.extract %[[X]][%[[A0]], %[[B0]]]
// CHECK:           %[[T00:.*]] = arith.mulf %[[W00]], %[[X00]] : f32
// CHECK:           %[[X01:.*]] = tensor.extract %[[X]][%[[A0]], %[[B1]]]
// CHECK:           %[[S01:.*]] = arith.addf %[[T00]], %{{.*}} : f32
// CHECK:           %[[X10:.*]] = tensor.extract %[[X]][%[[A1]], %[[B0]]]
// CHECK:           %[[S10:.*]] = arith.addf %[[S01]], %{{.*}} : f32
// CHECK:           %[[X11:.*]] = tensor.extract %[[X]][%[[A1]], %[[B1]]]
// CHECK:           %[[S11:.*]] = arith.addf %[[S10]], %{{.*}} : f32
// CHECK:           linalg.yield %[[S11]] : f32
func.func @linear_fraction(%x: tensor<2x4xf32>) -> tensor<3x6xf32> {
  %s = onnx.Constant dense<[1.5, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x4xf32>, tensor<2xf32> -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

// An axis with scale 1 is a copy: only the other axis is interpolated.
// Integers are interpolated in float32 and truncated; unsigned ones convert
// as unsigned.
// CHECK-LABEL: func @linear_ui16
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i16):
// CHECK:           %[[ROW:.*]] = linalg.index 0 : index
// CHECK:           arith.uitofp %{{.*}} : i16 to f32
// CHECK:           arith.uitofp %{{.*}} : i16 to f32
// CHECK:           %[[R:.*]] = arith.fptoui %{{.*}} : f32 to i16
// CHECK-NEXT:      linalg.yield %[[R]] : i16
func.func @linear_ui16(%x: tensor<3x4xui16>) -> tensor<3x6xui16> {
  %s = onnx.Constant dense<[1.0, 1.5]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<3x4xui16>, tensor<2xf32> -> tensor<3x6xui16>
  return %0 : tensor<3x6xui16>
}

// -----

// 8-bit integers with weights 0 and powers of two: 16-bit fixed point, each
// weight scaled by 2 per axis and the sum divided toward zero (as the
// float32 conversion truncates); unsigned ones extend and divide unsigned.
// CHECK-LABEL: func @linear_x2_rows_i8
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i16
// CHECK-DAG:     arith.constant dense<[2, 1]> : tensor<2xi16>
// CHECK-DAG:     arith.constant dense<[0, 1]> : tensor<2xi16>
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[W0:.*]]: i16, %[[W1:.*]]: i16, %{{.*}}: i8):
// CHECK-NEXT:      %[[WA:.*]] = arith.extsi %[[A]] : i8 to i16
// CHECK-NEXT:      %[[TA:.*]] = arith.muli %[[W0]], %[[WA]] : i16
// CHECK-NEXT:      %[[WB:.*]] = arith.extsi %[[B]] : i8 to i16
// CHECK-NEXT:      %[[TB:.*]] = arith.muli %[[W1]], %[[WB]] : i16
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[TA]], %[[TB]] : i16
// CHECK-NEXT:      %[[Q:.*]] = arith.divsi %[[SUM]], %[[TWO]] : i16
// CHECK-NEXT:      %[[R:.*]] = arith.trunci %[[Q]] : i16 to i8
// CHECK-NEXT:      linalg.yield %[[R]] : i8
func.func @linear_x2_rows_i8(%x: tensor<2x3xi8>) -> tensor<4x3xi8> {
  %s = onnx.Constant dense<[2.0, 1.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x3xi8>, tensor<2xf32> -> tensor<4x3xi8>
  return %0 : tensor<4x3xi8>
}

// A scale of 4 gives the weights 1, 3/4, 1/2 and 1/4: dyadic fractions, so
// 8-bit integers still sum exactly in fixed point, each weight scaled by 4
// (two fraction bits); the last row's clamped taps weigh 1/2 each.
// CHECK-LABEL: func @linear_x4_rows_ui8
// CHECK-DAG:     %[[FOUR:.*]] = arith.constant 4 : i16
// CHECK-DAG:     arith.constant dense<[4, 3, 2, 1, 2, 2, 2, 2]> : tensor<8xi16>
// CHECK-DAG:     arith.constant dense<[0, 1, 2, 3, 2, 2, 2, 2]> : tensor<8xi16>
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[W0:.*]]: i16, %[[W1:.*]]: i16, %{{.*}}: i8):
// CHECK-NEXT:      %[[WA:.*]] = arith.extui %[[A]] : i8 to i16
// CHECK-NEXT:      %[[TA:.*]] = arith.muli %[[W0]], %[[WA]] : i16
// CHECK-NEXT:      %[[WB:.*]] = arith.extui %[[B]] : i8 to i16
// CHECK-NEXT:      %[[TB:.*]] = arith.muli %[[W1]], %[[WB]] : i16
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[TA]], %[[TB]] : i16
// CHECK-NEXT:      %[[Q:.*]] = arith.divui %[[SUM]], %[[FOUR]] : i16
// CHECK-NEXT:      %[[R:.*]] = arith.trunci %[[Q]] : i16 to i8
// CHECK-NEXT:      linalg.yield %[[R]] : i8
func.func @linear_x4_rows_ui8(%x: tensor<2x3xui8>) -> tensor<8x3xui8> {
  %s = onnx.Constant dense<[4.0, 1.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x3xui8>, tensor<2xf32> -> tensor<8x3xui8>
  return %0 : tensor<8x3xui8>
}

// x2 along the innermost axis in fixed point: one loop over each input
// element and its two phases, the whole row long. The first tap is X[j],
// the second X[min(j + 1, 2)] through a table; each phase sums its corners
// with the phase's weights as constants (phase 0: 2 and 0, its zero terms
// folded; phase 1: 1 and 1), and the phase selects its sum.
// CHECK-LABEL: func @linear_x2_i8
// CHECK-DAG:     %[[FOUR:.*]] = arith.constant 4 : i16
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i16
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[SECOND:.*]] = arith.constant dense<[1, 2, 2]> : tensor<3xi32>
// CHECK:         tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] output_shape [1, 2, 3, 2] : tensor<2x6xi8> into tensor<1x2x3x2xi8>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %{{.*}}, %[[SECOND]], %{{.*}}, %{{.*}} : tensor<1x3xi8>, tensor<1x3xi8>, tensor<3xi32>, tensor<2xi16>, tensor<2xi16>)
// CHECK-NEXT:    ^bb0(%[[X00:.*]]: i8, %[[X10:.*]]: i8, %[[TAP:.*]]: i32, %[[H0:.*]]: i16, %[[H1:.*]]: i16, %{{.*}}: i8):
// CHECK-NEXT:      %[[PHASE:.*]] = linalg.index 3 : index
// CHECK:           %[[J1:.*]] = arith.index_cast %[[TAP]] : i32 to index
// CHECK-NEXT:      tensor.extract %{{.*}}[%{{.*}}, %[[J1]]] : tensor<2x3xi8>
// CHECK:           %[[ODD:.*]] = arith.divsi %{{.*}}, %[[FOUR]] : i16
// CHECK-NEXT:      %[[ODD8:.*]] = arith.trunci %[[ODD]] : i16 to i8
// CHECK-NEXT:      %[[H0W:.*]] = arith.muli %[[H0]], %[[TWO]] : i16
// CHECK-NEXT:      %[[A:.*]] = arith.extsi %[[X00]] : i8 to i16
// CHECK-NEXT:      %[[TA:.*]] = arith.muli %[[H0W]], %[[A]] : i16
// CHECK-NEXT:      %[[H1W:.*]] = arith.muli %[[H1]], %[[TWO]] : i16
// CHECK-NEXT:      %[[B:.*]] = arith.extsi %[[X10]] : i8 to i16
// CHECK-NEXT:      %[[TB:.*]] = arith.muli %[[H1W]], %[[B]] : i16
// CHECK-NEXT:      %[[EVEN_SUM:.*]] = arith.addi %[[TA]], %[[TB]] : i16
// CHECK-NEXT:      %[[EVEN:.*]] = arith.divsi %[[EVEN_SUM]], %[[FOUR]] : i16
// CHECK-NEXT:      %[[EVEN8:.*]] = arith.trunci %[[EVEN]] : i16 to i8
// CHECK-NEXT:      %[[IS_EVEN:.*]] = arith.cmpi eq, %[[PHASE]], %[[ZERO]] : index
// CHECK-NEXT:      %[[Y:.*]] = arith.select %[[IS_EVEN]], %[[EVEN8]], %[[ODD8]] : i8
// CHECK-NEXT:      linalg.yield %[[Y]] : i8
func.func @linear_x2_i8(%x: tensor<2x3xi8>) -> tensor<4x6xi8> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x3xi8>, tensor<2xf32> -> tensor<4x6xi8>
  return %0 : tensor<4x6xi8>
}
// CHECK-LABEL: func @linear_x2_ui8
// CHECK:           arith.extui %{{.*}} : i8 to i16
// CHECK:           arith.divui %{{.*}}, %{{.*}} : i16
func.func @linear_x2_ui8(%x: tensor<5xui8>) -> tensor<10xui8> {
  %s = onnx.Constant dense<[2.0]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<5xui8>, tensor<1xf32> -> tensor<10xui8>
  return %0 : tensor<10xui8>
}
// Weights that are no dyadic fractions (thirds, x3), 16-bit elements, or
// sums too large for 16 bits (x2 on 8 axes: up to 255 * 2^8): float32.
// Integers there are finite and the truncated sum has no sign of zero:
// the arithmetic says so (no NaN, no infinity, no signed zeros), so that a
// term whose weight folds to 0 can go. Floats keep every term (0 * inf).
// CHECK-LABEL: func @linear_x3_i8
// CHECK-NOT:       arith.divsi
// CHECK:           %[[A:.*]] = arith.sitofp %{{.*}} : i8 to f32
// CHECK:           %[[WA:.*]] = arith.mulf %{{.*}}, %[[A]] fastmath<nnan,ninf,nsz> : f32
// CHECK:           %[[B:.*]] = arith.sitofp %{{.*}} : i8 to f32
// CHECK:           %[[WB:.*]] = arith.mulf %{{.*}}, %[[B]] fastmath<nnan,ninf,nsz> : f32
// CHECK:           %[[SUM:.*]] = arith.addf %[[WA]], %[[WB]] fastmath<nnan,ninf,nsz> : f32
// CHECK:           arith.fptosi %[[SUM]] : f32 to i8
func.func @linear_x3_i8(%x: tensor<5xi8>) -> tensor<15xi8> {
  %s = onnx.Constant dense<[3.0]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<5xi8>, tensor<1xf32> -> tensor<15xi8>
  return %0 : tensor<15xi8>
}
// CHECK-LABEL: func @linear_x2_i16
// CHECK-NOT:       arith.divsi
// CHECK:           arith.sitofp %{{.*}} : i16 to f32
func.func @linear_x2_i16(%x: tensor<5xi16>) -> tensor<10xi16> {
  %s = onnx.Constant dense<[2.0]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<5xi16>, tensor<1xf32> -> tensor<10xi16>
  return %0 : tensor<10xi16>
}
// CHECK-LABEL: func @linear_x2_8_axes_ui8
// CHECK-NOT:       arith.divui
// CHECK:           arith.uitofp %{{.*}} : i8 to f32
func.func @linear_x2_8_axes_ui8(%x: tensor<1x1x1x1x1x1x1x3xui8>) -> tensor<2x2x2x2x2x2x2x6xui8> {
  %s = onnx.Constant dense<2.0> : tensor<8xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<1x1x1x1x1x1x1x3xui8>, tensor<8xf32> -> tensor<2x2x2x2x2x2x2x6xui8>
  return %0 : tensor<2x2x2x2x2x2x2x6xui8>
}

// -----

// f16 computes in float32, rounded back; f64 computes in f64, with weights
// from the float32 coordinates.
// CHECK-LABEL: func @linear_f16
// CHECK-NOT:       fastmath
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK-NOT:       fastmath
// CHECK:           arith.truncf %{{.*}} : f32 to f16
func.func @linear_f16(%x: tensor<3xf16>) -> tensor<7xf16> {
  %s = onnx.Constant dense<[2.5]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<3xf16>, tensor<1xf32> -> tensor<7xf16>
  return %0 : tensor<7xf16>
}
// CHECK-LABEL: func @linear_f64
// CHECK:         arith.constant dense<{{.*}}> : tensor<5xf64>
// CHECK:           arith.mulf %{{.*}}, %{{.*}} : f64
func.func @linear_f64(%x: tensor<2xf64>) -> tensor<5xf64> {
  %s = onnx.Constant dense<[2.5]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2xf64>, tensor<1xf32> -> tensor<5xf64>
  return %0 : tensor<5xf64>
}

// -----

// Complex: real and imaginary parts interpolated separately.
// CHECK-LABEL: func @linear_complex
// CHECK:           complex.re
// CHECK:           complex.im
// CHECK:           complex.create %{{.*}}, %{{.*}} : complex<f64>
func.func @linear_complex(%x: tensor<3xcomplex<f64>>) -> tensor<6xcomplex<f64>> {
  %s = onnx.Constant dense<[2.0]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<3xcomplex<f64>>, tensor<1xf32> -> tensor<6xcomplex<f64>>
  return %0 : tensor<6xcomplex<f64>>
}

// -----

// Run-time scales, linear: every axis gets tables, and a corner taking the
// second tap of an axis whose scale is 1 is masked out.
// CHECK-LABEL: func @linear_runtime
// CHECK:         %[[NOT1:.*]] = arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK:         linalg.generic
// CHECK-NOT:       fastmath
// CHECK:           %[[SUM:.*]] = arith.addf
// CHECK-NEXT:      %[[Y:.*]] = arith.select %[[NOT1]], %[[SUM]], %{{.*}} : f32
// CHECK-NEXT:      linalg.yield %[[Y]] : f32
func.func @linear_runtime(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<4xf32>, tensor<1xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// 32-bit integers, which float32 rounds beyond 2^24: where every run-time
// scale is 1, the output is X itself, read at the output's position; the
// read takes the first taps otherwise, so that it stays in bounds.
// CHECK-LABEL: func @linear_runtime_i32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x4xi32>
// CHECK-DAG:     %[[TWO31:.*]] = arith.constant 2.14748365E+9 : f32
// CHECK-DAG:     %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG:     %[[MINUS_TWO31:.*]] = arith.constant -2.14748365E+9 : f32
// CHECK-DAG:     %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG:     %[[ROWS:.*]] = arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK-DAG:     %[[COLUMNS:.*]] = arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK:         %[[ANY:.*]] = arith.ori %[[ROWS]], %[[COLUMNS]] : i1
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[I0:.*]]: i32, %{{.*}}: i32, %{{.*}}: f32, %{{.*}}: f32, %[[J0:.*]]: i32, %{{.*}}: i32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i32):
// CHECK-DAG:       %[[ROW:.*]] = linalg.index 0 : index
// CHECK-DAG:       %[[COLUMN:.*]] = linalg.index 1 : index
// CHECK-DAG:       %[[TAP_ROW:.*]] = arith.index_cast %[[I0]] : i32 to index
// CHECK-DAG:       %[[TAP_COLUMN:.*]] = arith.index_cast %[[J0]] : i32 to index
// A sum that float32 rounded up to 2^31 is int32's largest value, one
// below -2^31 its smallest.
// CHECK:           %[[CONVERTED:.*]] = arith.fptosi %[[F:.*]] : f32 to i32
// CHECK-NEXT:      %[[OVER:.*]] = arith.cmpf oge, %[[F]], %[[TWO31]] : f32
// CHECK-NEXT:      %[[HIGH:.*]] = arith.select %[[OVER]], %[[MAX]], %[[CONVERTED]] : i32
// CHECK-NEXT:      %[[UNDER:.*]] = arith.cmpf olt, %[[F]], %[[MINUS_TWO31]] : f32
// CHECK-NEXT:      %[[SUM:.*]] = arith.select %[[UNDER]], %[[MIN]], %[[HIGH]] : i32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[ANY]], %[[TAP_ROW]], %[[ROW]] : index
// CHECK-NEXT:      %[[C:.*]] = arith.select %[[ANY]], %[[TAP_COLUMN]], %[[COLUMN]] : index
// CHECK-NEXT:      %[[COPY:.*]] = tensor.extract %[[X]][%[[R]], %[[C]]] : tensor<2x4xi32>
// CHECK-NEXT:      %[[Y:.*]] = arith.select %[[ANY]], %[[SUM]], %[[COPY]] : i32
// CHECK-NEXT:      linalg.yield %[[Y]] : i32
func.func @linear_runtime_i32(%x: tensor<2x4xi32>, %s: tensor<2xf32>) -> tensor<?x?xi32> {
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x4xi32>, tensor<2xf32> -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

// Strings are pointers (i64) gathered like any other element; booleans are
// bytes; all scales 1 is the input itself.
// CHECK-LABEL: func @nearest_string
// CHECK-SAME:    (%[[X:.*]]: tensor<2xi64>) -> tensor<3xi64>
// CHECK:           tensor.extract %[[X]][%{{.*}}] : tensor<2xi64>
func.func @nearest_string(%x: tensor<2x!onnx.string>) -> tensor<3x!onnx.string> {
  %s = onnx.Constant dense<[1.5]> : tensor<1xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<2x!onnx.string>, tensor<1xf32> -> tensor<3x!onnx.string>
  return %0 : tensor<3x!onnx.string>
}
// CHECK-LABEL: func @nearest_bool
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xi8>) outs(%{{.*}} : tensor<2x2x3xi8>)
func.func @nearest_bool(%x: tensor<2x3xi1>) -> tensor<4x3xi1> {
  %s = onnx.Constant dense<[2.0, 1.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<2x3xi1>, tensor<2xf32> -> tensor<4x3xi1>
  return %0 : tensor<4x3xi1>
}
// CHECK-LABEL: func @identity
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:    return %[[X]]
func.func @identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = onnx.Constant dense<[1.0, 1.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x3xf32>, tensor<2xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A factor of 3 does not divide exactly in float32 (4 / 3 - 1 is not 1 / 3),
// so the interior's H weights stay tables read at (i, r); the W tables are
// read whole. Weights such as 1 / 3 make inexact terms: no contraction.
// CHECK-DAG:   #[[HMAP:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[WMAP:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func @linear_x3
// CHECK:         linalg.generic {indexing_maps = [#[[WMAP]], #[[WMAP]], #[[HMAP]], #[[HMAP]], #[[WMAP]], #[[WMAP]], #{{.*}}]
// CHECK-NOT:     fastmath
// CHECK:         return
func.func @linear_x3(%x: tensor<3x3xf32>) -> tensor<9x9xf32> {
  %s = onnx.Constant dense<[3.0, 3.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<3x3xf32>, tensor<2xf32> -> tensor<9x9xf32>
  return %0 : tensor<9x9xf32>
}

// -----

// Output rows longer than onnx-specialize-gathers unrolls (514 > 512): the
// innermost axis stays a stencil too, computed by phases over all but the
// last input. The interior reads the four corners as X shifted by 0 or 1
// and selects the sum of the phase, then the slabs of the last input row
// and of the last input column come from the tables.
// CHECK-LABEL: func @linear_long_rows
// CHECK-SAME:    (%[[X:.*]]: tensor<2x257xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x514xf32>
// CHECK:         tensor.extract_slice %[[E]][0, 0] [2, 512] [1, 1]
// CHECK-DAG:     tensor.extract_slice %[[X]][0, 0] [1, 256] [1, 1]
// CHECK-DAG:     tensor.extract_slice %[[X]][0, 1] [1, 256] [1, 1]
// CHECK-DAG:     tensor.extract_slice %[[X]][1, 0] [1, 256] [1, 1]
// CHECK-DAG:     tensor.extract_slice %[[X]][1, 1] [1, 256] [1, 1]
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x256x2xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      %[[PHASE:.*]] = linalg.index 3 : index
// CHECK-NOT:       tensor.extract %[[X]]
// CHECK:           %[[IS_EVEN:.*]] = arith.cmpi eq, %[[PHASE]], %{{.*}} : index
// CHECK-NEXT:      arith.select %[[IS_EVEN]], %{{.*}}, %{{.*}} : f32
// CHECK:         tensor.insert_slice %{{.*}} into %[[E]][0, 0] [2, 512] [1, 1]
// CHECK:         outs(%{{.*}} : tensor<2x514xf32>)
// CHECK:         tensor.insert_slice %{{.*}}[2, 0] [2, 514] [1, 1]
// CHECK:         outs(%{{.*}} : tensor<2x2xf32>)
// CHECK:         tensor.insert_slice %{{.*}}[0, 512] [2, 2] [1, 1]
func.func @linear_long_rows(%x: tensor<2x257xf32>) -> tensor<4x514xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x257xf32>, tensor<2xf32> -> tensor<4x514xf32>
  return %0 : tensor<4x514xf32>
}

// -----

// The limits themselves: an f32 row of exactly 512 outputs is computed by
// phases over its 256 inputs (the second taps extracted in the body); for
// 64-bit elements the limit is 256 (128-bit vectors unroll it too), so a
// 258-output f64 row is a stencil (its last column a slab) and a
// 256-output one is computed by phases.
// CHECK-LABEL: func @linear_row_512
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x256x2xf32>)
// CHECK:           tensor.extract %{{.*}} : tensor<2x256xf32>
// CHECK-LABEL: func @linear_row_258_f64
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x128x2xf64>)
// CHECK-NOT:       tensor.extract %{{.*}} : tensor<2x129xf64>
// CHECK:         tensor.insert_slice
// CHECK-LABEL: func @linear_row_256_f64
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x128x2xf64>)
// CHECK:           tensor.extract %{{.*}} : tensor<2x128xf64>
func.func @linear_row_512(%x: tensor<2x256xf32>) -> tensor<4x512xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x256xf32>, tensor<2xf32> -> tensor<4x512xf32>
  return %0 : tensor<4x512xf32>
}
func.func @linear_row_258_f64(%x: tensor<2x129xf64>) -> tensor<4x258xf64> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x129xf64>, tensor<2xf32> -> tensor<4x258xf64>
  return %0 : tensor<4x258xf64>
}
func.func @linear_row_256_f64(%x: tensor<2x128xf64>) -> tensor<4x256xf64> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<2x128xf64>, tensor<2xf32> -> tensor<4x256xf64>
  return %0 : tensor<4x256xf64>
}

// -----

// Only an outer axis interpolated (the innermost one is a copy): a stencil
// of two row slices of X and the slab of the last input row.
// CHECK-LABEL: func @linear_rows_only
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4xf32>)
// CHECK-DAG:     tensor.extract_slice %[[X]][0, 0] [2, 4] [1, 1]
// CHECK-DAG:     tensor.extract_slice %[[X]][1, 0] [2, 4] [1, 1]
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x2x4xf32>)
// CHECK-SAME:    {
// CHECK-NOT:       tensor.extract %[[X]]
// CHECK:           arith.mulf {{.*}} fastmath<contract> : f32
// CHECK:         tensor.insert_slice %{{.*}}[4, 0] [2, 4] [1, 1]
func.func @linear_rows_only(%x: tensor<3x4xf32>) -> tensor<6x4xf32> {
  %s = onnx.Constant dense<[2.0, 1.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<3x4xf32>, tensor<2xf32> -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
