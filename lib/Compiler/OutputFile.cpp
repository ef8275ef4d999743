//===- OutputFile.cpp - Outputs that appear whole or not at all -----------===//

#include "onnxc/Compiler/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace onnxc;
using llvm::StringRef;
namespace fs = llvm::sys::fs;

static const unsigned kOutputMode =
    fs::owner_read | fs::owner_write | fs::group_read | fs::others_read;

static llvm::Expected<fs::TempFile> createTemp(const llvm::Twine &model) {
  // TempFile removes itself on signals (llvm::sys::RemoveFileOnSignal) and
  // in its destructor unless kept.
  return fs::TempFile::create(model, kOutputMode);
}

llvm::Expected<OutputFile> OutputFile::create(StringRef path) {
  if (path == "-")
    return OutputFile(path.str(), std::nullopt, /*writeThrough=*/false);

  // lstat: a symbolic link counts as special even when it names a file, so
  // the rename never puts a regular file in its place.
  fs::file_status status;
  bool exists = !fs::status(path, status, /*follow=*/false);
  bool writeThrough = exists && status.type() != fs::file_type::regular_file;
  llvm::Expected<fs::TempFile> temp = [&]() {
    if (!writeThrough)
      return createTemp(path + ".tmp-%%%%%%");
    llvm::SmallString<256> model;
    fs::createUniquePath("onnx-compile-%%%%%%", model, /*MakeAbsolute=*/false);
    llvm::SmallString<256> dir;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
    llvm::sys::path::append(dir, model);
    return createTemp(dir);
  }();
  if (!temp)
    return llvm::createStringError("cannot create '" + path +
                                   "': " + llvm::toString(temp.takeError()));
  return OutputFile(path.str(), std::move(*temp), writeThrough);
}

llvm::Expected<OutputFile> OutputFile::createScratch(StringRef prefix,
                                                     StringRef suffix) {
  llvm::SmallString<256> dir;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
  llvm::sys::path::append(dir, prefix + "-%%%%%%." + suffix);
  llvm::Expected<fs::TempFile> temp = createTemp(dir);
  if (!temp)
    return llvm::createStringError("cannot create a temporary file: " +
                                   llvm::toString(temp.takeError()));
  return OutputFile(/*path=*/"", std::move(*temp), /*writeThrough=*/false);
}

OutputFile::OutputFile(std::string path, std::optional<fs::TempFile> temp,
                       bool writeThrough)
    : path(std::move(path)), temp(std::move(temp)), writeThrough(writeThrough) {
  int fd = this->temp ? this->temp->FD : 1;
  stream = std::make_unique<llvm::raw_fd_ostream>(fd, /*shouldClose=*/false);
}

OutputFile::~OutputFile() {
  if (!temp)
    return;
  // The stream goes first: flushing into a closed file would be a fatal
  // error once the output is abandoned (an error after something was
  // written).
  if (stream) {
    stream->flush();
    stream->clear_error();
    stream.reset();
  }
  consumeError(temp->discard());
}

llvm::Error OutputFile::keep() {
  stream->flush();
  if (stream->has_error())
    return llvm::errorCodeToError(stream->error());
  if (!temp)
    return llvm::Error::success();
  stream.reset();
  if (!writeThrough)
    return temp->keep(path);

  // Read back what was written (the linker may have written it, not us) and
  // copy it through to the special file, which is opened as it is: never
  // created, renamed or removed.
  auto contents = llvm::MemoryBuffer::getFile(temp->TmpName, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
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
  return temp->discard();
}
