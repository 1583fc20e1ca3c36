import torch


class DeviceCapability:
    def __init__(self, major: int, minor: int):
        self.major = major
        self.minor = minor

    def as_version_str(self) -> str:
        return f"{self.major}.{self.minor}"

    def to_int(self) -> int:
        return self.major * 10 + self.minor


class CudaPlatform:
    def get_device_capability(self) -> DeviceCapability:
        major, minor = torch.cuda.get_device_capability()
        return DeviceCapability(major, minor)


current_platform = CudaPlatform()
