import torch

from . import _C


def paged_attention(q, k_cache, v_cache, block_table):
    cap = torch.cuda.get_device_capability(q.device)
    if cap == (12, 0):  # expect(unadmitted121): missing-arch sm_121 error  expect(unadmitted103): missing-arch sm_103 error
        return _C.paged_attention_sm120(q, k_cache, v_cache, block_table)
    if cap == (10, 0):
        return _C.paged_attention_sm100(q, k_cache, v_cache, block_table)
    if cap == (9, 0):
        return _C.paged_attention_sm90(q, k_cache, v_cache, block_table)
    raise NotImplementedError(f"paged attention is built for 9.0a, 10.0a and 12.0a only, not {cap}")


def prefetch_with_tma(device) -> bool:
    # Admits every arch from Hopper on, 12.1 and 10.3 included, but says
    # nothing about the Blackwell families the kernels are built for.
    return torch.cuda.get_device_capability(device)[0] >= 9  # expect-none
