import types

from mylib.gates import require_capability
from mylib.precision import pick_dtype


def _make_torch(capability=(10, 0), bf16=True):
    torch = types.SimpleNamespace()
    torch.cuda = types.SimpleNamespace(get_device_capability=lambda device=None: capability,
                                       is_bf16_supported=lambda: bf16)
    return torch


def test_pre_ampere_gets_fp16():
    torch = _make_torch(capability=(7, 5))
    assert pick_dtype(torch) == "fp16"


def test_hopper_gets_bf16():
    assert pick_dtype(_make_torch(capability=(9, 0))) == "bf16"


def test_gate_from_the_library():
    # Near miss: a gate the library defines, handed a list: a site.
    require_capability(archs=[80, 90])  # expect(all): missing-arch sm_120 note
