from pkg.platform import current_platform


class PagedAttention:
    _PARTITION_SIZES = {"9.0": 512, "10.0": 1024}  # expect: missing-arch sm_120 error

    def __init__(self):
        self.device_capability = current_platform.get_device_capability().as_version_str()

    def partition_size(self) -> int:
        return self._PARTITION_SIZES[self.device_capability]


class Sampler:
    # Near miss: a dict of version strings read with the toolkit version.
    _MIN_DRIVER = {"12.8": 570, "13.0": 580}

    def __init__(self, cuda_version: str):
        self.cuda_version = cuda_version

    def min_driver(self) -> int:
        return self._MIN_DRIVER[self.cuda_version]


def use_fp8_kv() -> bool:
    cap = current_platform.get_device_capability().to_int()
    return cap in (89, 90)  # a fallback to bf16 elsewhere; not reported by default
