// libFuzzer target: the Python front-end reads any bytes without crashing,
// and every site and entry range it reports lies inside the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "knowledge/knowledge.h"
#include "python/python_frontend.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const archscan::Knowledge k = archscan::builtinKnowledge();
  static const archscan::PythonFrontend fe(k);
  archscan::SourceText src{"fuzz.py", std::string(reinterpret_cast<const char*>(data), size)};
  archscan::FileFacts f = fe.extract(src);
  for (const auto& s : f.sites) {
    if (s.extent.begin > s.extent.end || s.extent.end > size) std::abort();
    for (const auto& e : s.entries)
      if (e.key.begin > e.key.end || e.key.end > size || e.item.end > size) std::abort();
  }
  fe.syntaxErrors(src);
  return 0;
}
