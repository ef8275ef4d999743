//===- PeriodicRows.h - Rows of gathers through periodic tables -*- C++ -*-===//
//
// Internal to the Codegen library, for onnx-specialize-gathers: a loop over
// the vector tiles of a row too long to unroll, whose constant tables repeat
// (up to a constant step for index tables) every few tiles away from the
// row's ends, becomes an unrolled head, a loop over whole periods whose
// tables are read at constant positions, and an unrolled tail.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_LIB_CODEGEN_PERIODICROWS_H
#define ONNXC_LIB_CODEGEN_PERIODICROWS_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace onnxc::codegen {

/// Splits `forOp`, a loop over a row's tiles that reads rank-1 constant
/// tables at its induction variable, into a head, a loop over periods and a
/// tail (see the file comment). In the periods' loop each table is read at
/// the position of the first period, plus, for an index table, the period's
/// step times the number of periods before. The head and tail are fully
/// unrolled. Returns false, changing nothing, when the tables have no such
/// period covering all but a few tiles.
bool splitPeriodicRow(mlir::scf::ForOp forOp);

} // namespace onnxc::codegen

#endif // ONNXC_LIB_CODEGEN_PERIODICROWS_H
