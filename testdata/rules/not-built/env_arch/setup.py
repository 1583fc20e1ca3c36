# No arch flags of its own: the extension builder compiles for
# TORCH_CUDA_ARCH_LIST as set when the wheel is built, which this file does not show.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="env_arch",
    ext_modules=[CUDAExtension("env_arch._C", ["csrc/norm.cpp"], extra_compile_args={"nvcc": ["-O3"]})],
    cmdclass={"build_ext": BuildExtension},
)
