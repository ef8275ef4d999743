//===- TargetTuning.cpp - What the code generator asks of a target --------===//

#include "TargetTuning.h"
#include "onnxc/Pipelines/Pipelines.h"

#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/X86TargetParser.h"

#include <algorithm>
#include <string>

using namespace onnxc;
using llvm::SmallVector;
using llvm::StringRef;

/// SIMD register width the target machine offers.
unsigned compiler::getTargetVectorBits(const llvm::TargetMachine &tm) {
  const llvm::MCSubtargetInfo *subtarget = tm.getMCSubtargetInfo();
  return onnxc::getVectorBits(tm.getTargetTriple(), [&](StringRef feature) {
    return subtarget->checkFeatures(("+" + feature).str());
  });
}

/// Bytes read and written per thread from which kernels write with
/// streaming stores by default: 3/4 of this CPU's share of its last-level
/// cache (the cache's size over the CPUs sharing it, from sysfs), the
/// fraction glibc's memcpy keeps for its own copies. When sysfs describes
/// no caches, 24 MiB, 3/4 of the 32 MiB L3 of one AMD Zen 4 or Zen 5 core
/// complex (virtual machines of those often hide their caches), where the
/// int8 Clips and Upsamples of benchmarks/run.sh cross over
/// (docs/design.md, "Streaming stores").
int64_t compiler::getDefaultStreamingThreshold() {
  int64_t bestLevel = 0, bytes = 0, sharing = 1;
  for (int index = 0; index < 8; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    auto read = [&](const char *name) -> std::string {
      auto buffer = llvm::MemoryBuffer::getFile(dir + "/" + name);
      return buffer ? (*buffer)->getBuffer().trim().str() : std::string();
    };
    std::string level = read("level"), size = read("size");
    int64_t levelNumber = 0, kib = 0;
    if (StringRef(level).getAsInteger(10, levelNumber) ||
        !StringRef(size).consume_back("K") ||
        StringRef(size).drop_back().getAsInteger(10, kib) ||
        levelNumber <= bestLevel)
      continue;
    bestLevel = levelNumber;
    bytes = kib << 10;
    // "0-1,4-5": the CPUs sharing this cache.
    sharing = 0;
    SmallVector<StringRef> ranges;
    StringRef(read("shared_cpu_list")).split(ranges, ',');
    for (StringRef range : ranges) {
      auto [first, last] = range.split('-');
      int64_t from = 0, to = 0;
      if (first.getAsInteger(10, from))
        continue;
      if (last.empty() || last.getAsInteger(10, to))
        to = from;
      sharing += std::max<int64_t>(1, to - from + 1);
    }
    sharing = std::max<int64_t>(1, sharing);
  }
  if (bytes <= 0)
    return (int64_t(32) << 20) * 3 / 4;
  return bytes / sharing * 3 / 4;
}

/// Pages a flattened elementwise loop streams at once (onnx-streaming-stores
/// page-streams): four on Intel cores, whose prefetchers follow a stream
/// per page; one elsewhere, the order every copy uses, since AMD Zen cores
/// lose their prefetchers to reads that alternate between pages (large
/// Clips of benchmarks/run.sh; docs/design.md, "Streaming stores"). Generic
/// x86 CPUs, whose vendor is unknown, stay with one.
int64_t compiler::getStreamingPageStreams(const llvm::TargetMachine *tm) {
  if (!tm || !tm->getTargetTriple().isX86())
    return 1;
  using namespace llvm::X86;
  switch (parseArchX86(tm->getTargetCPU())) {
  case CK_None:
  case CK_x86_64:
  case CK_x86_64_v2:
  case CK_x86_64_v3:
  case CK_x86_64_v4:
  case CK_WinChipC6:
  case CK_WinChip2:
  case CK_C3:
  case CK_C3_2:
  case CK_Geode:
  case CK_K6:
  case CK_K6_2:
  case CK_K6_3:
  case CK_Athlon:
  case CK_AthlonXP:
  case CK_K8:
  case CK_K8SSE3:
  case CK_AMDFAM10:
  case CK_BTVER1:
  case CK_BTVER2:
  case CK_BDVER1:
  case CK_BDVER2:
  case CK_BDVER3:
  case CK_BDVER4:
  case CK_ZNVER1:
  case CK_ZNVER2:
  case CK_ZNVER3:
  case CK_ZNVER4:
  case CK_ZNVER5:
    return 1;
  default:
    return 4;
  }
}
