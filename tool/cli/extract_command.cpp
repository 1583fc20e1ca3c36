// `archscan extract [PATH...] --shard K/N -o FILE`: the map step of a scan
// split over machines; `check|audit|fix --facts FILE...` is the reduce.
#include <iostream>

#include "cli/commands.h"
#include "cli/output_file.h"
#include "cli/profile.h"
#include "cli/usage_error.h"
#include "cli/verbose.h"
#include "facts_io/facts_io.h"
#include "util/source_text.h"

namespace archscan {
namespace {

Shard parseShard(const std::string& text) {
  Shard s;
  size_t slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument(text);
    size_t a = 0, b = 0;
    s.index = std::stoi(text.substr(0, slash), &a);
    s.count = std::stoi(text.substr(slash + 1), &b);
    if (a != slash || b != text.size() - slash - 1) throw std::invalid_argument(text);
  } catch (const std::exception&) {
    throw UsageError("--shard '" + text + "': expected K/N, e.g. 3/8");
  }
  if (s.count < 1 || s.index < 1 || s.index > s.count)
    throw UsageError("--shard '" + text + "': K must be between 1 and N");
  return s;
}

}  // namespace

int runExtract(const Settings& st) {
  Shard shard = parseShard(st.o.shard);
  if (endsWith(st.o.output, ".zst") && !zstdAvailable())
    throw UsageError(st.o.output + ": this archscan was built without zstd; write plain .json");
  // Targets and archscan.yaml extend the knowledge extraction reads, so the
  // reduce step must be given the same ones (its fingerprint check says so).
  if (st.o.verbose) printSettingsUsed(st, std::cerr);
  ScanProfile prof;
  std::string doc = extractShard(st.scan, st.k, shard, &prof);
  if (endsWith(st.o.output, ".zst")) doc = zstdCompress(doc);
  writeOutput(st.o.output, doc);
  if (st.o.verbose) printProfile(prof, std::cerr);
  return 0;
}

}  // namespace archscan
