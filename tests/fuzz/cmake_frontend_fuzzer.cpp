// libFuzzer target: the CMake front-end (sites, build units, default builds
// and the variables it evaluates) takes any bytes without crashing or
// growing without bound, and every site and entry range lies inside the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "cmake/cmake_frontend.h"
#include "knowledge/knowledge.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const archscan::Knowledge k = archscan::builtinKnowledge();
  static const archscan::CMakeFrontend fe(k);
  archscan::SourceText src{"CMakeLists.txt", std::string(reinterpret_cast<const char*>(data), size)};
  archscan::FileFacts f = fe.extract(src);
  for (const auto& s : f.sites) {
    if (s.extent.begin > s.extent.end || s.extent.end > size) std::abort();
    for (const auto& e : s.entries)
      if (e.key.begin > e.key.end || e.key.end > size || e.item.end > size) std::abort();
  }
  for (const auto& u : f.build_units)
    if (u.by_default.arch_flags.size() > 1u << 20) std::abort();
  return 0;
}
