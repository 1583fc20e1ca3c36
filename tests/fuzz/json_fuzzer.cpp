// libFuzzer target: the shell front-end's JSON reader takes any bytes
// without crashing (nesting of any depth included), and every site and entry
// range it reports lies inside the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "knowledge/knowledge.h"
#include "shell/shell_frontend.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const archscan::Knowledge k = archscan::builtinKnowledge();
  static const archscan::ShellFrontend fe(k);
  archscan::SourceText src{"ci/matrix.json", std::string(reinterpret_cast<const char*>(data), size)};
  archscan::FileFacts f = fe.extract(src);
  for (const auto& s : f.sites) {
    if (s.extent.begin > s.extent.end || s.extent.end > size) std::abort();
    for (const auto& e : s.entries)
      if (e.key.begin > e.key.end || e.key.end > size || e.item.end > size) std::abort();
  }
  return 0;
}
