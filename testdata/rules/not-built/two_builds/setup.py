# The wheel build: the Hopper-specific target only.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="paged_ops",
    ext_modules=[
        CUDAExtension(
            name="paged_ops._C",
            sources=["csrc/paged_api.cpp", "csrc/paged_kernel.cu"],
            extra_compile_args={"nvcc": ["-O3", "-gencode", "arch=compute_90a,code=sm_90a"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
