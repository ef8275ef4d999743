//===- ImportOptions.cpp - Shapes given on the command line ---------------===//
//
// `--input-shape NAME=DIMS` and `--strict-shapes`, shared by the tools that
// import models (onnx-compile, onnx-translate).
//
//===----------------------------------------------------------------------===//

#include "onnxc/Importer/Importer.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace onnxc;
namespace cl = llvm::cl;

static bool isSymbol(llvm::StringRef text) {
  return !text.empty() && (llvm::isAlpha(text[0]) || text[0] == '_') &&
         llvm::all_of(text,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

llvm::Expected<InputShape> onnxc::parseInputShape(llvm::StringRef text) {
  auto fail = [&](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid input shape '" + text +
                                       "': " + why);
  };
  size_t equals = text.rfind('=');
  if (equals == llvm::StringRef::npos)
    return fail("expected NAME=DIMS, e.g. x=N,3,224,224");
  InputShape shape;
  shape.input = text.take_front(equals).str();
  if (shape.input.empty())
    return fail("no input name before '='");
  llvm::StringRef dims = text.drop_front(equals + 1);
  if (dims.trim().empty())
    return shape; // A scalar.
  llvm::SmallVector<llvm::StringRef> parts;
  dims.split(parts, ',');
  for (llvm::StringRef part : parts) {
    part = part.trim();
    int64_t size;
    if (!part.getAsInteger(10, size)) {
      if (size < 0)
        return fail("dimension " + part + " is negative");
      shape.sizes.push_back(size);
      shape.symbols.emplace_back();
    } else if (part == "?" || isSymbol(part)) {
      shape.sizes.push_back(mlir::ShapedType::kDynamic);
      shape.symbols.push_back(part == "?" ? std::string() : part.str());
    } else {
      return fail("dimension '" + part +
                  "' is neither a size nor a symbol ([A-Za-z_][A-Za-z0-9_]* "
                  "or '?')");
    }
  }
  return shape;
}

namespace {
struct ImportCLOptions {
  cl::list<std::string> inputShapes{
      "input-shape",
      cl::desc("The shape of a graph input, by name or position: "
               "NAME=DIMS, e.g. x=N,3,224,224 (repeatable; needed for "
               "inputs the model gives no shape)"),
      cl::value_desc("name=dims")};
  cl::opt<bool> strictShapes{
      "strict-shapes",
      cl::desc("Refuse a model whose declared shapes contradict the "
               "computed ones (default: warn and use the computed shape)")};
};
} // namespace

static llvm::ManagedStatic<ImportCLOptions> clOptions;

void onnxc::registerImportCLOptions() { *clOptions; }

llvm::Expected<ImportOptions> onnxc::getImportOptionsFromCL() {
  ImportOptions options;
  if (!clOptions.isConstructed())
    return options;
  options.strictShapes = clOptions->strictShapes;
  for (const std::string &text : clOptions->inputShapes) {
    llvm::Expected<InputShape> shape = parseInputShape(text);
    if (!shape)
      return shape.takeError();
    options.inputShapes.push_back(std::move(*shape));
  }
  return options;
}
