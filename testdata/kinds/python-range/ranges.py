import torch


def sm() -> int:
    major, minor = torch.cuda.get_device_capability()
    return major * 10 + minor


def has_tma() -> bool:
    return sm() >= 90  # expect-none


def is_ampere_family() -> bool:
    return 80 <= sm() < 90  # expect-none


def majors_with_fp8():
    return torch.cuda.get_device_capability()[0] in range(9, 13)  # expect-none
