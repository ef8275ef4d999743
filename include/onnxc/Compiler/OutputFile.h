//===- OutputFile.h - Outputs that appear whole or not at all ---*- C++ -*-===//
//
// onnx-compile's outputs. A regular file (or a new one) is written under a
// temporary name beside it and renamed into place once complete, so a failed
// or killed run never leaves a partial output. Anything else that already
// exists at the path (a device such as /dev/null, a FIFO, a symbolic link)
// is never replaced: the complete output is written through to it instead,
// from a temporary file in the system's temporary directory.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_COMPILER_OUTPUTFILE_H
#define ONNXC_COMPILER_OUTPUTFILE_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>

namespace onnxc {

class OutputFile {
public:
  /// Opens an output for `path` ("-" is stdout). Temporary files are removed
  /// on SIGINT/SIGTERM and when the OutputFile is destroyed without keep().
  static llvm::Expected<OutputFile> create(llvm::StringRef path);

  /// A scratch file that is always removed: an object file on its way to
  /// the linker, say. `suffix` is its extension, e.g. "o".
  static llvm::Expected<OutputFile> createScratch(llvm::StringRef prefix,
                                                  llvm::StringRef suffix);

  OutputFile(OutputFile &&) = default;
  OutputFile &operator=(OutputFile &&) = default;
  ~OutputFile();

  llvm::raw_pwrite_stream &os() { return *stream; }
  /// The file the output is written to until keep(); empty for stdout.
  llvm::StringRef tempPath() const {
    return temp ? llvm::StringRef(temp->TmpName) : llvm::StringRef();
  }

  /// Makes the output appear at its path: renamed into place, or copied
  /// through to the existing special file.
  llvm::Error keep();

private:
  OutputFile(std::string path, std::optional<llvm::sys::fs::TempFile> temp,
             bool writeThrough);

  std::string path;
  std::optional<llvm::sys::fs::TempFile> temp;
  bool writeThrough = false;
  std::unique_ptr<llvm::raw_fd_ostream> stream;
};

} // namespace onnxc

#endif // ONNXC_COMPILER_OUTPUTFILE_H
