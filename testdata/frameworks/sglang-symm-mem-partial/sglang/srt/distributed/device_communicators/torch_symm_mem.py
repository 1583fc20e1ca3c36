import torch
import torch.distributed as dist

from .all_reduce_utils import TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES


class TorchSymmMemCommunicator:
    _WORLD_SIZES_MULTIMEM = {  # expect: sibling-gap sm_12x error
        9: [4, 6, 8],
        10: [6, 8],
    }

    def __init__(self, group, device):
        self.world_size = dist.get_world_size(group)
        self.device_capability = torch.cuda.get_device_capability(device)[0]
        if self.world_size not in TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES[self.device_capability]:
            return
        self.max_size = TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES[self.device_capability][self.world_size]

    def should_use_multimem(self):
        return self.world_size in self._WORLD_SIZES_MULTIMEM[self.device_capability]
