//===- onnx-pipeline-doc.cpp - The pipelines' reference page --------------===//
//
// Prints docs/reference/Pipelines.md, as mlir-tblgen prints the pass and
// dialect pages: the build writes it into build/docs/reference, and the
// docs-in-sync test compares it with the committed copy.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Pipelines/Pipelines.h"

int main() {
  onnxc::printONNXPipelinesReference();
  return 0;
}
