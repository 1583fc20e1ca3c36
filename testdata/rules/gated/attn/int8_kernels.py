# The int8 attention of a wrapper around an extension whose module is named
# for sm_90: what follows each check runs a function imported from it, so the
# check keeps sm_120 out of wgmma code on purpose.
import torch

import sageattn_ext._fused_sm90 as fused_ext

try:
    from sageattn_ext._qattn_sm90 import qk_int8_sv_f8_attn
except ImportError:
    qk_int8_sv_f8_attn = None

from sageattn_ext.quant import quantize_per_block


class Int8Attention:
    def apply(self, q, k, v):
        assert torch.cuda.get_device_capability(q.device) == (9, 0)  # expect(all): gated sm_120 note
        assert q.dtype in [torch.float16, torch.bfloat16]
        out = torch.empty_like(q)
        qk_int8_sv_f8_attn(q, k, v, out)
        return out


def fused(q, k, v):
    if torch.cuda.get_device_capability(q.device) == (9, 0):  # expect(all): gated sm_120 note
        return fused_ext.attn(q, k, v)
    raise RuntimeError("fused attention needs the sm90 extension")


def quantize(q):
    # The quantizer's module names no arch: sm_120 is refused from a path it
    # can run.
    assert torch.cuda.get_device_capability(q.device) == (9, 0)  # expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
    return quantize_per_block(q)
