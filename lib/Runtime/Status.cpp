//===- Status.cpp - Errors of the C API -----------------------------------===//
//
// Every failing C API call leaves a message for onnxc_last_error in a
// buffer of the calling thread.
//
//===----------------------------------------------------------------------===//

#include "RuntimeInternal.h"

#include <cstdarg>
#include <cstdio>

using namespace onnxc::runtime;

namespace {
/// The calling thread's last error, in a buffer of its own: reporting an
/// error, out of memory included, allocates nothing.
thread_local char lastError[1024];
} // namespace

onnxc_status onnxc::runtime::fail(onnxc_status status, const char *format,
                                  ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(lastError, sizeof(lastError), format, args);
  va_end(args);
  return status;
}

const char *onnxc_last_error(void) { return lastError; }
