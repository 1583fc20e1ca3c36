import torch


def kernel(dtype) -> str:
    major, _ = torch.cuda.get_device_capability()
    if major == 9 and torch.version.cuda >= "12.3":  # expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
        return "tuned"
    elif major == 10:
        return "wide"
    else:
        raise ValueError(f"no kernel for major {major}")


def pipeline_depth() -> int:
    cap = torch.cuda.get_device_capability()
    if cap == (9, 0):  # expect(all): missing-arch sm_120 warning
        return 4
    if cap == (10, 0):
        return 6
    return 2


def test_sm90_tile_config():
    # Near miss: a tile size asserted inside a function named for an arch.
    cfg = pipeline_config()
    assert cfg.m_block_size == 80
