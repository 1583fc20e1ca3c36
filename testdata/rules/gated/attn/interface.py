import torch


def fp8_forward(q):
    major = torch.cuda.get_device_capability()[0]
    assert major == 10, "FP8 attention is only supported on SM100 (compute capability 10.x)"  # expect(all): gated sm_120 note
    return q


def mla_backward(q):
    major = torch.cuda.get_device_capability()[0]
    assert major in (10, 11), "Unsupported compute capability. Supported: 10.x, 11.x"  # expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
    return q


def benchmark_main():
    major, minor = torch.cuda.get_device_capability()
    if major != 10:  # expect(all): gated sm_120 note
        raise RuntimeError(f"This benchmark is for SM100 (compute capability 10.x). Got {major}.{minor}.")


def dispatch(q):
    major = torch.cuda.get_device_capability()[0]
    if major == 9:  # expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
        return q
    elif major == 10:
        return q
    else:
        raise RuntimeError("only SM90 and SM100 are supported")
