import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# Wheels are built without a GPU, so the builder reads this list. 12.0a and
# 10.0a cubins use each arch's own instructions and run on 12.0 and 10.0 alone.
os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "8.0;9.0a;10.0a;12.0a")  # expect(sm121): missing-arch sm_121 error; suffix-mismatch sm_121 error  expect(sm103): missing-arch sm_103 error; suffix-mismatch sm_103 error  expect(default): missing-arch sm_121 error

setup(
    name="grouped_gemm",
    ext_modules=[
        CUDAExtension(
            "grouped_gemm._C",
            ["csrc/grouped_gemm.cu", "csrc/bindings.cpp"],
            extra_compile_args={"nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
