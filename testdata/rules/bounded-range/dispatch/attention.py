import torch


def sm_version() -> int:
    major, minor = torch.cuda.get_device_capability()
    return major * 10 + minor


def pick_kernel() -> str:
    sm = sm_version()
    if sm == 80:  # expect: bounded-range sm_120 error  expect(sm121): bounded-range sm_121 error
        return "fa2"
    elif 90 <= sm < 120:
        return "fa3"
    raise NotImplementedError(f"no attention kernel for sm_{sm}")


def pick_epilogue(sm: int) -> str:
    if sm == 120:  # expect(sm121): bounded-range sm_121 warning
        return "sm120_epilogue"
    if sm >= 90:
        return "tma_epilogue"
    return "simt_epilogue"


def legacy_path(sm: int) -> bool:
    return sm < 80  # expect-none


def run():
    sm = sm_version()
    return pick_epilogue(sm), legacy_path(sm)
