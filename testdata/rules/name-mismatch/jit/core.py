import torch


def get_nvcc_flags_list(supported_major_versions=None):
    major = torch.cuda.get_device_capability()[0]
    if supported_major_versions and major not in supported_major_versions:
        raise RuntimeError(f"No supported CUDA architectures found for major versions {supported_major_versions}")
    return ["-gencode", f"arch=compute_{major}0a,code=sm_{major}0a"]
