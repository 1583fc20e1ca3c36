from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# Hopper gets the wgmma kernels, RTX Blackwell its block-scaled mma.sync ones.
cc_flag = ["-gencode", "arch=compute_90a,code=sm_90a"]  # expect(sm121): missing-arch sm_121 error
cc_flag += ["-gencode", "arch=compute_120a,code=sm_120a"]

setup(
    name="fp8_gemm",
    ext_modules=[
        CUDAExtension(
            "fp8_gemm._C",
            ["csrc/api.cpp", "csrc/gemm_sm90.cu", "csrc/gemm_sm120.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3"] + cc_flag},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
