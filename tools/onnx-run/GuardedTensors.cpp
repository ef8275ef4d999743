//===- GuardedTensors.cpp - Tensors against inaccessible pages ------------===//

#include "GuardedTensors.h"

#include <sys/mman.h>
#include <unistd.h>

using namespace onnxrun;

onnxrun::GuardedMemory::GuardedMemory(size_t bytes, GuardPages where) {
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  size_t dataPages = bytes / page + (bytes % page != 0);
  length = (dataPages + 1) * page;
  errno = 0;
  void *mapped = mmap(nullptr, length, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED)
    die("cannot map memory for --guard-pages" + reason());
  mapping = static_cast<char *>(mapped);
  char *guard =
      where == GuardPages::After ? mapping + dataPages * page : mapping;
  if (mprotect(guard, page, PROT_NONE) != 0)
    die("cannot protect a guard page" + reason());
  data = where == GuardPages::After ? guard - bytes : guard + page;
}

onnxrun::GuardedMemory::~GuardedMemory() { munmap(mapping, length); }

Tensor
onnxrun::createGuarded(const onnxc_tensor *like, bool copy, GuardPages where,
                       std::vector<std::unique_ptr<GuardedMemory>> &memory) {
  size_t bytes = onnxc_tensor_size_bytes(like);
  memory.push_back(std::make_unique<GuardedMemory>(bytes, where));
  char *data = memory.back()->data;
  if (copy && bytes)
    memcpy(data, onnxc_tensor_const_data(like), bytes);
  onnxc_tensor *tensor = nullptr;
  check(onnxc_tensor_wrap(onnxc_tensor_element_type(like),
                          onnxc_tensor_rank(like), onnxc_tensor_dims(like),
                          data, bytes, &tensor),
        "cannot place a tensor for --guard-pages");
  return Tensor(tensor);
}
