//===- Linker.cpp - Model objects to shared libraries ---------------------===//
//
// Links a model's object file with the model support library into a shared
// library. The clang driver says how (`-###`); lld then runs as a direct
// child, which an interrupted compile kills, and writes the library to its
// standard output: into the OutputFile, so that no name of lld's own (it
// links into temporary files beside its output) can be left behind.
//
// Asking the driver starts clang, which loads as much of LLVM as onnx-compile
// does: a quarter of a small model's compile time. So the build asks once per
// target (`onnx-compile --record-link-command`) and installs the answer
// beside the model support library, with placeholders for each link's files;
// a compile uses that record unless $ONNXC_CLANG names a driver, or a file
// the record names (the linker, a start-up object) no longer exists.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Compiler/Compiler.h"
#include "onnxc/Compiler/OutputFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

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

/// How the link names a target: nothing for the host, and for another
/// target <arch>-<os>-<env> with canonical names ("aarch64-linux-gnu" for
/// --mtriple=arm64-linux), as Debian's cross libraries are named.
static std::optional<std::string> getLinkTriple(const llvm::Triple &target) {
  if (isHostTriple(target))
    return std::nullopt;
  llvm::Triple triple(llvm::Triple::normalize(target.str()));
  return (llvm::Triple::getArchTypeName(triple.getArch()) + "-" +
          triple.getOSName() + "-" +
          (triple.getEnvironmentName().empty() ? StringRef("gnu")
                                               : triple.getEnvironmentName()))
      .str();
}

/// Where the target's model support library and link record are, beside
/// the running tool: <bin>/../lib for the host, <bin>/../lib/<link triple>
/// for others.
static std::string
getSupportDirectory(const std::optional<std::string> &linkTriple) {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
  SmallString<256> path(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(path, "..", "lib");
  if (linkTriple)
    llvm::sys::path::append(path, *linkTriple);
  return std::string(path);
}

/// libonnxc_model_support.a for the target, if it exists.
static std::optional<std::string>
findSupportLibrary(const std::optional<std::string> &linkTriple) {
  SmallString<256> path(getSupportDirectory(linkTriple));
  llvm::sys::path::append(path, "libonnxc_model_support.a");
  if (llvm::sys::fs::exists(path))
    return std::string(path);
  return std::nullopt;
}

/// The recorded linker command: its name beside the support library, and
/// the placeholders that stand for each link's files.
static constexpr llvm::StringLiteral kLinkRecordName = "onnxc-link-command.txt";
static constexpr llvm::StringLiteral kOutputPlaceholder = "{output}";
static constexpr llvm::StringLiteral kObjectPlaceholder = "{object}";
static constexpr llvm::StringLiteral kSupportPlaceholder = "{support}";

namespace {
/// What an interrupted compile must clean up: the running linker and the
/// directory it writes into. Read by the signal handler.
std::atomic<llvm::sys::procid_t> runningLinker{0};
char linkDirectory[4096];
std::atomic<bool> haveLinkDirectory{false};

/// Removes every file of the link directory, then the directory.
void removeLinkDirectory() {
  if (!haveLinkDirectory.exchange(false))
    return;
  if (DIR *dir = opendir(linkDirectory)) {
    while (struct dirent *entry = readdir(dir)) {
      if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
        continue;
      char path[sizeof(linkDirectory) + 256];
      snprintf(path, sizeof(path), "%s/%s", linkDirectory, entry->d_name);
      unlink(path);
    }
    closedir(dir);
  }
  rmdir(linkDirectory);
}

/// On SIGINT/SIGTERM (after LLVM removed the registered temporary files):
/// the linker dies first, so that it cannot write anything more, then its
/// files go, then this process ends as the signal would have ended it.
void interruptLink() {
  if (llvm::sys::procid_t pid = runningLinker.exchange(0)) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  removeLinkDirectory();
  signal(SIGTERM, SIG_DFL);
  raise(SIGTERM);
}

/// The arguments of the linker command in the output of `clang -###`:
/// the last line naming ld.lld, each argument double-quoted with \" and
/// \\ escapes.
std::optional<std::vector<std::string>> parseLinkerCommand(StringRef output) {
  SmallVector<StringRef> lines;
  output.split(lines, '\n');
  for (StringRef line : llvm::reverse(lines)) {
    line = line.trim();
    if (!line.starts_with("\"") || !line.contains("ld.lld"))
      continue;
    std::vector<std::string> args;
    for (size_t i = 0; i < line.size();) {
      if (line[i] == ' ') {
        ++i;
        continue;
      }
      if (line[i] != '"')
        return std::nullopt;
      std::string arg;
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size())
          ++i;
        arg.push_back(line[i]);
      }
      if (i >= line.size())
        return std::nullopt;
      ++i;
      args.push_back(std::move(arg));
    }
    return args;
  }
  return std::nullopt;
}
} // namespace

/// Asks `driver` (`-###`) how it links `object` and `support` into `output`
/// for `linkTriple`, writing its answer to a file in `directory`.
static llvm::Expected<std::vector<std::string>>
askDriver(const std::string &driver,
          const std::optional<std::string> &linkTriple, StringRef object,
          StringRef support, StringRef output, StringRef directory) {
  SmallString<256> commands(directory);
  llvm::sys::path::append(commands, "commands.txt");
  SmallVector<StringRef> driverArgs = {
      driver, "-###", "-shared", "-fuse-ld=lld",    "-o",
      output, object, support,   "-Wl,--as-needed", "-Wl,-z,now"};
  std::string targetFlag = linkTriple ? "--target=" + *linkTriple : "";
  if (linkTriple)
    driverArgs.push_back(targetFlag);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(commands),
                                          StringRef(commands)};
  std::string errorMessage;
  if (llvm::sys::ExecuteAndWait(driver, driverArgs, std::nullopt, redirects, 0,
                                0, &errorMessage) != 0)
    return llvm::createStringError("'" + driver + "' cannot link" +
                                   (errorMessage.empty() ? "" : ": ") +
                                   errorMessage);
  auto text = llvm::MemoryBuffer::getFile(commands);
  std::optional<std::vector<std::string>> linkerArgs;
  if (text)
    linkerArgs = parseLinkerCommand((*text)->getBuffer());
  if (!linkerArgs || linkerArgs->empty())
    return llvm::createStringError("'" + driver +
                                   "' did not say how it links with lld");
  return std::move(*linkerArgs);
}

/// The command recorded in `recordPath` with its placeholders replaced by
/// this link's files; std::nullopt when there is no usable record: none,
/// malformed, or naming a linker or input file that does not exist (the
/// system's toolchain changed since the build).
static std::optional<std::vector<std::string>>
readLinkRecord(StringRef recordPath, StringRef object, StringRef support,
               StringRef output) {
  auto text = llvm::MemoryBuffer::getFile(recordPath);
  if (!text)
    return std::nullopt;
  SmallVector<StringRef> lines;
  (*text)->getBuffer().split(lines, '\n', /*MaxSplit=*/-1,
                             /*KeepEmpty=*/false);
  std::vector<std::string> args;
  // Each placeholder once: bit i for the i-th of them.
  const StringRef placeholders[] = {kOutputPlaceholder, kObjectPlaceholder,
                                    kSupportPlaceholder};
  const StringRef files[] = {output, object, support};
  unsigned seen = 0;
  for (StringRef line : lines) {
    if (line.starts_with("#"))
      continue;
    auto *placeholder = llvm::find(placeholders, line);
    if (placeholder != std::end(placeholders)) {
      unsigned bit = 1u << (placeholder - std::begin(placeholders));
      if (seen & bit)
        return std::nullopt;
      seen |= bit;
      args.push_back(files[placeholder - std::begin(placeholders)].str());
      continue;
    }
    // Absolute inputs (start-up objects, libraries) must still be there.
    if (line.starts_with("/") && !llvm::sys::fs::exists(line))
      return std::nullopt;
    args.push_back(line.str());
  }
  if (seen != 0b111 || args.empty() ||
      !llvm::sys::fs::can_execute(args.front()))
    return std::nullopt;
  return args;
}

/// A private directory for one link, which releaseLinkDirectory removes
/// (and, with every file in it, SIGINT/SIGTERM).
static llvm::Expected<SmallString<256>> createLinkDirectory() {
  SmallString<256> directory;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("onnx-compile-link", directory))
    return llvm::createStringError("cannot create a directory to link in: " +
                                   ec.message());
  if (directory.size() >= sizeof(linkDirectory)) {
    llvm::sys::fs::remove(directory);
    return llvm::createStringError("temporary directory name too long");
  }
  memcpy(linkDirectory, directory.c_str(), directory.size() + 1);
  haveLinkDirectory = true;
  llvm::sys::SetInterruptFunction(interruptLink);
  return directory;
}

static void releaseLinkDirectory() {
  llvm::sys::SetInterruptFunction(nullptr);
  removeLinkDirectory();
}

/// Prints `args` quoted, as `clang -###` does.
static void printCommand(ArrayRef<std::string> args, llvm::raw_ostream &os) {
  for (const std::string &arg : args) {
    os << ' ';
    llvm::sys::printArg(os, arg, /*Quote=*/true);
  }
  os << '\n';
}

llvm::Error ModelCompiler::recordLinkerCommand(StringRef recordPath) {
  std::optional<std::string> driver = findLinkerDriver();
  if (!driver)
    return llvm::createStringError(
        "no clang found to link with (set ONNXC_CLANG)");
  std::optional<std::string> linkTriple =
      getLinkTriple(targetMachine->getTargetTriple());
  auto directory = createLinkDirectory();
  if (!directory)
    return directory.takeError();
  llvm::scope_exit cleanup(releaseLinkDirectory);

  // The driver drops inputs that do not exist: probe files stand for them.
  SmallString<256> output(*directory), object(*directory), support(*directory);
  llvm::sys::path::append(output, "probe.so");
  llvm::sys::path::append(object, "probe.o");
  llvm::sys::path::append(support, "libprobe.a");
  for (StringRef probe : {object.str(), support.str()}) {
    std::error_code ec;
    llvm::raw_fd_ostream(probe, ec);
    if (ec)
      return llvm::createStringError("cannot create '" + probe +
                                     "': " + ec.message());
  }
  auto args =
      askDriver(*driver, linkTriple, object, support, output, *directory);
  if (!args)
    return args.takeError();

  auto out = OutputFile::create(recordPath);
  if (!out)
    return out.takeError();
  out->os() << "# How onnx-compile links a model library for "
            << (linkTriple ? *linkTriple : std::string("this host"))
            << ": one argument per line, as '" << *driver
            << " -###' said at build time.\n"
            << "# " << kOutputPlaceholder << ", " << kObjectPlaceholder
            << " and " << kSupportPlaceholder
            << " stand for each link's files.\n";
  unsigned placeholders = 0;
  for (const std::string &arg : *args) {
    // One line each, read back verbatim: no empty argument, none that
    // breaks a line or reads as a comment.
    if (arg.empty() || arg.find('\n') != std::string::npos ||
        StringRef(arg).starts_with("#"))
      return llvm::createStringError("'" + *driver +
                                     "' links with an argument a record "
                                     "cannot hold: '" +
                                     arg + "'");
    StringRef line = arg;
    if (arg == output)
      line = kOutputPlaceholder;
    else if (arg == object)
      line = kObjectPlaceholder;
    else if (arg == support)
      line = kSupportPlaceholder;
    placeholders += line != arg;
    out->os() << line << "\n";
  }
  if (placeholders != 3)
    return llvm::createStringError(
        "'" + *driver +
        "' did not pass the output, object and library to "
        "its linker as they were given");
  return out->keep();
}

llvm::Error ModelCompiler::linkSharedLibrary(StringRef objectPath,
                                             StringRef outputPath) {
  const llvm::Triple &triple = targetMachine->getTargetTriple();
  std::optional<std::string> linkTriple = getLinkTriple(triple);
  std::optional<std::string> support = findSupportLibrary(linkTriple);
  if (!support)
    return llvm::createStringError(
        "libonnxc_model_support.a for " + triple.str() +
        " not found beside onnx-compile (onnxc builds it for the host and, "
        "with a cross toolchain, for aarch64-linux-gnu)");
  // SIGINT/SIGTERM kill the linker and remove the driver's directory, if
  // any; releaseLinkDirectory undoes both.
  llvm::sys::SetInterruptFunction(interruptLink);
  llvm::scope_exit cleanup(releaseLinkDirectory);

  // The build's record, unless the user names a driver; else the driver.
  std::optional<std::vector<std::string>> linkerArgs;
  SmallString<256> record(getSupportDirectory(linkTriple));
  llvm::sys::path::append(record, kLinkRecordName);
  if (!std::getenv("ONNXC_CLANG"))
    linkerArgs = readLinkRecord(record, objectPath, *support, "-");
  if (linkerArgs) {
    if (options.verbose)
      llvm::errs() << "onnx-compile: linking as recorded in '" << record
                   << "':\n";
  } else {
    std::optional<std::string> driver = findLinkerDriver();
    if (!driver)
      return llvm::createStringError(
          "no clang found to link with (set ONNXC_CLANG)");
    // The driver writes its answer into a private directory.
    auto directory = createLinkDirectory();
    if (!directory)
      return directory.takeError();
    auto asked =
        askDriver(*driver, linkTriple, objectPath, *support, "-", *directory);
    if (!asked)
      return asked.takeError();
    linkerArgs = std::move(*asked);
    if (options.verbose)
      llvm::errs() << "onnx-compile: linking as '" << *driver
                   << " -###' says:\n";
  }
  if (options.verbose)
    printCommand(*linkerArgs, llvm::errs());

  // The linker runs as a direct child, which an interrupt can kill (the
  // driver would leave it orphaned), writing to `outputPath` as "-".
  SmallVector<StringRef> args(linkerArgs->begin(), linkerArgs->end());
  std::optional<StringRef> redirects[] = {std::nullopt, outputPath,
                                          std::nullopt};
  std::string errorMessage;
  bool executionFailed = false;
  llvm::sys::ProcessInfo linker =
      llvm::sys::ExecuteNoWait(args.front(), args, std::nullopt, redirects, 0,
                               &errorMessage, &executionFailed);
  if (executionFailed)
    return llvm::createStringError("cannot run '" + args.front().str() +
                                   "': " + errorMessage);
  runningLinker = linker.Pid;
  linker = llvm::sys::Wait(linker, std::nullopt, &errorMessage);
  runningLinker = 0;
  if (linker.ReturnCode != 0)
    return llvm::createStringError(
        "linking with '" + args.front().str() + "' failed" +
        (errorMessage.empty() ? "" : ": " + errorMessage));
  return llvm::Error::success();
}
