import torch

from comm.limits import MAX_BYTES_BY_MAJOR


class Reducer:
    # The same decision as MAX_BYTES_BY_MAJOR, for the same capability: siblings.
    _WORLD_SIZES_BY_MAJOR = {9: [2, 4, 8], 10: [2, 4, 8]}  # expect: sibling-gap sm_12x error

    def __init__(self):
        self.capability = torch.cuda.get_device_capability()[0]

    def max_bytes(self, world_size: int) -> int:
        return MAX_BYTES_BY_MAJOR[self.capability][world_size]

    def world_sizes(self):
        return self._WORLD_SIZES_BY_MAJOR[self.capability]
