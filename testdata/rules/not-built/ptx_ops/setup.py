# Blackwell datacenter cubins, plus the arch list of the machine that builds it
# in an f-string: what is compiled cannot be read from this file.
import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

major, minor = torch.cuda.get_device_capability()
nvcc = ["-gencode", "arch=compute_100a,code=sm_100a"]
nvcc += ["-gencode", f"arch=compute_{major}{minor},code=sm_{major}{minor}"]

setup(
    name="ptx_ops",
    ext_modules=[CUDAExtension("ptx_ops._C", ["csrc/gemm.cpp"], extra_compile_args={"nvcc": nvcc})],
    cmdclass={"build_ext": BuildExtension},
)
