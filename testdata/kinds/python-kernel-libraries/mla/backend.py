import logging

import torch

logger = logging.getLogger(__name__)


def mla_kernels_available() -> bool:
    """Use the fused MLA decode kernels when they are installed."""
    try:
        props = torch.cuda.get_device_properties(0)
        major = getattr(props, "major", None)
        if isinstance(major, int) and major >= 9:  # expect(default): wrong-path sm_120 error
            import flash_mla  # noqa: F401

            return True
    except ImportError:
        logger.warning("install flash_mla for faster MLA decoding")
    return False


def fp8_linear_backend() -> str:
    major, _ = torch.cuda.get_device_capability()
    if major in (9, 10):
        import deep_gemm  # noqa: F401

        return "deep_gemm"
    return "triton"


def attention_backend() -> str:
    cap = torch.cuda.get_device_capability()
    if cap >= (8, 0):  # expect(default): wrong-path sm_120 error  expect(sm103): wrong-path sm_103 error
        assert torch.ops.flash_attn_3 is not None
        return "fa3"
    return "sdpa"


def flash_mla_preferred() -> bool:
    # A function named for the library decides whether the library runs:
    # its range admits sm_120 into FlashMLA as surely as an import would.
    use_flash_mla = torch.cuda.get_device_capability()[0] >= 9  # expect(default): wrong-path sm_120 error
    return use_flash_mla


def flash_mla_supported() -> bool:
    # Names the archs FlashMLA is built for: nothing to say.
    return torch.cuda.get_device_capability()[0] in (9, 10)


def can_use_deepgemm_grouped(x) -> bool:
    # The library's words run together in the function's name name it too.
    major, _ = torch.cuda.get_device_capability(x.device)
    if major >= 9:  # expect(default): wrong-path sm_120 error
        return True
    return False
