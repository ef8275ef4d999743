//===- ONNXDialect.td - The onnx dialect -------------------*- tablegen -*-===//
//
// The `onnx` dialect models ONNX operators with one op per operator version,
// so that each op carries exactly the operands, attributes and element types
// of its ONNX schema.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_DIALECT_ONNX_ONNXDIALECT_TD
#define ONNXC_DIALECT_ONNX_ONNXDIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def ONNX_Dialect : Dialect {
  let name = "onnx";
  let cppNamespace = "::onnxc::onnx";
  let summary = "ONNX operators, one op per operator version";
  let description = [{
    Each op is named after an ONNX operator and the `since_version` of the
    schema it implements: `onnx.ClipV13` is Clip as defined from opset 13 on.
    Operands follow the schema order; optional inputs are optional operands.
    Signed ONNX integers are signless MLIR integers, unsigned ones are `uiN`,
    `bool` is `i1` and ONNX `string` is `!onnx.string`.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;

  // Attributes onnxc keeps on modules, functions and their arguments and
  // results; code reaches them through the generated helpers
  // (ONNXDialect::get<Name>AttrHelper()), never by spelling their names.
  let discardableAttrs = (ins
    // Module: what the model file said.
    "::mlir::StringAttr":$graph_name,
    "::mlir::IntegerAttr":$ir_version,
    "::mlir::IntegerAttr":$opset,
    "::mlir::StringAttr":$producer_name,
    // Function arguments and results: the ONNX value's name and the
    // symbolic names of its dimensions ("" where a dimension has none).
    "::mlir::StringAttr":$name,
    "::mlir::ArrayAttr":$dim_params,
    // The model function: its shape function (onnx-generate-shape-functions)
    // and the bytes of its planned workspace (onnx-plan-memory; -1 when
    // dynamic).
    "::mlir::FlatSymbolRefAttr":$shape_function,
    "::mlir::IntegerAttr":$workspace_bytes,
    // A shape function: the messages of its run-time checks, in order.
    "::mlir::ArrayAttr":$checks
  );

  let extraClassDeclaration = [{
    /// The ops of this dialect that stand for an ONNX operator version
    /// (VersionedOpInterface), collected when the dialect is loaded.
    llvm::ArrayRef<mlir::RegisteredOperationName> getVersionedOps() const {
      return versionedOps;
    }

  private:
    llvm::SmallVector<mlir::RegisteredOperationName> versionedOps;

  public:
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class ONNX_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<ONNX_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def ONNX_StringType : ONNX_Type<"String", "string"> {
  let summary = "ONNX string element";
  let description = [{
    The element type of ONNX `tensor(string)`. At run time an element is a
    pointer to a NUL-terminated UTF-8 string owned by the caller.
  }];
}

//===----------------------------------------------------------------------===//
// Base op class
//===----------------------------------------------------------------------===//

class ONNX_Op<string mnemonic, list<Trait> traits = []>
    : Op<ONNX_Dialect, mnemonic, traits>;

#endif // ONNXC_DIALECT_ONNX_ONNXDIALECT_TD
