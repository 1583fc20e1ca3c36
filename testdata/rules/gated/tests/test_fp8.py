import pytest
import torch


def test_fp8_kernel():
    if torch.cuda.get_device_capability()[0] != 10:  # expect(all): missing-arch sm_120 note
        pytest.skip("FP8 kernels need SM100")
    assert True
