import torch
import torch.distributed as dist

from sglang.srt.distributed.device_communicators.all_reduce_utils import TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES


class TorchSymmMemCommunicator:
    _WORLD_SIZES_MULTIMEM = {  # expect: missing-arch sm_120 warning
        9: [4, 6, 8],
        10: [6, 8],
    }

    def __init__(self, group, device):
        self.world_size = dist.get_world_size(group)
        self.device_capability = torch.cuda.get_device_capability(device)[0]
        sizes = TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES.get(self.device_capability, {})
        if self.world_size not in sizes:
            self.disabled = True
            return
        self.max_size = sizes[self.world_size]

    def should_use_multimem(self):
        # An unknown GPU silently loses multimem instead of crashing.
        return self.world_size in self._WORLD_SIZES_MULTIMEM.get(self.device_capability, ())
