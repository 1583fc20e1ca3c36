import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# Each Blackwell of the family has its own arch-specific target here.
os.environ["TORCH_CUDA_ARCH_LIST"] = "9.0a 10.0a 10.3a 12.0a 12.1a"  # expect-none

setup(
    name="moe_experts",
    ext_modules=[CUDAExtension("moe_experts._C", ["experts.cu"], extra_compile_args={"nvcc": ["-O3"]})],
    cmdclass={"build_ext": BuildExtension},
)
