import torch


def get_sm_version() -> int:
    major, minor = torch.cuda.get_device_capability()
    return major * 10 + minor


def select_gemm_runner() -> str:
    sm = get_sm_version()
    if sm == 90:  # expect: bounded-range sm_120 error  expect(sm121): bounded-range sm_121 error
        return "hopper"
    elif 100 <= sm < 120:
        return "blackwell"
    else:
        raise RuntimeError(f"no GEMM runner for sm_{sm}")


def select_quant_kernel() -> str:
    # Bounds written as two comparisons joined by `and` are one range each.
    sm = get_sm_version()
    if sm >= 75 and sm < 80:  # expect: bounded-range sm_120 error  expect(sm121): bounded-range sm_121 error
        return "turing_int8"
    elif sm >= 80 and sm < 90:
        return "ampere_int8"
    raise RuntimeError(f"no int8 kernel for sm_{sm}")


def hopper_gemm(x):
    # Three bounds joined by `and` are still one range, [90, 100): no bound
    # alone lets sm_120 into the wgmma kernel.
    sm = get_sm_version()
    if sm >= 90 and sm < 100 and sm >= 90:  # expect-none: sm_120 is outside [90, 100)
        return launch_wgmma_gemm(x)
    return launch_mma_gemm(x)


def select_attention(sm: int) -> str:
    # An open range of another family catches sm_121 while sm_120 has an exact arm.
    if sm == 120:  # expect(sm121): wrong-path sm_121 warning
        return "sm120_fmha"
    if sm >= 100:
        return "sm100_fmha"
    return "fallback_fmha"


def legacy_config(sm: int) -> str:
    # A legacy catch-all: only an upper bound, never a finding.
    if sm < 90:  # expect-none
        return "sm80_config"
    return "modern_config"


def ampere_tuning(sm: int) -> int:
    # One family with a generic else: at most a note, so nothing by default.
    if 80 <= sm < 90:  # expect-none
        return 64
    else:
        return 128


def run():
    sm = get_sm_version()
    return select_attention(sm), legacy_config(sm), ampere_tuning(sm), select_quant_kernel()
