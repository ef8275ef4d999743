//===- OutputFile.cpp - Outputs that appear whole or not at all -----------===//

#include "onnxc/Compiler/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

using namespace onnxc;
using llvm::StringRef;
namespace fs = llvm::sys::fs;

static const unsigned kOutputMode =
    fs::owner_read | fs::owner_write | fs::group_read | fs::others_read;

/// The system's temporary directory.
static std::string getTemporaryDirectory() {
  llvm::SmallString<256> dir;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
  return dir.str().str();
}

/// An anonymous file in `dir`: it has no name until it is linked into the
/// directory, and vanishes with the process otherwise. -1 where the file
/// system has none.
static int openAnonymous(const std::string &dir) {
#ifdef O_TMPFILE
  int fd;
  do
    fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, kOutputMode);
  while (fd < 0 && errno == EINTR);
  return fd;
#else
  return -1;
#endif
}

/// Gives the anonymous file `fd` the name `target`, which must not exist.
static std::error_code linkAnonymous(int fd, const std::string &target) {
  // AT_EMPTY_PATH names the file itself where the kernel lets this process
  // (recent kernels, or CAP_DAC_READ_SEARCH); /proc names it elsewhere.
  if (::linkat(fd, "", AT_FDCWD, target.c_str(), AT_EMPTY_PATH) == 0)
    return {};
  if (errno == EEXIST)
    return std::error_code(errno, std::generic_category());
  std::string proc = "/proc/self/fd/" + std::to_string(fd);
  if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, target.c_str(),
               AT_SYMLINK_FOLLOW) == 0)
    return {};
  return std::error_code(errno, std::generic_category());
}

/// A temporary name beside `path`, free when chosen.
static std::string uniqueNameBeside(StringRef path) {
  llvm::SmallString<256> name;
  fs::createUniquePath(path + ".tmp-%%%%%%", name, /*MakeAbsolute=*/false);
  return name.str().str();
}

llvm::Expected<OutputFile> OutputFile::create(StringRef path) {
  if (path == "-") {
    OutputFile out(path.str(), /*writeThrough=*/false);
    out.stream = std::make_unique<llvm::raw_fd_ostream>(1, false);
    return std::move(out);
  }
  // lstat: a symbolic link counts as special even when it names a file, so
  // the output never puts a regular file in its place.
  fs::file_status status;
  bool exists = !fs::status(path, status, /*follow=*/false);
  bool writeThrough = exists && status.type() != fs::file_type::regular_file;
  OutputFile out(path.str(), writeThrough);
  llvm::SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  std::string tempDir = writeThrough ? getTemporaryDirectory()
                                     : (dir.empty() ? "." : dir.str().str());
  if (out.openAnonymousIn(tempDir))
    return std::move(out);
  // TempFile removes itself on SIGINT/SIGTERM (RemoveFileOnSignal) and in
  // its destructor unless kept.
  llvm::SmallString<256> model;
  if (writeThrough) {
    model = tempDir;
    llvm::sys::path::append(model, "onnx-compile-%%%%%%");
  } else {
    model = (path + ".tmp-%%%%%%").str();
  }
  llvm::Expected<fs::TempFile> temp = fs::TempFile::create(model, kOutputMode);
  if (!temp)
    return llvm::createStringError("cannot create '" + path +
                                   "': " + llvm::toString(temp.takeError()));
  out.temp = std::move(*temp);
  out.accessPath = out.temp->TmpName;
  out.stream = std::make_unique<llvm::raw_fd_ostream>(out.temp->FD, false);
  return std::move(out);
}

llvm::Expected<OutputFile> OutputFile::createScratch(StringRef prefix,
                                                     StringRef suffix) {
  std::string dir = getTemporaryDirectory();
  OutputFile out(/*path=*/"", /*writeThrough=*/false);
  if (out.openAnonymousIn(dir))
    return std::move(out);
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, prefix + "-%%%%%%." + suffix);
  llvm::Expected<fs::TempFile> temp = fs::TempFile::create(model, kOutputMode);
  if (!temp)
    return llvm::createStringError("cannot create a temporary file: " +
                                   llvm::toString(temp.takeError()));
  out.temp = std::move(*temp);
  out.accessPath = out.temp->TmpName;
  out.stream = std::make_unique<llvm::raw_fd_ostream>(out.temp->FD, false);
  return std::move(out);
}

bool OutputFile::openAnonymousIn(const std::string &dir) {
  anonymousFD = openAnonymous(dir);
  if (anonymousFD < 0)
    return false;
  accessPath = "/proc/" + std::to_string(::getpid()) + "/fd/" +
               std::to_string(anonymousFD);
  stream = std::make_unique<llvm::raw_fd_ostream>(anonymousFD, false);
  return true;
}

OutputFile::OutputFile(std::string path, bool writeThrough)
    : path(std::move(path)), writeThrough(writeThrough) {}

OutputFile::OutputFile(OutputFile &&other)
    : path(std::move(other.path)), writeThrough(other.writeThrough),
      anonymousFD(other.anonymousFD), temp(std::move(other.temp)),
      accessPath(std::move(other.accessPath)), stream(std::move(other.stream)) {
  other.anonymousFD = -1;
  other.temp.reset();
}

OutputFile::~OutputFile() {
  // The stream goes first: flushing into a closed file would be a fatal
  // error once the output is abandoned (an error after something was
  // written).
  if (stream && (anonymousFD >= 0 || temp)) {
    stream->flush();
    stream->clear_error();
  }
  stream.reset();
  if (anonymousFD >= 0)
    ::close(anonymousFD);
  if (temp)
    consumeError(temp->discard());
}

/// Copies the whole file open as `fd` to `path`, opened as it is: a special
/// file is never created, renamed or removed.
static llvm::Error copyThrough(int fd, const std::string &path) {
  auto contents = llvm::MemoryBuffer::getOpenFile(
      fd, path, /*FileSize=*/-1, /*RequiresNullTerminator=*/false);
  if (!contents)
    return llvm::errorCodeToError(contents.getError());
  std::error_code error;
  llvm::raw_fd_ostream target(path, error, fs::CD_CreateAlways, fs::FA_Write,
                              fs::OF_None);
  if (error)
    return llvm::errorCodeToError(error);
  target << (*contents)->getBuffer();
  target.close();
  if (target.has_error())
    return llvm::errorCodeToError(target.error());
  return llvm::Error::success();
}

llvm::Error OutputFile::keep() {
  stream->flush();
  if (stream->has_error())
    return llvm::errorCodeToError(stream->error());
  stream.reset();
  if (writeThrough) {
    int fd = anonymousFD >= 0 ? anonymousFD : temp->FD;
    if (llvm::Error error = copyThrough(fd, path))
      return error;
    return temp ? temp->discard() : llvm::Error::success();
  }
  if (temp)
    return temp->keep(path);
  if (anonymousFD < 0)
    return llvm::Error::success(); // stdout
  // A new output gets its name directly; an existing one is replaced by a
  // rename, atomic for its readers.
  std::error_code error = linkAnonymous(anonymousFD, path);
  if (!error)
    return llvm::Error::success();
  for (int attempt = 0; attempt < 8 && error == std::errc::file_exists;
       ++attempt) {
    std::string name = uniqueNameBeside(path);
    error = linkAnonymous(anonymousFD, name);
    if (error == std::errc::file_exists)
      continue;
    if (error)
      break;
    if (::rename(name.c_str(), path.c_str()) == 0)
      return llvm::Error::success();
    error = std::error_code(errno, std::generic_category());
    ::unlink(name.c_str());
    return llvm::errorCodeToError(error);
  }
  // No way to name an anonymous file here: a named copy, renamed.
  llvm::Expected<fs::TempFile> copy =
      fs::TempFile::create(path + ".tmp-%%%%%%", kOutputMode);
  if (!copy)
    return copy.takeError();
  auto contents = llvm::MemoryBuffer::getOpenFile(
      anonymousFD, path, /*FileSize=*/-1, /*RequiresNullTerminator=*/false);
  if (!contents) {
    consumeError(copy->discard());
    return llvm::errorCodeToError(contents.getError());
  }
  {
    llvm::raw_fd_ostream os(copy->FD, /*shouldClose=*/false);
    os << (*contents)->getBuffer();
    os.flush();
    if (os.has_error()) {
      std::error_code writeError = os.error();
      os.clear_error();
      consumeError(copy->discard());
      return llvm::errorCodeToError(writeError);
    }
  }
  return copy->keep(path);
}
