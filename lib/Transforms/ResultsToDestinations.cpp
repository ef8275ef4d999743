//===- ResultsToDestinations.cpp - Destination-passing entry points -------===//
//
// A kernel that returns a fresh output pays for it in page faults and, once
// the caller copies it into its own buffer, in twice the memory traffic. The
// entry points instead take one output buffer per tensor result and write
// each result once, straight into it.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXRESULTSTODESTINATIONSPASS
#include "onnxc/Transforms/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {
struct ONNXResultsToDestinationsPass
    : onnxc::impl::ONNXResultsToDestinationsPassBase<
          ONNXResultsToDestinationsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func.isPublic())
        continue;
      if (failed(convert(func)))
        return signalPassFailure();
    }
  }

  static LogicalResult convert(func::FuncOp func) {
    MLIRContext *context = func.getContext();
    FunctionType type = func.getFunctionType();
    Block &entry = func.getBody().front();

    // One identity-layout memref argument per ranked tensor result.
    SmallVector<Type> keptResults;
    SmallVector<DictionaryAttr> keptResultAttrs;
    llvm::BitVector erasedResults(type.getNumResults());
    SmallVector<BlockArgument> destinations(type.getNumResults());
    for (auto [i, resultType] : llvm::enumerate(type.getResults())) {
      auto tensorType = dyn_cast<RankedTensorType>(resultType);
      if (!tensorType) {
        keptResults.push_back(resultType);
        keptResultAttrs.push_back(func.getResultAttrDict(i));
        continue;
      }
      auto memrefType = MemRefType::get(tensorType.getShape(),
                                        tensorType.getElementType());
      unsigned index = func.getNumArguments();
      if (failed(func.insertArgument(index, memrefType,
                                     func.getResultAttrDict(i),
                                     func.getLoc())))
        return failure();
      destinations[i] = entry.getArgument(index);
      erasedResults.set(i);
    }
    if (erasedResults.none())
      return success();

    WalkResult walk = func.walk([&](func::ReturnOp ret) {
      OpBuilder builder(ret);
      SmallVector<Value> kept;
      for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
        if (!erasedResults.test(i)) {
          kept.push_back(value);
          continue;
        }
        bufferization::MaterializeInDestinationOp::create(
            builder, ret.getLoc(), /*result=*/Type(), value, destinations[i],
            /*restrict=*/builder.getUnitAttr(),
            /*writable=*/builder.getUnitAttr());
      }
      ret->setOperands(kept);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();

    func.setFunctionType(FunctionType::get(
        context, func.getBody().getArgumentTypes(), keptResults));
    func.setAllResultAttrs(keptResultAttrs);
    func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                  UnitAttr::get(context));
    return success();
  }
};
} // namespace
