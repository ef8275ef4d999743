//===- CodegenDialect.td - Facts codegen passes share -----*- tablegen -*-===//
//
// The onnxc dialect has no ops: it declares the attributes onnxc's code
// generation passes leave on upstream ops for the passes after them, and
// verifies where they may appear.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_DIALECT_CODEGEN_CODEGENDIALECT_TD
#define ONNXC_DIALECT_CODEGEN_CODEGENDIALECT_TD

include "mlir/IR/OpBase.td"

def CodegenDialect : Dialect {
  let name = "onnxc";
  let cppNamespace = "::onnxc::codegen";
  let summary = "Attributes onnxc's code generation passes hand to each other";
  let description = [{
    No ops: the attributes a code generation pass sets on upstream ops so
    that a later pass acts on them, declared here rather than named as
    strings, and verified wherever they appear.

    - `onnxc.parallel` (unit), on an `scf.for`: the loop's iterations write
      disjoint parts of the output and read nothing another iteration
      writes, so they may run in any order or at once. Set by
      onnx-tile-and-vectorize, onnx-fuse-rows and onnx-streaming-stores on
      the loops they make. onnx-parallelize-loops runs such loops on the
      runtime's threads; the passes that fuse, jam, split or prefetch
      loops rely on it to reorder their iterations.
    - `onnxc.tile_sizes` (`array<i64>`), on a `linalg` op: its tile size
      per loop (0 for a loop left whole). onnx-tile-and-vectorize sets it
      on each tile it makes and reads it when it vectorizes the tile; set
      before, by the lowering, it is the op's schedule, which
      onnx-tile-and-vectorize tiles by instead of choosing.
    - `onnxc.row_groups` (unit), on an `onnx.Resize`: its kernel may
      compute output rows in groups that share input rows, each row of a
      group a region of the result. onnx-choose-schedules sets it where the
      result is written straight into its destination (a graph output);
      elsewhere the regions would be copied. convert-onnx-to-linalg reads
      it.
  }];
  let discardableAttrs = (ins
    "::mlir::UnitAttr":$parallel,
    "::mlir::DenseI64ArrayAttr":$tile_sizes,
    "::mlir::UnitAttr":$row_groups
  );
  let hasOperationAttrVerify = 1;
}

#endif // ONNXC_DIALECT_CODEGEN_CODEGENDIALECT_TD
