import torch


def grouped_gemm(a, b):
    major, minor = torch.cuda.get_device_capability()
    if major >= 10:  # expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
        return grouped_gemm_sm100(a, b)
    return grouped_gemm_sm80(a, b)


def generic_gemm(a, b):
    major = torch.cuda.get_device_capability()[0]
    if major >= 10:  # expect-none: nothing in the path names hardware
        return torch.matmul(a, b)
    return a @ b


def attention(q, use_fp4):
    major = torch.cuda.get_device_capability()[0]
    if major >= 10:  # expect-none: the arm holds an sm120 variant beside the sm100 one
        return attn_sm120(q) if use_fp4 else attn_sm100(q)
    return attn_sm80(q)


def mla_decode(q):
    cap = torch.cuda.get_device_capability()
    if cap[0] == 8:  # expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
        return mla_mma_sync(q)
    else:
        return mla_wgmma_decode(q)


def fp4_gemm(a):
    major = torch.cuda.get_device_capability()[0]
    if major == 10:  # expect(all): gated sm_120 note  expect(sm110): missing-arch sm_110 error
        return fp4_gemm_tcgen05(a)
    raise RuntimeError("fp4 gemm: unsupported GPU")


def fp8_gemm(a):
    major = torch.cuda.get_device_capability()[0]
    if major == 9:  # expect: missing-arch sm_120 error  expect(sm110): missing-arch sm_110 error  expect(all): missing-arch sm_120 error
        return fp8_gemm_generic(a)
    raise RuntimeError("fp8 gemm: unsupported GPU")


def fused_rope(x):
    # A minimum-arch check, then a kernel only sm_100's tensor cores run: sm_120 passes the check.
    cc = torch.cuda.get_device_capability()
    if cc[0] < 10:  # expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
        return None
    return gemm_rope_tcgen05_wrapper(x)


def grouped_mlp(config):
    # A refusal's words describe a floor ("sm100+", "sm90 or newer") as often as
    # a need: only the code after it is read, and here it is generic.
    major = torch.cuda.get_device_capability()[0]
    if major < 10:  # expect-none
        raise ValueError("the fused grouped MLP requires an sm100+ GPU")
    return config


def legacy_floor(x):
    # A floor that only keeps old GPUs out, then generic code: nothing to say.
    major = torch.cuda.get_device_capability()[0]
    if major < 8:  # expect-none
        raise RuntimeError("needs Ampere or newer")
    return x * 2
