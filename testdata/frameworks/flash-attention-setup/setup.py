import os
import subprocess

import torch
from packaging.version import Version, parse
from setuptools import setup
from torch.utils.cpp_extension import CUDA_HOME, BuildExtension, CUDAExtension

# Dead: the nvcc flags below carry their own -gencode pairs, and PyTorch's
# extension builder then ignores TORCH_CUDA_ARCH_LIST (--all lists it).
os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "8.0;9.0;10.0")  # expect-none

# Toolkit versions, not archs.
SUPPORTED_TOOLKITS = ("12.3", "12.8", "13.0")  # expect-none


def get_cuda_bare_metal_version(cuda_dir):
    raw_output = subprocess.check_output([cuda_dir + "/bin/nvcc", "-V"], universal_newlines=True)
    output = raw_output.split()
    release_idx = output.index("release") + 1
    return raw_output, parse(output[release_idx].split(",")[0])


cc_flag = []
_, bare_metal_version = get_cuda_bare_metal_version(CUDA_HOME)
if bare_metal_version < Version("11.7"):
    raise RuntimeError("FlashAttention is only supported on CUDA 11.7 and above.")
cc_flag.append("-gencode")
cc_flag.append("arch=compute_80,code=sm_80")  # expect: missing-arch sm_120 error
if bare_metal_version >= Version("11.8"):
    cc_flag.append("-gencode")
    cc_flag.append("arch=compute_90,code=sm_90")
if bare_metal_version >= Version("12.8"):
    cc_flag.append("-gencode")
    cc_flag.append("arch=compute_100,code=sm_100")

setup(
    name="flash_attn",
    ext_modules=[
        CUDAExtension(
            name="flash_attn_2_cuda",
            sources=["csrc/flash_api.cpp"],
            extra_compile_args={"nvcc": ["-O3", "--use_fast_math"] + cc_flag},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
