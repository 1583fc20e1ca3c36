import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# Without a visible GPU the builder would read TORCH_CUDA_ARCH_LIST, but the
# extension below passes its own -gencode pairs, so this default never reaches
# nvcc: adding 12.0 here would change nothing.
if os.environ.get("TORCH_CUDA_ARCH_LIST") is None:
    os.environ["TORCH_CUDA_ARCH_LIST"] = "7.0;8.0;9.0"  # expect-none

nvcc_flags = ["-O3"]
nvcc_flags.append("-gencode")
nvcc_flags.append("arch=compute_80,code=sm_80")  # expect: missing-arch sm_120 error  expect(sm103): missing-arch sm_103 error
nvcc_flags.append("-gencode")
nvcc_flags.append("arch=compute_90,code=sm_90")

setup(
    name="fused_norm",
    ext_modules=[CUDAExtension("fused_norm", ["norm.cu"], extra_compile_args={"nvcc": nvcc_flags})],
    cmdclass={"build_ext": BuildExtension},
)
