//===- OutputFile.h - Outputs that appear whole or not at all ---*- C++ -*-===//
//
// onnx-compile's outputs. A regular file (or a new one) is written into an
// anonymous file in its directory (O_TMPFILE), which gets its name once
// complete: a failed, interrupted or killed run leaves nothing behind.
// Where the file system has no anonymous files, a temporary name beside the
// output stands in, removed on failure and on SIGINT/SIGTERM. Anything else
// that already exists at the path (a device such as /dev/null, a FIFO, a
// symbolic link) is never replaced: the complete output is written through
// to it instead, from a temporary file in the system's temporary directory.
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
  /// Opens an output for `path` ("-" is stdout).
  static llvm::Expected<OutputFile> create(llvm::StringRef path);

  /// A scratch file that is always removed: an object file on its way to
  /// the linker, say. `suffix` is its extension, e.g. "o".
  static llvm::Expected<OutputFile> createScratch(llvm::StringRef prefix,
                                                  llvm::StringRef suffix);

  OutputFile(OutputFile &&other);
  OutputFile &operator=(OutputFile &&) = delete;
  ~OutputFile();

  llvm::raw_pwrite_stream &os() { return *stream; }
  /// Where another process (a linker) reads or writes the output until
  /// keep(): /proc/PID/fd/FD for an anonymous file, else the temporary
  /// file's name; empty for stdout.
  llvm::StringRef tempPath() const { return accessPath; }

  /// Makes the output appear at its path: named or renamed into place, or
  /// copied through to the existing special file.
  llvm::Error keep();

private:
  OutputFile(std::string path, bool writeThrough);
  /// Writes into a new anonymous file in `dir`; false where `dir`'s file
  /// system has none.
  bool openAnonymousIn(const std::string &dir);

  std::string path;
  bool writeThrough = false;
  /// The anonymous file, or -1.
  int anonymousFD = -1;
  /// The named temporary file, where there is no anonymous one.
  std::optional<llvm::sys::fs::TempFile> temp;
  std::string accessPath;
  std::unique_ptr<llvm::raw_fd_ostream> stream;
};

} // namespace onnxc

#endif // ONNXC_COMPILER_OUTPUTFILE_H
