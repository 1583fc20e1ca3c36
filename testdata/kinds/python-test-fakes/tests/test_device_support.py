import os
from unittest import mock

import pytest
import torch

from mylib.support import device_support, jit_build_dir


def test_support_reports_faked_ada(monkeypatch):
    monkeypatch.setattr("torch.cuda.is_available", lambda: True)
    monkeypatch.setattr("torch.cuda.get_device_capability", lambda device=None: (8, 9))
    support = device_support(torch.device("cuda", 0))
    assert support.capability == (8, 9)


def test_build_dir_depends_on_arch_override(monkeypatch, tmp_path):
    monkeypatch.setenv("TORCH_CUDA_ARCH_LIST", "8.0")
    first = jit_build_dir(tmp_path)
    monkeypatch.setenv("TORCH_CUDA_ARCH_LIST", "8.0 8.6")
    assert jit_build_dir(tmp_path) != first


@mock.patch("torch.cuda.get_device_capability", return_value=(9, 0))
def test_hopper_path_selected(_cap):
    if torch.cuda.get_device_capability() == (9, 0):
        assert device_support(torch.device("cuda", 0)).uses_wgmma


def test_mock_object_context():
    with mock.patch.object(torch.cuda, "get_device_capability", return_value=(10, 0)):
        major, _ = torch.cuda.get_device_capability()
        assert major in (10,)


def test_real_device_before_fake(monkeypatch):
    # Near miss: this check reads the real GPU before anything is faked.
    if torch.cuda.get_device_capability()[0] not in [9, 10]:  # expect(all): missing-arch sm_120 note
        pytest.skip("needs Hopper or Blackwell")
    monkeypatch.setattr("torch.cuda.get_device_capability", lambda device=None: (9, 0))
    assert device_support(torch.device("cuda", 0)).capability == (9, 0)


def test_real_build_setting():
    # Near miss: setting the variable for real (a child build) is a build list.
    os.environ["TORCH_CUDA_ARCH_LIST"] = "8.0 9.0"  # expect: missing-arch sm_120 warning  expect(all): missing-arch sm_120 warning
    jit_build_dir("/tmp/x")
