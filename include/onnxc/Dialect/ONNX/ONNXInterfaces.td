//===- ONNXInterfaces.td - onnx dialect interfaces ---------*- tablegen -*-===//
//
// What every versioned op states about the ONNX operator version it stands
// for. Tools derive the list of supported versions from these, so a version
// is declared once: by its op definition.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_DIALECT_ONNX_ONNXINTERFACES_TD
#define ONNXC_DIALECT_ONNX_ONNXINTERFACES_TD

include "mlir/IR/OpBase.td"

def ONNX_VersionedOpInterface : OpInterface<"VersionedOpInterface"> {
  let cppNamespace = "::onnxc::onnx";
  let description = [{
    An op standing for one version of an ONNX operator of the default
    domain: `onnx.ClipV13` is Clip with `since_version` 13. The importer
    resolves a node to the op of the largest since_version not above the
    model's opset, among the registered ops of the same operator; passes that
    only handle the newest version of an operator ask whether a later one is
    registered (`isSupersededVersion`).

    Ops get this interface from the `ONNX_VersionedOp` ODS class, which
    defines both methods from its parameters.
  }];
  let methods = [
    StaticInterfaceMethod<"The ONNX operator's name, such as \"Clip\".",
                          "::llvm::StringRef", "getOperatorName">,
    StaticInterfaceMethod<"The opset that introduced this version of the "
                          "operator (its since_version).",
                          "int64_t", "getSinceVersion">,
    StaticInterfaceMethod<"How the inputs and attributes of a node of this "
                          "version map onto the op.",
                          "::onnxc::onnx::NodeForm", "getNodeForm">,
    StaticInterfaceMethod<"Why importing this version deserves a warning "
                          "(it is deprecated, say); empty when it does not.",
                          "::llvm::StringRef", "getImportWarning">,
  ];
}

#endif // ONNXC_DIALECT_ONNX_ONNXINTERFACES_TD
