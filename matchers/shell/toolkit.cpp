#include "toolkit.h"

#include <cctype>
#include <regex>

namespace archscan::shell {

int toolkitCeiling(std::string_view text) {
  static const std::regex version(R"(^(?:cu(?:da)?[-_ ]?)?(1[0-3])\.?(\d)(?:\.\d+)?$)", std::regex::icase);
  std::match_results<std::string_view::const_iterator> m;
  if (text.size() > 16 || !std::regex_match(text.begin(), text.end(), m, version)) return 0;
  return std::stoi(m[1]) * 10 + std::stoi(m[2]) + 1;
}

int imageToolkitCeiling(std::string_view image) {
  if (image.size() > 256) return 0;
  std::string s(image);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::smatch m;
  // nvidia/cuda:12.1.1-devel-ubuntu22.04 and its mirrors.
  static const std::regex cudaImage(R"((?:^|/)cuda:(1[0-3])\.(\d)(?:\.\d+)?(?:-|$))");
  // pytorch/pytorch:2.5.1-cuda12.1-cudnn9-devel, vllm/...:cu121, cuda-12.8.
  static const std::regex inTag(R"(:[^/]*?(?:^|[-_.])cuda[-_]?(1[0-3])\.(\d)(?:\.\d+)?(?:[-_.]|$))");
  static const std::regex cuTag(R"(:[^/]*?(?:^|[-_.])cu(1[0-3])(\d)(?:[-_.]|$))");
  for (const std::regex* re : {&cudaImage, &inTag, &cuTag})
    if (std::regex_search(s, m, *re)) return std::stoi(m[1]) * 10 + std::stoi(m[2]) + 1;
  // nvcr.io/nvidia/pytorch:24.07-py3: NGC containers name their release.
  static const std::regex ngc(R"(^nvcr\.io/nvidia/[a-z0-9_.-]+:(\d\d)\.(\d\d)(?:-|$))");
  if (std::regex_search(s, m, ngc)) {
    int release = std::stoi(m[1]) * 100 + std::stoi(m[2]);
    if (release < 2501) return 128;  // CUDA 12.7 or older
  }
  return 0;
}

bool toolkitKey(std::string_view key) {
  std::string k;
  for (char c : key) k += c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return k == "cuda" || k == "cuda_version" || k == "cuda_toolkit" || k == "cuda_toolkit_version" ||
         k == "cudatoolkit" || k == "cuda_ver";
}

}  // namespace archscan::shell
