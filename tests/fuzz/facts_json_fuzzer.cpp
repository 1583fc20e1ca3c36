// libFuzzer target: the facts JSON readers (a cache entry's FileFacts, an
// `extract` document) either read the bytes or throw FactsFormatError; what
// they read is written again and read back to the same text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "facts_io/facts_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    archscan::FileFacts f = archscan::readFileFacts(text, "fuzz.facts");
    std::string once = archscan::writeFileFacts(f);
    if (archscan::writeFileFacts(archscan::readFileFacts(once, "written")) != once) std::abort();
  } catch (const archscan::FactsFormatError&) {
  }
  try {
    archscan::FactsDocument d = archscan::readFactsDocument(text, "fuzz.json");
    std::string once = archscan::writeFactsDocument(d);
    if (archscan::writeFactsDocument(archscan::readFactsDocument(once, "written")) != once) std::abort();
  } catch (const archscan::FactsFormatError&) {
  }
  return 0;
}
