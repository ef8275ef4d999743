"""Compiling models with onnx-compile, and the compile cache."""

import os
import shutil
import subprocess
import tempfile
import warnings

from . import _model_file
from ._native import Error, _compiler_path

# What onnx-compile's messages call a model given in memory, instead of the
# temporary file it reads the model from, which the caller never made.
_IN_MEMORY = "<model bytes>"

def _extension(options):
    """onnx-compile's default output suffix for the `emit` option (its
    table is onnxc::getEmitChoices)."""
    return {"lib": ".so", "obj": ".o", "asm": ".s", "llvm-ir": ".ll",
            "header": "_model.h"}.get(options.get("emit", "lib"), ".mlir")


# The keywords of compile(), onnx-compile's flags (see _compile_flags).
_OPTIONS = ("emit", "opt_level", "mcpu", "mtriple", "entry", "fuse",
            "vectorize", "vector_bits", "streaming_stores", "strict_shapes",
            "input_shapes", "resize_align_corners")


def _check_options(options, function="compile()", kind="keyword argument"):
    """Raises TypeError for an option compile() does not take, as Python
    does for an unknown keyword argument: onnx-compile would only say that
    it has no such flag."""
    for name in options:
        if name not in _OPTIONS:
            raise TypeError("%s got an unexpected %s '%s'" %
                            (function, kind, name))


def _input_shape_flags(input_shapes):
    """--input-shape flags for {input name or position: dims}; dims hold
    ints, str symbols and None (a dynamic dimension)."""
    flags = []
    for name, dims in input_shapes.items():
        text = ",".join("?" if d is None else str(d) for d in dims)
        flags.append("--input-shape=%s=%s" % (name, text))
    return flags


def _compile_flags(options):
    flags = []
    for name, value in options.items():
        if name == "opt_level":
            flags.append("-O%d" % value)
        elif name == "input_shapes":
            flags += _input_shape_flags(value)
        else:
            if isinstance(value, bool):
                value = "true" if value else "false"
            flags.append("--%s=%s" % (name.replace("_", "-"), value))
    return flags


def _model_bytes(model):
    """The serialized bytes of a ModelProto (anything with
    SerializeToString) or of bytes-like data; None for a path."""
    if isinstance(model, (str, os.PathLike)):
        return None
    if isinstance(model, (bytes, bytearray, memoryview)):
        return bytes(model)
    if hasattr(model, "SerializeToString"):
        return model.SerializeToString()
    raise TypeError("a model is a path, a ModelProto or its serialized "
                    "bytes, not a %s" % type(model).__name__)


def compile(model, output=None, **options):
    """Compiles `model` (a path, an onnx.ModelProto or its serialized bytes)
    with onnx-compile and returns the path of what it wrote (a shared
    library by default).

    `output` defaults to the model's name with the extension of `emit` in
    the current directory; for a model given in memory, to a file in the
    compile cache (see InferenceSession). Options mirror onnx-compile's
    flags: emit="lib", opt_level=3, mcpu=..., mtriple=..., entry=...,
    fuse=True, vectorize=True, vector_bits=..., streaming_stores="auto",
    resize_align_corners="onnx" (or "onnxruntime": align_corners divides
    by the output length - 1, as ONNX Runtime and PyTorch do),
    strict_shapes=False, and input_shapes={name or position: dims} (dims:
    ints, str symbols, None for a dynamic dimension); any other keyword is
    a TypeError. onnx-compile's warnings become Python warnings; its
    messages call a model given in memory "<model bytes>".
    """
    _check_options(options)
    compiler = _compiler_path()
    if not compiler:
        raise Error("onnx-compile not found (set ONNXC_COMPILE)")
    data = _model_bytes(model)
    if data is not None and output is None:
        return _cached_library(data, None, options)
    temporary = None
    try:
        if data is not None:
            temporary = tempfile.mkdtemp(prefix="onnxc-")
            model = os.path.join(temporary, "model.onnx")
            with open(model, "wb") as f:
                f.write(data)
        command = [compiler]
        if output is not None:
            command += ["-o", os.fspath(output)]
        command += _compile_flags(options)
        # "--": a model path that starts with '-' is still a path.
        command += ["--", os.fspath(model)]
        result = subprocess.run(command, capture_output=True, text=True)
        stderr = result.stderr
        if temporary is not None:
            stderr = stderr.replace(model, _IN_MEMORY)
        if result.returncode != 0:
            raise Error(stderr.strip() or "onnx-compile failed")
        for line in stderr.splitlines():
            if "warning: " in line:
                warnings.warn(line, stacklevel=2)
        if output is None:
            stem = os.path.splitext(os.path.basename(os.fspath(model)))[0]
            output = stem + _extension(options)
        output = os.path.abspath(output)
        if os.fspath(output) != os.devnull and not os.path.exists(output):
            raise Error("onnx-compile wrote no '%s'" % output)
        return output
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)


def _cached_library(data, path, options):
    """The library compiled from a model (its bytes `data`, read from
    `path` when that is not None) with `options`, from the compile cache,
    compiling it first if it is not there. Concurrent processes may compile
    the same model: each writes a file of its own and renames it into
    place, so a reader sees a whole library or none."""
    options = dict({"entry": "model"}, **options)
    compiler = _compiler_path()
    if not compiler:
        raise Error("onnx-compile not found (set ONNXC_COMPILE)")
    # The model's path decides where its external data is found.
    key_options = dict(options, _path=os.path.realpath(path) if path else "")
    directory = _model_file.cache_directory()
    os.makedirs(directory, mode=0o700, exist_ok=True)
    library = os.path.join(
        directory,
        _model_file.cache_key(data, key_options, compiler) +
        _extension(options))
    if os.path.exists(library):
        return library
    partial = tempfile.NamedTemporaryFile(dir=directory, suffix=".tmp",
                                          delete=False)
    partial.close()
    try:
        compile(path if path else data, output=partial.name, **options)
        os.replace(partial.name, library)
    finally:
        if os.path.exists(partial.name):
            os.remove(partial.name)
    return library
