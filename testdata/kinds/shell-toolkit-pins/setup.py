import os

from setuptools import setup

# Handed to CMake as -DCMAKE_CUDA_ARCHITECTURES: a plain 90 there also embeds
# compute_90 PTX, which sm_120 JIT-compiles.
cmake_args = []
archs = os.environ.get("KT_CUDA_ARCHS", "80;86;89;90")  # expect: missing-arch sm_120 warning
cmake_args.append(f"-DCMAKE_CUDA_ARCHITECTURES={archs}")

setup(name="kt", version="0.1")
