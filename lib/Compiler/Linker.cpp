//===- Linker.cpp - Model objects to shared libraries ---------------------===//
//
// Links a model's object file with the model support library into a shared
// library, through the clang driver and lld.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Compiler/Compiler.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <optional>

using namespace mlir;
using namespace onnxc;

/// The C compiler driver used as linker: $ONNXC_CLANG, the one onnxc was
/// built with, or clang-22/clang on PATH.
static std::optional<std::string> findLinkerDriver() {
  if (const char *env = std::getenv("ONNXC_CLANG"))
    return std::string(env);
#ifdef ONNXC_DEFAULT_LINKER_DRIVER
  if (llvm::sys::fs::can_execute(ONNXC_DEFAULT_LINKER_DRIVER))
    return std::string(ONNXC_DEFAULT_LINKER_DRIVER);
#endif
  for (StringRef name : {"clang-22", "clang"})
    if (auto path = llvm::sys::findProgramByName(name))
      return *path;
  return std::nullopt;
}

/// libonnxc_model_support.a, beside the running tool: <bin>/../lib.
static std::optional<std::string> findSupportLibrary() {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
  SmallString<256> path(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(path, "..", "lib", "libonnxc_model_support.a");
  if (llvm::sys::fs::exists(path))
    return std::string(path);
  return std::nullopt;
}

llvm::Error ModelCompiler::linkSharedLibrary(StringRef objectPath,
                                             StringRef outputPath) {
  std::optional<std::string> driver = findLinkerDriver();
  if (!driver)
    return llvm::createStringError(
        "no clang found to link with (set ONNXC_CLANG)");
  std::optional<std::string> support = findSupportLibrary();
  if (!support)
    return llvm::createStringError(
        "libonnxc_model_support.a not found beside onnx-compile");
  SmallVector<StringRef> args = {*driver,  "-shared",         "-fuse-ld=lld",
                                 "-o",     outputPath,        objectPath,
                                 *support, "-Wl,--as-needed", "-Wl,-z,now"};
  std::string errorMessage;
  int status = llvm::sys::ExecuteAndWait(*driver, args, std::nullopt, {}, 0, 0,
                                         &errorMessage);
  if (status != 0)
    return llvm::createStringError(
        "linking with '" + *driver + "' failed" +
        (errorMessage.empty() ? "" : ": " + errorMessage));
  return llvm::Error::success();
}
