import torch


def arch_name() -> str:
    major, minor = torch.cuda.get_device_capability()
    return f"sm{major}{minor}"


def select_kernel() -> str:
    arch = arch_name()
    if arch == "sm80":  # expect: missing-arch sm_100 error  expect: missing-arch sm_110 error
        return "ampere"
    elif arch == "sm86" or arch == "sm89":
        return "ada"
    elif arch == "sm90":
        return "hopper"
    elif arch == "sm120":
        return "blackwell_geforce"
    else:
        raise ValueError(f"no kernel for {arch}")


def model_name(name: str) -> str:
    # Near miss: "sm80" is a model size suffix here, not an arch.
    if name == "sm80":
        return "small-80"
    return name
