import functools

import torch


def get_device_compute_capability():
    props = torch.cuda.get_device_properties(torch.cuda.current_device())
    return props.major, props.minor


class FusedQUpProj:
    """A fused kernel chosen when the gate lets the device past it."""

    @classmethod
    def _kernel(cls):
        try:
            from cudnn import gemm_rope_quant_wrapper_sm100

            return gemm_rope_quant_wrapper_sm100
        except ImportError:
            return None

    @classmethod
    @functools.lru_cache(maxsize=None)
    def is_supported(cls) -> bool:
        # sm_120 passes `< 10` and gets the sm100 (tcgen05) wrapper that
        # _kernel() returns: its words, one call deep, are this path's.
        if get_device_compute_capability()[0] < 10:  # expect: wrong-path sm_120 warning
            return False
        if cls._kernel() is None:
            return False
        return True


def _pick_tiles():
    # Decides by itself: its words belong to its own arms.
    major, _ = torch.cuda.get_device_capability()
    if major == 10:
        return "tiles_sm100"
    return "tiles_sm80"


def launch(x):
    major, _ = torch.cuda.get_device_capability()
    if major >= 9:  # expect-none
        return _pick_tiles()
    return None
