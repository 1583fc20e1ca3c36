# `-arch=sm_80` embeds compute_80 PTX beside the SASS: newer GPUs JIT it.
import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

this_dir = os.path.dirname(os.path.abspath(__file__))


def arch_flags():
    return ["-arch=sm_80"]


setup(
    name="plain_ops",
    ext_modules=[
        CUDAExtension(
            "plain_ops._C",
            [os.path.join(this_dir, "csrc", "ops.cpp"), os.path.join(this_dir, "csrc", "ops_kernel.cu")],
            extra_compile_args={"nvcc": ["-O3"] + arch_flags()},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
