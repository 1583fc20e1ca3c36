from vllm.model_executor.layers.quantization.fp8_configs import FP8_BLOCK_CONFIGS
from vllm.platforms.cuda import get_device_capability_str

ATTN_BACKEND_BY_CAP = {  # expect: missing-arch sm_120 warning
    "9.0": "FLASHINFER",
    "10.0": "TRTLLM",
    "10.3": "TRTLLM",
}


def select_backend():
    cap = get_device_capability_str()
    backend = ATTN_BACKEND_BY_CAP.get(cap, "TORCH_SDPA")
    tile = FP8_BLOCK_CONFIGS[cap]["block_m"]
    return backend, tile
