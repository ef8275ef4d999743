"""A PEP 517 build backend for `python3 -m pip install DIR`, DIR being the
onnxc source tree (with a build in DIR/build, or in $ONNXC_BUILD_DIR) or a
build tree.

It builds no C++: it installs the build into a scratch prefix with
`cmake --install` and packs the onnxc package with what Python needs from
that prefix under onnxc/_prefix: onnx-compile, the runtime, the model
support libraries and their link records. The package looks there first.
It needs nothing but the standard library, so pip's isolated build
environment downloads nothing."""

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

_NAME = "onnxc"
_SUMMARY = "Python API of onnxc, an ahead-of-time compiler for ONNX models"
# What the package runs from the prefix: the compiler and what it links
# into every model (per target), and the runtime it loads models with.
_PREFIX_FILES = ("bin/onnx-compile", "lib/libonnxc_runtime.so",
                 "lib/libonnxc_model_support.a", "lib/onnxc-link-command.txt")


def _build_dir():
    here = os.getcwd()
    candidates = [os.environ.get("ONNXC_BUILD_DIR"), here,
                  os.path.join(here, "build")]
    for candidate in candidates:
        if candidate and os.path.exists(os.path.join(candidate,
                                                     "CMakeCache.txt")):
            return os.path.abspath(candidate)
    raise RuntimeError(
        "onnxc is not built: run scripts/build.sh (or set ONNXC_BUILD_DIR "
        "to a build tree) before pip install")


def _version(build):
    namespace = {}
    path = os.path.join(build, "python", "onnxc", "_version.py")
    with open(path) as f:
        exec(f.read(), namespace)
    return namespace["__version__"]


def _tag():
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-" + platform


def _files(stage):
    """(archive name, path) of every file of the wheel."""
    python = [os.path.join(root, name)
              for root, _, names in os.walk(os.path.join(stage, "lib"))
              for name in names
              if os.sep + os.path.join("dist-packages", _NAME) + os.sep
              in os.path.join(root, name)]
    if not python:
        raise RuntimeError("the build installs no onnxc Python package")
    package = os.path.dirname(python[0])
    for path in sorted(python):
        if os.path.dirname(path) == package and path.endswith(".py"):
            yield _NAME + "/" + os.path.basename(path), path
    wanted = list(_PREFIX_FILES)
    # Cross targets: their model support library and link record.
    for entry in sorted(os.listdir(os.path.join(stage, "lib"))):
        if os.path.isdir(os.path.join(stage, "lib", entry)) and \
                entry.endswith("-linux-gnu"):
            for name in ("libonnxc_model_support.a",
                         "onnxc-link-command.txt"):
                wanted.append("lib/%s/%s" % (entry, name))
    for relative in wanted:
        path = os.path.join(stage, relative)
        if os.path.exists(path):
            yield _NAME + "/_prefix/" + relative, path


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
    return "%s,sha256=%s,%d" % (name, digest.rstrip(b"=").decode(), len(data))


def build_wheel(wheel_directory, config_settings=None,
                metadata_directory=None):
    build = _build_dir()
    version = _version(build)
    wheel_name = "%s-%s-%s.whl" % (_NAME, version, _tag())
    info = "%s-%s.dist-info" % (_NAME, version)
    with tempfile.TemporaryDirectory() as stage:
        subprocess.run(["cmake", "--install", build, "--prefix", stage],
                       check=True, stdout=subprocess.DEVNULL)
        records = []
        path = os.path.join(wheel_directory, wheel_name)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
            def add(name, data, mode=0o644):
                entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                entry.external_attr = (0o100000 | mode) << 16
                entry.compress_type = zipfile.ZIP_DEFLATED
                wheel.writestr(entry, data)
                records.append(_record_line(name, data))

            for name, source in _files(stage):
                with open(source, "rb") as f:
                    data = f.read()
                mode = 0o755 if os.access(source, os.X_OK) and \
                    "/bin/" in name else 0o644
                add(name, data, mode)
            add(info + "/METADATA", (
                "Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
                "Summary: %s\nRequires-Python: >=3.9\n"
                "Requires-Dist: numpy\n" % (_NAME, version, _SUMMARY)).encode())
            add(info + "/WHEEL", (
                "Wheel-Version: 1.0\nGenerator: onnxc_wheel\n"
                "Root-Is-Purelib: false\nTag: %s\n" % _tag()).encode())
            record = info + "/RECORD"
            wheel.writestr(zipfile.ZipInfo(record, (1980, 1, 1, 0, 0, 0)),
                           "\n".join(records + [record + ",,"]) + "\n")
    return wheel_name


def get_requires_for_build_wheel(config_settings=None):
    return []
