import torch


def backend() -> str:
    match torch.cuda.get_device_capability()[0]:  # expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
        case 9:
            return "hopper"
        case 10 | 11:
            return "blackwell"
        case _:
            raise RuntimeError("unsupported GPU")


def warps() -> int:
    match torch.cuda.get_device_capability()[0]:  # expect(all): missing-arch sm_120 warning
        case 9:
            return 4
        case 10:
            return 8
        case _:
            return 2
