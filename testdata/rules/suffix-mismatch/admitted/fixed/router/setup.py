from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

nvcc_flags = ["-O3"]
# The sm_120a cubin runs on 12.0 alone; the compute_120 PTX beside it is
# JIT-compiled on 12.1, so 12.1 still gets a kernel.
nvcc_flags += ["-gencode", "arch=compute_120a,code=sm_120a", "-gencode", "arch=compute_120,code=compute_120"]  # expect(sm103): missing-arch sm_103 error

setup(
    name="moe_router",
    ext_modules=[CUDAExtension("moe_router._C", ["router.cu"], extra_compile_args={"nvcc": nvcc_flags})],
    cmdclass={"build_ext": BuildExtension},
)
