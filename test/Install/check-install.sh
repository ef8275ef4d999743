#!/bin/sh
# Installs the build into a fresh prefix and uses it as a user would, with
# nothing from the build tree: onnx-compile makes a model library, onnx-run
# runs it, a C++ program built against the installed headers and
# libonnxc_runtime loads it, a CMake project finds the package and compiles
# a model into its programs (shared and static runtime; natively and
# cross-built for AArch64, run under qemu), a C program builds with
# pkg-config, the package pip builds from the build and source trees works
# on its own, and the installed Python package compiles and runs a model.
# The last line of output is reached only if all of it worked.
#
# Usage: check-install.sh BUILD_DIR SOURCE_DIR CXX WORK_DIR CC
set -eu
build=$1 source=$2 cxx=$3 work=$4 cc=$5
prefix=$work/prefix
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
cd "$work"
# The installed link record is the one used: no clang per link.
"$prefix/bin/onnx-compile" "$source/examples/relu6.onnxtxt" -o relu6.so -v \
  2>link.log
grep -q "linking as recorded in '$prefix/bin/../lib/onnxc-link-command.txt'" \
  link.log
"$prefix/bin/onnx-compile" "$source/examples/upsample2x.onnxtxt" -o upsample2x.so
"$prefix/bin/onnx-run" relu6.so --input "$source/examples/inputs/relu6.pb" --print
"$cxx" -std=c++17 -I"$prefix/include" "$source/examples/run_model.cpp" \
  -L"$prefix/lib" -lonnxc_runtime -Wl,-rpath,"$prefix/lib" -o run_model
./run_model relu6.so upsample2x.so
# A C project: find_package(onnxc), onnxc_add_model, onnxc::runtime and
# onnxc::runtime_static, the imported tools; with both generators.
for generator in Ninja "Unix Makefiles"; do
  rm -rf consumer
  cmake -S "$source/test/Install/consumer" -B consumer -G "$generator" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
    -DONNXC_EXAMPLE_MODEL="$source/examples/relu6.onnxtxt" >consumer.log
  cmake --build consumer >>consumer.log
  ./consumer/consumer
  ./consumer/consumer_static
  if ldd ./consumer/consumer_static | grep -q onnxc_runtime; then
    echo "consumer_static links libonnxc_runtime.so" >&2
    exit 1
  fi
done
# Rebuilding after the model changes recompiles it.
cp "$source/examples/relu6.onnxtxt" relu6-copy.onnxtxt
cmake -S "$source/test/Install/consumer" -B consumer-touch -G Ninja \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
  -DONNXC_EXAMPLE_MODEL="$work/relu6-copy.onnxtxt" >>consumer.log
cmake --build consumer-touch >>consumer.log
touch relu6-copy.onnxtxt
cmake --build consumer-touch | grep -q "Compiling ONNX model"
# pkg-config, with the header from onnx-compile --emit=header: the program
# starts without LD_LIBRARY_PATH; onnxc-static embeds the runtime.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
pkg-config --exists onnxc onnxc-static
"$prefix/bin/onnx-compile" "$source/examples/relu6.onnxtxt" --emit=header \
  --entry=relu6 -o relu6_model.h
"$cc" -c "$source/test/Install/consumer/main.c" -I. \
  $(pkg-config --cflags onnxc) -o main.o
"$prefix/bin/onnx-compile" "$source/examples/relu6.onnxtxt" --emit=obj \
  --entry=relu6 -o relu6.o
"$cc" main.o relu6.o $(pkg-config --libs onnxc) -o consumer_pkgconfig
./consumer_pkgconfig
"$cc" main.o relu6.o $(pkg-config --libs onnxc-static) \
  -o consumer_pkgconfig_static
./consumer_pkgconfig_static
if ldd ./consumer_pkgconfig_static | grep -q onnxc_runtime; then
  echo "consumer_pkgconfig_static links libonnxc_runtime.so" >&2
  exit 1
fi
unset PKG_CONFIG_PATH
# Cross-built for AArch64 with the installed toolchain file: the programs
# link the prefix's AArch64 runtime and run under qemu, as does the
# installed AArch64 onnx-run with a model compiled for AArch64.
cmake -S "$source/test/Install/consumer" -B consumer-aarch64 -G Ninja \
  --toolchain "$prefix/lib/cmake/onnxc/aarch64-linux-gnu.cmake" \
  -DCMAKE_PREFIX_PATH="$prefix" \
  -DONNXC_EXAMPLE_MODEL="$source/examples/relu6.onnxtxt" >>consumer.log
cmake --build consumer-aarch64 >>consumer.log
for program in consumer consumer_static; do
  qemu-aarch64 -L /usr/aarch64-linux-gnu "consumer-aarch64/$program"
done
"$prefix/bin/onnx-compile" "$source/examples/relu6.onnxtxt" \
  --mtriple=aarch64-linux-gnu -o relu6-aarch64.so
/usr/bin/python3 -c "import numpy; numpy.save('x.npy', numpy.array([-1, 3, 7], numpy.float32))"
qemu-aarch64 -L /usr/aarch64-linux-gnu \
  "$prefix/bin/aarch64-linux-gnu/onnx-run" relu6-aarch64.so --input x.npy \
  --print >onnx-run-aarch64.log
grep -q "output y: float32\[3\] = \[0, 3, 6\]" onnx-run-aarch64.log
# pip: a wheel of the build tree, and of the source tree (which finds its
# build), holding the package with onnx-compile and the runtime; installed
# into a directory of its own, it compiles and runs a model with nothing
# from the build or the prefix.
for project in "$build" "$source"; do
  rm -rf pip-target
  ONNXC_BUILD_DIR="$build" /usr/bin/python3 -m pip install --quiet \
    --no-deps --no-index --target pip-target "$project" 2>pip.log ||
    { cat pip.log >&2; exit 1; }
  env -u ONNXC_BUILD_DIR PYTHONPATH="$work/pip-target" \
    XDG_CACHE_HOME="$work/pip-cache" /usr/bin/python3 - "$source" <<'PY'
import os, sys
import numpy as np
import onnxc
here = os.path.dirname(onnxc.__file__)
assert here == os.path.join(os.environ["PYTHONPATH"], "onnxc"), here
assert onnxc._native._compiler_path().startswith(here)
assert onnxc._native._runtime_path().startswith(here)
session = onnxc.InferenceSession(
    os.path.join(sys.argv[1], "examples", "relu6.onnxtxt"))
(y,) = session.run(None, {"x": np.array([-1, 3, 7], np.float32)})
assert y.tolist() == [0, 3, 6], y
PY
done
# The Python package, where Debian's python3 finds it under the prefix:
# installed with the default prefix, it would be on sys.path.
site=$(cd "$prefix" && echo lib/python3.*/dist-packages)
/usr/bin/python3 -c "import sys; sys.exit('/usr/local/$site' not in sys.path)"
PYTHONPATH="$prefix/$site" /usr/bin/python3 - "$source" <<'PY'
import os, sys
import numpy as np
import onnxc
assert onnxc.__file__.startswith(os.environ["PYTHONPATH"]), onnxc.__file__
library = onnxc.compile(os.path.join(sys.argv[1], "examples", "relu6.onnxtxt"),
                        "relu6-python.so")
(y,) = onnxc.InferenceSession(library).run(
    None, {"x": np.array([-1, 3, 7], np.float32)})
assert y.tolist() == [0, 3, 6], y
print("python package from the prefix: as expected")
PY
