"""Builds btsolve's extension with the repo's CMake; the metadata is in pyproject.toml.

`pip install --no-build-isolation --no-index .` uses Debian's cmake, ninja and pybind11;
a plain `pip install .` gets them from the build requirements. The build directory is
build/pip (BTSOLVE_BUILD_DIR overrides it), so a second install only rebuilds what changed.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    """Configure and build the target _btsolve, then put the module where setuptools wants it."""

    def build_extension(self, ext):
        build = Path(os.environ.get("BTSOLVE_BUILD_DIR", ROOT / "build" / "pip"))
        # -O2, as Python's own extensions are built (Debian's CFLAGS): -O3's extra inlining
        # of the runner's templates costs .ci/test's 15 minutes more than it gains a search.
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG",
                     "-DBT_PYTHON=ON", "-DBT_BUILD_TESTS=OFF", "-DBT_BUILD_BENCH=OFF",
                     "-DBT_WARNINGS_AS_ERRORS=OFF", "-DBT_MPI=OFF",
                     f"-DPython3_EXECUTABLE={sys.executable}"]
        if shutil.which("ninja") and not (build / "CMakeCache.txt").exists():
            configure += ["-G", "Ninja"]
        try:
            import pybind11
            configure.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass  # CMake looks for Debian's pybind11-dev
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.check_call(configure)
        subprocess.check_call(["cmake", "--build", str(build), "--target", "_btsolve",
                               "--parallel", jobs])
        built = sorted((ROOT / "python" / "btsolve").glob("_btsolve*.so"),
                       key=lambda p: p.stat().st_mtime)
        if not built:
            raise RuntimeError("the build made no _btsolve module")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[-1], target)


setup(ext_modules=[Extension("btsolve._btsolve", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
