# Tests of onnxc pipelines with the installed tools, run by LLVM's lit:
#   lit-22 -sv --param onnxc_bin=PREFIX/bin --param exec_root=DIR examples/lit
# runs each .mlir file's RUN lines with PREFIX/bin's onnx-opt, onnx-translate
# and onnx-compile and LLVM 22's FileCheck, writing scratch files under DIR
# (default: onnxc-lit-examples in the temporary directory).
import os
import tempfile
import lit.formats

config.name = "onnxc-examples"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
# Not in the directory lit runs from (a checkout): a temporary one.
config.test_exec_root = lit_config.params.get(
    "exec_root", os.path.join(tempfile.gettempdir(), "onnxc-lit-examples"))
tools = [lit_config.params.get("onnxc_bin", "/usr/local/bin"),
         "/usr/lib/llvm-22/bin"]
config.environment["PATH"] = os.pathsep.join(tools + [os.environ["PATH"]])
