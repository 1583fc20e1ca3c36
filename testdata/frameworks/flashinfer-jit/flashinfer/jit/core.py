import torch


class CompilationContext:
    def __init__(self):
        self.TARGET_CUDA_ARCHS = set()
        for i in range(torch.cuda.device_count()):
            major, minor = torch.cuda.get_device_capability(i)
            self.TARGET_CUDA_ARCHS.add((major, minor))


current_compilation_context = CompilationContext()


def get_nvcc_flags_list(supported_major_versions=None):
    # Keep only the archs of the machine whose major is supported; an empty
    # result is an error the user sees at JIT time.
    archs = sorted(current_compilation_context.TARGET_CUDA_ARCHS)
    if supported_major_versions is not None:
        archs = [(m, n) for (m, n) in archs if m in supported_major_versions]
    if not archs:
        raise RuntimeError(
            f"No supported CUDA architectures found for major versions {supported_major_versions}."
        )
    return [f"-gencode=arch=compute_{m}{n}a,code=sm_{m}{n}a" for (m, n) in archs]


def gen_jit_spec(name, sources, extra_cuda_cflags=None):
    return {"name": name, "sources": sources, "flags": extra_cuda_cflags or []}
