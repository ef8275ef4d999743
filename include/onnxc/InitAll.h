//===- InitAll.h - Everything onnxc's tools register ------------*- C++ -*-===//
#ifndef ONNXC_INITALL_H
#define ONNXC_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace onnxc {

/// The onnx dialect and every upstream dialect, interface implementation and
/// LLVM IR translation the pipeline uses.
void registerAllONNXCDialects(mlir::DialectRegistry &registry);

/// Our passes and the onnx-to-llvm pipeline, for onnx-opt.
void registerAllONNXCPasses();

} // namespace onnxc

#endif // ONNXC_INITALL_H
