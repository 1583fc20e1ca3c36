# Near miss: loading a library named for an arch registers its ops and runs
# none of its kernels; the calls that launch them decide (elsewhere).
import torch

if torch.cuda.get_device_capability() >= (9, 0):
    torch.ops.load_library("build/lib/attention_ops_sm90.so")
