# The wheel: the Hopper-specific target only.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="scan_ops",
    ext_modules=[
        CUDAExtension(
            name="scan_ops._C",
            sources=["csrc/ops/scan_api.cpp", "csrc/ops/scan_kernel.cu"],
            extra_compile_args={"nvcc": ["-O3", "-gencode", "arch=compute_90a,code=sm_90a"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
