import torch


def arch_gate(archs):
    """Class decorator: the backend refuses to load on an arch not listed."""

    def wrap(cls):
        major, minor = torch.cuda.get_device_capability()
        if major * 10 + minor not in archs:
            raise RuntimeError(f"{cls.__name__} does not support sm_{major}{minor}")
        return cls

    return wrap
