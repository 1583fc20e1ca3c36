import torch

# Kernels keyed by (arch, dtype): the arch is one element of a composite key.
KERNEL_TABLE = {  # expect-none: every kernel is named for sm90/sm100 (wgmma, tcgen05): gated, --all
    ("90a", torch.float16): "gemm_sm90_fp16",
    ("100a", torch.float16): "gemm_sm100_fp16",
    ("100a", torch.bfloat16): "gemm_sm100_bf16",
}
