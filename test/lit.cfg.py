# -*- Python -*-
# lit configuration of the onnxc regression tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "ONNXC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".onnxtxt", ".test", ".c"]
config.excludes = ["Inputs", "Install", "lit.cfg.py", "CMakeLists.txt"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.onnxc_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%python", config.onnxc_python))
config.substitutions.append(("%onnxc_src", config.onnxc_src_root))
config.substitutions.append(("%onnxc_lib", config.onnxc_lib_dir))
config.substitutions.append(("%onnxc_tools", config.onnxc_tools_dir))
# A clang driver to name in $ONNXC_CLANG.
config.substitutions.append(
    ("%clang", os.path.join(config.llvm_tools_dir, "clang")))

# CPU features the host has, for tests of models built for other CPUs.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = next((line.split(":", 1)[1].split() for line in cpuinfo
                      if line.startswith("flags")), [])
except OSError:
    flags = []
if any(flag.startswith("apx") for flag in flags):
    config.available_features.add("host-has-apx")
if os.uname().machine == "x86_64":
    config.available_features.add("host-x86_64")
# onnxc was built with the AArch64 model support library (cross toolchain).
if getattr(config, "onnxc_aarch64", False):
    config.available_features.add("aarch64-cross")

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.onnxc_tools_dir, append_path=True)

tool_dirs = [config.onnxc_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("onnx-opt", unresolved="fatal"),
    ToolSubst("onnx-compile", unresolved="ignore"),
    ToolSubst("onnx-run", unresolved="ignore"),
    ToolSubst("onnx-translate", unresolved="ignore"),
    ToolSubst("onnxc_bench", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
