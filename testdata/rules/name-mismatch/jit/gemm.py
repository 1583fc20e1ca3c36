from jit.core import get_nvcc_flags_list


def gen_gemm_sm120_module():
    return get_nvcc_flags_list(supported_major_versions=[10])  # expect: name-mismatch sm_120 error


def gen_gemm_sm100_module():
    return get_nvcc_flags_list(supported_major_versions=[10])  # expect-none
