import torch

# A value copied from the sm100a entry names sm100a inside: in the copy it
# names the new arch, and the template's own value is never edited.
KERNEL_CONFIGS = {  # expect: missing-arch sm_120 error
    "sm80": dict(smem=164),
    "sm90a": dict(arch_list="sm90a", smem=228),
    "sm100a": dict(arch_list="sm100a", smem=228),
}

# A nested list of several archs is copied as it is (for review) and left
# alone in the template, so a second run has nothing to do. The portable
# sm80 entries make neither table a hardware gate.
BUILD_TARGETS = {  # expect: missing-arch sm_120 error
    "sm80": dict(tile=64),
    "sm90a": dict(arch_list="sm90a", tile=128),
    "sm100a": dict(arch_list="sm100a;sm103a", tile=256),  # expect-none: tcgen05 targets only: gated, --all
}


def config():
    major, minor = torch.cuda.get_device_capability()
    key = f"sm{major}{minor}" if major < 9 else f"sm{major}{minor}a"
    return KERNEL_CONFIGS[key], BUILD_TARGETS[key]
