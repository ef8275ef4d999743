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
  let hasConstantMaterializer = 1;
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
