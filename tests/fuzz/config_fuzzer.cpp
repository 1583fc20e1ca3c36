// libFuzzer target: archscan.yaml either loads or throws ConfigError; nothing
// else escapes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "config/config.h"
#include "knowledge/knowledge.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const archscan::Knowledge k = archscan::builtinKnowledge();
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    archscan::parseConfig(text, "archscan.yaml", k.archs);
  } catch (const archscan::ConfigError&) {
  }
  return 0;
}
