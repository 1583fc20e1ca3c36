import torch

from ..jit.core import gen_jit_spec, get_nvcc_flags_list


def gen_gemm_sm100_module():
    # Named for sm100 and built for 10 only: intentional.
    nvcc_flags = get_nvcc_flags_list(supported_major_versions=[10])
    return gen_jit_spec("gemm_sm100", ["gemm_sm100.cu"], extra_cuda_cflags=nvcc_flags)


def gen_gemm_sm90_module():
    nvcc_flags = get_nvcc_flags_list(supported_major_versions=[9])
    return gen_jit_spec("gemm_sm90", ["gemm_sm90.cu"], extra_cuda_cflags=nvcc_flags)


def gen_fp4_gemm_sm120_module():
    # Copied from the sm100 generator; the list was never updated.
    nvcc_flags = get_nvcc_flags_list(supported_major_versions=[10])  # expect: name-mismatch sm_120 error
    return gen_jit_spec("fp4_gemm_sm120", ["fp4_gemm_sm120.cu"], extra_cuda_cflags=nvcc_flags)


def gen_trtllm_gen_fmha_module():
    nvcc_flags = get_nvcc_flags_list(supported_major_versions=[10])  # expect: missing-arch sm_120 error
    return gen_jit_spec("fmha_gen", ["fmha_gen.cu"], extra_cuda_cflags=nvcc_flags)


def gen_cutlass_fused_moe_module():
    nvcc_flags = get_nvcc_flags_list(supported_major_versions=[9, 10])  # expect: missing-arch sm_120 error
    return gen_jit_spec("fused_moe", ["fused_moe.cu"], extra_cuda_cflags=nvcc_flags)


def gen_gemm_sm103_module():
    nvcc_flags = get_nvcc_flags_list(supported_major_versions=[10])
    return gen_jit_spec("gemm_sm103", ["gemm_sm103.cu"], extra_cuda_cflags=nvcc_flags)


_GEMM_MODULES = {  # expect-none: every module is built for sm100/sm103 (tcgen05): gated, --all
    "100": gen_gemm_sm100_module,
    "103": gen_gemm_sm103_module,
}


def get_gemm_module():
    major, minor = torch.cuda.get_device_capability()
    return _GEMM_MODULES[f"{major}{minor}"]()
