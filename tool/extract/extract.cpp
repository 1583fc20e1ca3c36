#include "extract/extract.h"

#include <atomic>
#include <thread>

#include "util/source_text.h"

namespace archscan {
namespace {

FileFacts extractOne(const SourceFile& f, const FrontendSet& frontends) {
  FileFacts facts;
  facts.path = f.path;
  facts.module = f.module;
  facts.language = f.language;
  std::string text;
  try {
    text = readFile(f.path);
  } catch (const std::exception& e) {
    facts.diagnostics.push_back({"error", f.path, 0, e.what()});
    return facts;
  }
  facts.content_hash = contentHash(text);
  if (auto bad = firstInvalidUtf8(text)) {
    facts.diagnostics.push_back({"error", f.path, lineAt(text, *bad),
                                 "not UTF-8 (invalid byte at offset " + std::to_string(*bad) + "); file skipped"});
    return facts;
  }
  const Frontend& fe = frontends.of(f.language);
  if (!fe.worthParsing(text)) {
    FileFacts skimmed = fe.skim(SourceText{f.path, text});
    skimmed.path = f.path;
    skimmed.module = f.module;
    skimmed.language = f.language;
    skimmed.content_hash = facts.content_hash;
    return skimmed;
  }
  // A BOM is blanked, not removed, so byte offsets stay those of the file.
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.replace(0, 3, "   ");
  try {
    FileFacts parsed = fe.extract(SourceText{f.path, std::move(text)});
    parsed.module = f.module;
    parsed.content_hash = facts.content_hash;
    return parsed;
  } catch (const std::exception& e) {
    facts.diagnostics.push_back({"error", f.path, 0, std::string("extraction failed: ") + e.what()});
    return facts;
  }
}

}  // namespace

Extraction extractAll(const std::vector<SourceFile>& files, const FrontendSet& frontends, int jobs,
                      std::atomic<size_t>* done) {
  Extraction out;
  out.files.resize(files.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      out.files[i] = extractOne(files[i], frontends);
      if (done) ++*done;
    }
  };
  int n = jobs > 0 ? jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  n = std::min<int>(n, static_cast<int>(std::max<size_t>(1, files.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  out.stats.files_seen = files.size();
  for (const auto& f : out.files) out.stats.files_parsed += f.parsed ? 1 : 0;
  return out;
}

}  // namespace archscan
