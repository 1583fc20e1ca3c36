import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# The same arch-specific list, but the run-time check below admits exactly
# 12.0 and 10.0: 12.1 and 10.3 are refused before any kernel is looked up.
os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "9.0a;10.0a;12.0a")  # expect(unadmitted121): missing-arch sm_121 error  expect(unadmitted103): missing-arch sm_103 error

setup(
    name="paged_attention",
    ext_modules=[CUDAExtension("attention._C", ["csrc/paged.cu"])],
    cmdclass={"build_ext": BuildExtension},
)
