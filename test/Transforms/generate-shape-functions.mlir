// RUN: onnx-opt %s -onnx-generate-shape-functions -split-input-file -verify-diagnostics | FileCheck %s

// Static shapes and constant scales: the dimensions are constants and there
// is nothing to check at run time. The last entry, the workspace size, is -1
// until onnx-plan-memory plans the kernel.
// CHECK-LABEL: func @static
// CHECK-SAME:    attributes {onnx.shape_function = @static_shapes}
// CHECK-LABEL: func @static_shapes
// CHECK-SAME:    (%{{.*}}: tensor<1x1x2x2xf32> {onnx.name = "X"}) -> (i32, tensor<5xi64>)
// CHECK-SAME:    attributes {onnx.checks = []}
// CHECK-DAG:     %[[DIMS:.*]] = arith.constant dense<[1, 1, 4, 6, -1]> : tensor<5xi64>
// CHECK-DAG:     %[[OK:.*]] = arith.constant 0 : i32
// CHECK:         return %[[OK]], %[[DIMS]] : i32, tensor<5xi64>
func.func @static(%x: tensor<1x1x2x2xf32> {onnx.name = "X"}) -> tensor<1x1x4x6xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x6xf32>
  return %0 : tensor<1x1x4x6xf32>
}

// -----

// A Clip bound of dynamic shape must hold one element: the function returns
// 1 (the first check) otherwise, and the dimensions of the result otherwise.
// CHECK-LABEL: func @clip_dynamic_bound_shapes
// CHECK-SAME:    attributes {onnx.checks = ["Clip node 'c': bound 'min' must hold exactly one element"]}
// The check guards no read: it only decides the status.
// CHECK-DAG:     %[[FAILED:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[OK:.*]] = arith.constant 0 : i32
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK:         %[[ONE:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK-NOT:     scf.if
// CHECK:         %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK:         %[[D64:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK:         %[[STATUS:.*]] = arith.select %[[ONE]], %[[OK]], %[[FAILED]] : i32
// CHECK:         %[[DIMS:.*]] = tensor.from_elements %[[D64]], %{{.*}} : tensor<2xi64>
// CHECK:         return %[[STATUS]], %[[DIMS]]
func.func @clip_dynamic_bound(%x: tensor<?xf32>, %lo: tensor<?xf32>) -> tensor<?xf32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<?xf32>) : tensor<?xf32> loc("c")
  return %0 : tensor<?xf32>
}

// -----

// Run-time scales: the count is checked before any scale is read, then the
// values, then the lengths; every dimension the model declares is checked.
// CHECK-LABEL: func @upsample_runtime_shapes
// CHECK-SAME:    onnx.checks = ["Upsample node 'u': scales must hold one value per input dimension (2)", "Upsample node 'u': scales must be finite and >= 1", "Upsample node 'u': an output dimension is too large", "Upsample node 'u': output dimension 0 is declared as 4, but the scales give another length"]
// Only the count guards code, the reads of the scales; the other checks
// select the status of the first that fails.
// CHECK:         %[[COUNT:.*]] = tensor.dim %[[S:.*]], %{{.*}} : tensor<?xf32>
// CHECK:         %[[RIGHT:.*]] = arith.cmpi eq, %[[COUNT]], %{{.*}} : index
// CHECK:         %[[R:.*]]:4 = scf.if %[[RIGHT]] -> (i32, i64, i64, i64)
// CHECK-NOT:     scf.if
// CHECK:           tensor.extract %[[S]]
// CHECK:           arith.cmpf oge
// CHECK:           arith.cmpf ole
// CHECK:           arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK:           scf.yield
// CHECK:         } else {
// CHECK:           scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i64, i64, i64
// CHECK:         tensor.from_elements %[[R]]#1, %[[R]]#2, %[[R]]#3 : tensor<3xi64>
// CHECK:         return %[[R]]#0
func.func @upsample_runtime(%x: tensor<2x?xf32>, %s: tensor<?xf32>) -> tensor<4x?xf32> {
  %0 = onnx.UpsampleV10 %x, %s : tensor<2x?xf32>, tensor<?xf32> -> tensor<4x?xf32> loc("u")
  return %0 : tensor<4x?xf32>
}

// -----

// Chained ops: the dimensions of the result are those of the Upsample,
// computed from the arguments once the Clip in between is seen through.
// CHECK-LABEL: func @chained_shapes
// CHECK-NOT:     onnx.ClipV13
// CHECK-NOT:     onnx.UpsampleV10
// CHECK:         tensor.dim %{{.*}}, %{{.*}} : tensor<?x3xi8>
// CHECK:         return
func.func @chained(%x: tensor<?x3xi8>) -> tensor<?x6xi8> {
  %0 = onnx.ClipV13 %x : tensor<?x3xi8>
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %1 = onnx.UpsampleV10 %0, %s : tensor<?x3xi8>, tensor<2xf32> -> tensor<?x6xi8>
  return %1 : tensor<?x6xi8>
}

// -----

func.func @not_upgraded(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{has no shape function of its own; run -onnx-upgrade-ops first}}
  %0 = onnx.ClipV6 %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Messages name the node as the importer's location says: "#3" is the
// unnamed node 3; in a fused location (an op folded from several), the
// node's name wins over a tagged initializer's.
// CHECK-LABEL: func @unnamed_node_shapes
// CHECK-SAME:    onnx.checks = ["Clip node #3: bound 'min' must hold exactly one element"]
func.func @unnamed_node(%x: tensor<?xf32>, %lo: tensor<?xf32>) -> tensor<?xf32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<?xf32>) : tensor<?xf32> loc("#3")
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func @fused_with_initializer_shapes
// CHECK-SAME:    onnx.checks = ["Clip node 'c': bound 'min' must hold exactly one element"]
func.func @fused_with_initializer(%x: tensor<?xf32>, %lo: tensor<?xf32>) -> tensor<?xf32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<?xf32>) : tensor<?xf32> loc(fused["c", fused<"onnx.initializer">["w"]])
  return %0 : tensor<?xf32>
}

// -----

// Resize with run-time scales of dynamic length: their count, their values,
// the lengths they give and the declared static dimension are checked in
// that order.
// CHECK-LABEL: func @resize_runtime_shapes
// CHECK-SAME:    attributes {onnx.checks = ["Resize node 'r': 'scales' must hold 2 values", "Resize node 'r': scales must be finite and > 0", "Resize node 'r': an output dimension is too large", "Resize node 'r': the output shape differs from the one the model declares"]}
// CHECK:         tensor.dim %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK:         scf.if
// CHECK-NOT:     scf.if
// CHECK:           arith.cmpf ogt
// CHECK:           math.floor
func.func @resize_runtime(%x: tensor<1x?xf32> {onnx.name = "X"}, %s: tensor<?xf32> {onnx.name = "scales"}) -> tensor<1x?xf32> {
  %0 = onnx.ResizeV19 %x scales(%s : tensor<?xf32>) {mode = #onnx.resize_mode<linear>} : tensor<1x?xf32> -> tensor<1x?xf32> loc("r")
  return %0 : tensor<1x?xf32>
}

// -----

// Run-time sizes: at least zero, an output that memory can hold (its
// element count saturated past 2^62 bytes), and none for an empty input axis.
// CHECK-LABEL: func @resize_sizes_shapes
// CHECK-SAME:    attributes {onnx.checks = ["Resize node 's': sizes must be >= 0", "Resize node 's': an output dimension is too large", "Resize node 's': an empty input dimension cannot be resized to a non-empty one"]}
// CHECK:         arith.cmpi sle, %{{.*}}, %c1152921504606846976
func.func @resize_sizes(%x: tensor<?xf32> {onnx.name = "X"}, %n: tensor<1xi64> {onnx.name = "sizes"}) -> tensor<?xf32> {
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<1xi64>) : tensor<?xf32> -> tensor<?xf32> loc("s")
  return %0 : tensor<?xf32>
}

// -----

// A chain on a symbolic dimension: each op's output sizes are computed once,
// from the previous op's, and read by its checks and the next op; no check
// guards a read, so nothing nests. (Each check used to follow the whole
// chain before it again, inside an scf.if of its own: time quadratic in the
// chain's length.)
// CHECK-LABEL: func @dynamic_chain_shapes
// CHECK-NOT:     scf.if
// CHECK-NOT:     tensor.dim %{{[0-9]+}},
// CHECK-COUNT-8: arith.mulf
// CHECK-NOT:     arith.mulf
// CHECK:         return
func.func @dynamic_chain(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %s = onnx.Constant dense<[1.5, 1.0]> : tensor<2xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<?x4xf32>, tensor<2xf32> -> tensor<?x4xf32>
  %1 = onnx.UpsampleV10 %0, %s : tensor<?x4xf32>, tensor<2xf32> -> tensor<?x4xf32>
  %2 = onnx.UpsampleV10 %1, %s : tensor<?x4xf32>, tensor<2xf32> -> tensor<?x4xf32>
  %3 = onnx.UpsampleV10 %2, %s : tensor<?x4xf32>, tensor<2xf32> -> tensor<?x4xf32>
  return %3 : tensor<?x4xf32>
}

// -----

// Data ops on run-time dimensions: the lowering broadcasts only dimensions
// of 1 known at compile time, so an Add's run-time dimensions must equal
// each other, and a Concat's inputs must agree off its axis.
// CHECK-LABEL: func @neck_shapes
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xf32> {{.*}}, %[[L:.*]]: tensor<?x3xf32> {{.*}}, %[[S:.*]]: tensor<?x2xf32>
// CHECK-SAME:    onnx.checks = ["Add node 'a': the inputs' dimensions differ (onnxc broadcasts only dimensions of 1 known at compile time)", "Concat node 'c': the inputs' dimensions off the axis differ"]
// CHECK-DAG:     %[[XN:.*]] = tensor.dim %[[X]], %c0
// CHECK-DAG:     %[[LN:.*]] = tensor.dim %[[L]], %c0
// CHECK-DAG:     %[[SN:.*]] = tensor.dim %[[S]], %c0
// CHECK-DAG:     arith.cmpi eq, %[[LN]], %[[XN]] : index
// CHECK-DAG:     arith.cmpi eq, %[[SN]], %{{.*}} : index
// CHECK:         return
func.func @neck(%x: tensor<?x3xf32> {onnx.name = "x"}, %lateral: tensor<?x3xf32> {onnx.name = "lateral"}, %skip: tensor<?x2xf32> {onnx.name = "skip"}) -> tensor<?x5xf32> {
  %0 = onnx.AddV14 %x, %lateral : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32> loc("a")
  %1 = onnx.ConcatV13 %0, %skip {axis = 1 : i64} : (tensor<?x3xf32>, tensor<?x2xf32>) -> tensor<?x5xf32> loc("c")
  return %1 : tensor<?x5xf32>
}

// -----

// Reshape to run-time entries: the entries are valid, and the shape holds
// the input's number of elements (a -1 divides it, else the product
// equals it). The dimensions are the entries, 0 resolved to the input's.
// CHECK-LABEL: func @flatten_shapes
// CHECK-SAME:    onnx.checks = ["Reshape node 'r': its shape entries must be >= -1, with at most one -1, and a 0 only where the input has that dimension", "Reshape node 'r': its shape does not hold the input's number of elements"]
// CHECK-DAG:     %[[E0:.*]] = tensor.extract %{{.*}}[%c0{{.*}}] : tensor<2xi64>
// CHECK-DAG:     %[[E1:.*]] = tensor.extract %{{.*}}[%c1{{.*}}] : tensor<2xi64>
// CHECK-DAG:     arith.cmpi sge, %{{.*}}, %c-1
// CHECK-DAG:     arith.remsi
// CHECK:         return
func.func @flatten(%x: tensor<?x3x4xf32> {onnx.name = "x"}, %s: tensor<2xi64> {onnx.name = "s"}) -> tensor<?x?xf32> {
  %0 = onnx.ReshapeV25 %x, %s : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32> loc("r")
  return %0 : tensor<?x?xf32>
}

// -----

// Axes of constant integer scales f and run-time lengths, which the kernel
// copies (f = 1) or computes by phases (the innermost, f = 2): each output
// must be f times as long as its input, which the length rule gives up to
// 2^24 output elements.
// CHECK-LABEL: func @resize_copied_axis_shapes
// CHECK-SAME:    attributes {onnx.checks = ["Resize node 'c': an output dimension is too large", "Resize node 'c': an axis of integer scale f and more than 2^24 output elements, which the length rule makes longer than f times its input, is not supported when its length is known only at run time"]}
// CHECK:         arith.index_cast %{{.*}} : i64 to index
// CHECK:         arith.index_cast %{{.*}} : i64 to index
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT:    %[[ROW:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT:    %[[COPY:.*]] = arith.cmpi eq, %{{.*}}, %[[N]] : index
// CHECK:         %[[TWICE:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK:         %[[PHASES:.*]] = arith.cmpi eq, %{{.*}}, %[[TWICE]] : index
// CHECK:         arith.andi %[[COPY]], %[[PHASES]] : i1
func.func @resize_copied_axis(%x: tensor<?x?xf32> {onnx.name = "X"}) -> tensor<?x?xf32> {
  %s = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<?x?xf32> -> tensor<?x?xf32> loc("c")
  return %0 : tensor<?x?xf32>
}
