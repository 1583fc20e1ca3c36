// libFuzzer target: the snapshot's binary FileFacts decoder either decodes the
// bytes or throws FactsFormatError; what it decodes encodes and decodes back
// to the same bytes, and its JSON reads back to the same JSON. (Not to the
// same binary: JSON text is UTF-8, so a byte that is not becomes U+FFFD.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "facts_io/facts_binary.h"
#include "facts_io/facts_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  archscan::FileFacts f;
  try {
    f = archscan::decodeFileFacts(bytes, "fuzz.snapshot");
  } catch (const archscan::FactsFormatError&) {
    return 0;
  }
  std::string once = archscan::encodeFileFacts(f);
  if (archscan::encodeFileFacts(archscan::decodeFileFacts(once, "encoded")) != once) std::abort();
  std::string json = archscan::writeFileFacts(f);
  if (archscan::writeFileFacts(archscan::readFileFacts(json, "as json")) != json) std::abort();
  return 0;
}
