//===- ONNXDialect.h - The onnx dialect -------------------------*- C++ -*-===//
#ifndef ONNXC_DIALECT_ONNX_ONNXDIALECT_H
#define ONNXC_DIALECT_ONNX_ONNXDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include "onnxc/Dialect/ONNX/ONNXOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOpsTypes.h.inc"

#endif // ONNXC_DIALECT_ONNX_ONNXDIALECT_H
