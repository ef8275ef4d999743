# A CMake toolchain file for 64-bit Arm Linux, with LLVM 22's clang and lld
# and Debian's cross libraries (libc6-dev-arm64-cross,
# libstdc++-12-dev-arm64-cross). Installed beside onnxcConfig.cmake:
#
#   cmake -S app -B app-arm64 -DCMAKE_PREFIX_PATH=PREFIX \
#     --toolchain PREFIX/lib/cmake/onnxc/aarch64-linux-gnu.cmake
#
# find_package(onnxc) then links the AArch64 runtime, and onnxc_add_model
# compiles models for AArch64. Run the programs on an AArch64 machine, or
# here with `qemu-aarch64 -L /usr/aarch64-linux-gnu PROGRAM`.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER /usr/lib/llvm-22/bin/clang)
set(CMAKE_C_COMPILER_TARGET aarch64-linux-gnu)
set(CMAKE_CXX_COMPILER /usr/lib/llvm-22/bin/clang++)
set(CMAKE_CXX_COMPILER_TARGET aarch64-linux-gnu)
set(CMAKE_EXE_LINKER_FLAGS_INIT -fuse-ld=lld)
set(CMAKE_SHARED_LINKER_FLAGS_INIT -fuse-ld=lld)
