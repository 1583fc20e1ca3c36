from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="attn",
    ext_modules=[
        CUDAExtension(
            "attn._C",
            ["csrc/prefill.cpp", "csrc/decode.cpp"],
            extra_compile_args={"nvcc": ["-gencode", "arch=compute_90a,code=sm_90a",
                                         "-gencode", "arch=compute_120a,code=sm_120a"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
