#pragma once
// FileFacts as bytes and back: the format the content cache stores and that
// `archscan extract` writes for a later `--facts` merge. JSON, versioned by
// kFactsFormat; every field of model/facts.h is written, so a merged or
// cached scan links and analyzes exactly what a fresh extraction would.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/facts.h"

namespace archscan {

// Raised when a format change would make old bytes mean something else.
// 6: a string that is not UTF-8 (a file name) is kept as {"hex": ...};
// before, U+FFFD stood in its place. 9: includes, CMake subdirectories and
// default builds.
inline constexpr int kFactsFormat = 9;

struct FactsFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One file's facts as a JSON object (the cache entry's payload).
std::string writeFileFacts(const FileFacts& facts);
// Throws FactsFormatError("<origin>: ...") on anything but what writeFileFacts wrote.
FileFacts readFileFacts(std::string_view json, const std::string& origin);

// What `archscan extract` writes: the facts of one shard of a scan.
struct FactsDocument {
  std::string producer;  // "archscan 0.1.0"
  std::string fingerprint;  // extractionFingerprint() of the run that wrote it
  int shard = 1;  // K of --shard K/N
  int shards = 1;  // N
  std::vector<Diagnostic> diagnostics;  // the walk's own (shard 1 carries them)
  std::vector<FileFacts> files;
  // What chose the files ("path=/abs/src", "exclude=build/ @/abs",
  // "prefilter=on"): shards merge only when these agree, and a merge that
  // refuses names the first that differs.
  std::vector<std::string> settings;
};

// The document carries an xxh3 checksum of its own text: a shard edited by
// hand is refused on reading, as a damaged one is.
std::string writeFactsDocument(const FactsDocument& doc);
FactsDocument readFactsDocument(std::string_view json, const std::string& origin);

// xxh3 of bytes (the cache's content key and entry checksum).
uint64_t xxh3(std::string_view bytes);

// zstd frames, for `.zst` facts files; a corrupt frame throws FactsFormatError.
bool zstdAvailable();
std::string zstdCompress(std::string_view bytes);
std::string zstdDecompress(std::string_view bytes, const std::string& origin);

}  // namespace archscan
