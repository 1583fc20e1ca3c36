# The extension's kernels use wgmma and TMA, so it is compiled for the
# Hopper-specific target only; _sm80.cu files get an Ampere build step.
import os
import sys

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

STABLE_ABI = os.getenv("ATTN_STABLE_ABI", "0") == "1"

cc_flag = []
cc_flag.append("-gencode")
cc_flag.append("arch=compute_90a,code=sm_90a")


class AttnBuild(BuildExtension):
    # Sources named *_sm80.cu are compiled for Ampere instead.
    def flags_for(self, source, flags):
        if source.endswith("_sm80.cu"):
            return [f if f != "arch=compute_90a,code=sm_90a" else "arch=compute_80,code=sm_80" for f in flags]
        return flags


if STABLE_ABI:
    api_source = "csrc/attn_api_stable.cpp"
else:
    api_source = "csrc/attn_api.cpp"

sources = [api_source] + ["csrc/attn_fwd_sm90.cu", "csrc/attn_fwd_sm80.cu"]
sources += ["csrc/attn_combine.cu"]

nvcc_flags = ["-O3", "--use_fast_math", "--expt-relaxed-constexpr"]

setup(
    name="hopper_attn",
    ext_modules=[
        CUDAExtension(
            name="hopper_attn._C",
            sources=sources,
            extra_compile_args={"cxx": ["-O3"], "nvcc": nvcc_flags + cc_flag},
        )
    ],
    cmdclass={"build_ext": AttnBuild},
)
