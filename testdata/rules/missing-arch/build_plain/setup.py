import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# No -gencode of its own: the builder compiles for exactly this list.
os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "8.0;9.0")  # expect: missing-arch sm_120 error  expect(sm103): missing-arch sm_103 error

setup(
    name="fused_rope",
    ext_modules=[CUDAExtension("fused_rope", ["rope.cu"], extra_compile_args={"nvcc": ["-O3"]})],
    cmdclass={"build_ext": BuildExtension},
)
