#pragma once
// Which CUDA toolkit builds what a file lists, where the file says it: a
// table keyed by toolkit ("12.4", "cu124"), a Dockerfile stage's base image
// (`nvidia/cuda:12.1.1-devel-ubuntu22.04`, `pytorch/pytorch:2.5.1-cuda12.1-
// cudnn9-devel`, `nvcr.io/nvidia/pytorch:24.07-py3`), a workflow's `cuda:`
// matrix axis or CUDA_VERSION. An arch that toolkit cannot target is no
// finding on that list: adding it takes a newer toolkit first.
//
// Each answer is a ceiling, major * 10 + minor + 1: the list is built only by
// toolkits older than it (Site::max_cuda). 0 when the text names none.
#include <string>
#include <string_view>

namespace archscan::shell {

// A key or value naming one toolkit version: "12.4", "cu124", "cuda-12.8", "CUDA 12.8", "12.1.1".
int toolkitCeiling(std::string_view text);

// A container image reference: the toolkit its tag names (nvidia/cuda,
// `-cuda12.1-`, `cu121`), or for NVIDIA's NGC framework containers the
// release's toolkit bound (releases before 25.01 ship CUDA older than 12.8,
// per the NGC framework support matrix).
int imageToolkitCeiling(std::string_view image);

// A YAML key naming the toolkit a job builds with (`cuda`, `cuda-version`,
// `cuda_version`, `CUDA_VERSION`, `cuda_toolkit`).
bool toolkitKey(std::string_view key);

}  // namespace archscan::shell
