# Unit tests of an arch parser: each value is a function of a literal arch,
# the same on every GPU, so none is a decision on the device.
import torch

from pkg.arch_checks import parse_arch, to_capability


def test_parse_arch():
    assert parse_arch("sm_70") == 70
    assert parse_arch("sm_90a") == 90
    assert to_capability("12.0")[0] >= 12
    assert 80 <= parse_arch(arch="sm_86") < 90


def test_device_is_hopper():
    # Near miss: a capability source with a literal device reads the device.
    assert torch.cuda.get_device_capability(0) == (9, 0)  # expect: missing-arch sm_120 warning
