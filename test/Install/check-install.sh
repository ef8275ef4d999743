#!/bin/sh
# Installs the build into a fresh prefix and uses it as a user would, with
# nothing from the build tree: onnx-compile makes a model library, onnx-run
# runs it, and a C++ program built against the installed headers and
# libonnxc_runtime loads it.
#
# Usage: check-install.sh BUILD_DIR SOURCE_DIR CXX WORK_DIR
set -eu
build=$1 source=$2 cxx=$3 work=$4
prefix=$work/prefix
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
cd "$work"
"$prefix/bin/onnx-compile" "$source/examples/relu6.onnxtxt" -o relu6.so
"$prefix/bin/onnx-compile" "$source/examples/upsample2x.onnxtxt" -o upsample2x.so
"$prefix/bin/onnx-run" relu6.so --input "$source/examples/inputs/relu6.pb" --print
"$cxx" -std=c++17 -I"$prefix/include" "$source/examples/run_model.cpp" \
  -L"$prefix/lib" -lonnxc_runtime -Wl,-rpath,"$prefix/lib" -o run_model
./run_model relu6.so upsample2x.so
