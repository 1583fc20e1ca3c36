#include "frontend/prefilter.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace archscan {

const std::vector<std::string_view>& archTriggerWords() {
  static const std::vector<std::string_view> words = {"capab", "arch", "sm_", "sm1", "sm9", "sm8", "smversion",
                                                      "major", "compute_"};
  return words;
}

const std::vector<std::string_view>& archOrFrameworkWords() {
  static const std::vector<std::string_view> words = [] {
    std::vector<std::string_view> w = archTriggerWords();
    for (std::string_view x : {"cuda", "torch", "device", "gpu", "nvcc", "triton"}) w.push_back(x);
    return w;
  }();
  return words;
}

bool mentionsAny(std::string_view text, const std::vector<std::string_view>& words) {
  std::string low(text.size(), '\0');
  std::transform(text.begin(), text.end(), low.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  for (auto w : words)
    if (low.find(w) != std::string::npos) return true;
  return false;
}

}  // namespace archscan
