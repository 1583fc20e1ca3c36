from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# No arch flags of its own: TORCH_CUDA_ARCH_LIST decides, which may hold 12.0.
setup(
    name="attn_ext",
    ext_modules=[CUDAExtension("attn_ext._C", ["csrc/attn.cu"], extra_compile_args={"nvcc": ["-O3"]})],
    cmdclass={"build_ext": BuildExtension},
)
