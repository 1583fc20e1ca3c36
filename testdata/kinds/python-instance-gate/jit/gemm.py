from jit.core import current_compilation_context


def gen_gemm_module():
    flags = current_compilation_context.get_nvcc_flags_list(supported_major_versions=[9, 10])  # expect: missing-arch sm_120 error
    return flags


def gen_fp4_gemm_sm100_module():
    flags = current_compilation_context.get_nvcc_flags_list(supported_major_versions=[10, 11, 12])
    return flags


def gen_fp8_gemm_sm100_module():
    flags = current_compilation_context.get_nvcc_flags_list(supported_major_versions=[10])  # expect: missing-arch sm_120 error
    return flags


def gen_gemm_sm90_module():
    # Near miss: named for sm90; the wider calls add newer majors, but the
    # WGMMA kernels it builds exist only for 9.
    flags = current_compilation_context.get_nvcc_flags_list(supported_major_versions=[9])
    return flags
