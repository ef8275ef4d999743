//===- CodegenDialect.h - Facts code generation passes share ----*- C++ -*-===//
//
// The onnxc dialect: the attributes onnxc's code generation passes leave on
// upstream ops for the passes after them (CodegenDialect.td).
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_DIALECT_CODEGEN_CODEGENDIALECT_H
#define ONNXC_DIALECT_CODEGEN_CODEGENDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include "onnxc/Dialect/Codegen/CodegenDialect.h.inc"

#endif // ONNXC_DIALECT_CODEGEN_CODEGENDIALECT_H
