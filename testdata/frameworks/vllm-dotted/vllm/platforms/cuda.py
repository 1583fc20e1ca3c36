import torch


def get_device_capability_str(device_id: int = 0) -> str:
    # vLLM-style capability string: "9.0", "10.0", "12.0".
    major, minor = torch.cuda.get_device_capability(device_id)
    return f"{major}.{minor}"
