import torch


class CompilationContext:
    def get_nvcc_flags_list(self, supported_major_versions=None):
        major, minor = torch.cuda.get_device_capability()
        if supported_major_versions is not None and major not in supported_major_versions:
            raise RuntimeError(f"No supported CUDA architectures found for major versions {supported_major_versions}")
        return [f"-gencode=arch=compute_{major}{minor},code=sm_{major}{minor}"]


current_compilation_context = CompilationContext()
