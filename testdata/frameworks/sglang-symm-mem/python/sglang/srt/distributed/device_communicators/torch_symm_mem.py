import logging

import torch
import torch.distributed as dist

from sglang.srt.distributed.device_communicators.all_reduce_utils import (
    TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES,
)

logger = logging.getLogger(__name__)


class TorchSymmMemCommunicator:
    _WORLD_SIZES_MULTIMEM = {  # expect-none: __init__ fails first
        9: [4, 6, 8],
        10: [6, 8],
    }

    def __init__(self, group, device):
        self.disabled = True
        self.group = group
        self.world_size = dist.get_world_size(self.group)
        self.device = device
        self.device_capability = torch.cuda.get_device_capability(device)[0]
        if self.world_size not in TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES[self.device_capability]:
            logger.warning("world size %d not supported", self.world_size)
            return
        self.max_size = TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES[self.device_capability][self.world_size]
        self.disabled = False

    def should_use_multimem(self):
        return self.world_size in self._WORLD_SIZES_MULTIMEM[self.device_capability]
