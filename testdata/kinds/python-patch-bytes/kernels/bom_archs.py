# Ünïcödé comment: the BOM and these bytes must survive.
import torch

SUPPORTED_ARCHS = ['sm_90a', 'sm_100a']  # expect: missing-arch sm_120 error


def check():
    major, minor = torch.cuda.get_device_capability()
    if f'sm_{major}{minor}a' not in SUPPORTED_ARCHS:
        raise RuntimeError('unsupported GPU')
