// libFuzzer target: the patch-set loader either loads a set or throws
// PatchError naming the place; nothing else escapes, and it ends. (A message
// may quote a multi-line scalar; the command line prints it through
// printable(), which keeps it one line: PatchCli.ErrorQuotingAMultiLineValueIsOneLine.)
#include <cstddef>
#include <cstdint>
#include <string>

#include "knowledge/knowledge.h"
#include "patch/patchset.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const archscan::Knowledge k = archscan::builtinKnowledge();
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    archscan::parsePatchSet(text, "fuzz.yaml", k.archs);
  } catch (const archscan::PatchError&) {
  }
  return 0;
}
