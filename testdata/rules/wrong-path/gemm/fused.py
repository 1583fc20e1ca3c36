# Paths chosen by calling a capability helper (capability.py): the call site is
# where sm_120 is let in, and is judged there.
import torch

from . import capability
from .capability import (
    fused_rope_supported,
    is_hopper,
    is_sm90_or_newer,
    is_sm_at_least_90,
    is_sm_at_least_100,
    prefers_large_tiles,
    supports_dtype,
)


def mla_q_projection(x):
    if fused_rope_supported():  # expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
        return gemm_rope_tcgen05_wrapper(x)
    return reference_rope(x)


def sparse_fp8_linear(x, w):
    assert is_sm_at_least_90(), "sparse fp8 needs sm_90"  # expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
    return sparse_fp8_gemm_sm90a(x, w)


def grouped_linear(x):
    if not is_sm_at_least_100():  # expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
        raise RuntimeError("the grouped GEMM needs sm_100 or newer")
    return grouped_gemm_umma(x)


def conv3d(x):
    if capability.is_sm_at_least_100():  # expect-none: the path names no hardware
        return conv3d_fast(x)
    return conv3d_reference(x)


def decode(q):
    if is_hopper():  # expect-none: an equality helper; sm_120 takes the else
        return decode_wgmma(q)
    return decode_mma(q)


def tile_config(x):
    if prefers_large_tiles():  # expect-none: the helper answers True early, so its range is unknown
        return launch_tcgen05_tiles(x)
    return launch_small_tiles(x)


def warmup(x):
    if torch.cuda.is_available():  # expect-none: not a capability helper of this tree
        return grouped_gemm_sm100(x)
    return x


def grouped_fp8(x):
    # A helper handed the tensor asks about its device: the call is the decision.
    if is_sm90_or_newer(x):  # expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
        return grouped_gemm_wgmma(x)
    return grouped_gemm_reference(x)


def fp8_linear(x):
    if supports_dtype(torch.float8_e4m3fn):  # expect-none: the helper decides on the value it is handed
        return fp8_gemm_sm90a(x)
    return reference_linear(x)
