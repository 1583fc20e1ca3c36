import pytest
import torch


def test_fp4_gemm():
    if torch.cuda.get_device_capability()[0] not in [10, 11]:  # expect(all): missing-arch sm_120 note
        pytest.skip("FP4 GEMM needs SM100 or SM110")
    assert True


def test_deny_hopper():
    # Near miss: a deny-list; sm_120 runs the test.
    if torch.cuda.get_device_capability()[0] in [9]:
        pytest.skip("not on Hopper")
    assert True
