#include "extract/extract.h"

#include <time.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "extract/cache_key.h"
#include "util/source_text.h"

namespace archscan {
namespace {

double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// The front-end's full parse of a text that passed the prefilter.
FileFacts parse(const SourceFile& f, const Frontend& fe, std::string text, FileFacts facts) {
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

// One file: read, prefilter, then the cache or the front-end. `hit` says the
// cache answered, `full` that the front-end's full parser ran. Files the
// prefilter keeps from the parser are skimmed again each time: that costs
// less than looking them up.
FileFacts extractOne(const SourceFile& f, const FrontendSet& frontends, const ExtractOptions& opts,
                     const std::string& headers, bool& hit, bool& stored, bool& full) {
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
                                 "not UTF-8 (invalid byte at offset " + std::to_string(*bad) + ")"});
    return facts;
  }
  // A BOM is blanked, not removed, so byte offsets stay those of the file.
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.replace(0, 3, "   ");
  const Frontend& fe = frontends.of(f.language);
  if (opts.prefilter && !fe.worthParsing(text)) {
    FileFacts skimmed = fe.skim(SourceText{f.path, text});
    skimmed.path = f.path;
    skimmed.module = f.module;
    skimmed.language = f.language;
    skimmed.content_hash = facts.content_hash;
    return skimmed;
  }
  if (!opts.cache) {
    full = true;
    return parse(f, fe, std::move(text), std::move(facts));
  }
  uint64_t key = cacheKey(opts.fingerprint, f, text, headers);
  if (auto cached = opts.cache->load(key)) {
    hit = true;
    cached->module = f.module;
    return std::move(*cached);
  }
  full = true;
  FileFacts out = parse(f, fe, std::move(text), std::move(facts));
  opts.cache->store(key, out);
  stored = true;
  return out;
}

std::vector<size_t> largestFirst(const std::vector<SourceFile>& files) {
  std::vector<uintmax_t> size(files.size(), 0);
  for (size_t i = 0; i < files.size(); ++i) {
    std::error_code ec;
    size[i] = std::filesystem::file_size(files[i].path, ec);
    if (ec) size[i] = 0;
  }
  std::vector<size_t> order(files.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return size[a] > size[b]; });
  return order;
}

}  // namespace

Extraction extractAll(const std::vector<SourceFile>& files, const FrontendSet& frontends, const ExtractOptions& opts) {
  Extraction out;
  out.files.resize(files.size());
  std::string headers = opts.cache ? cppHeadersFingerprint(files, opts.root) : std::string();
  // Largest files first, so a big file picked up last does not leave one
  // thread working alone at the end; results still land at their index.
  std::vector<size_t> order = largestFirst(files);
  std::vector<double> cpu(files.size(), 0);
  std::vector<char> hits(files.size(), 0), stores(files.size(), 0), fulls(files.size(), 0);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t n = next++; n < order.size(); n = next++) {
      size_t i = order[n];
      double t0 = threadCpuSeconds();
      bool hit = false, stored = false, full = false;
      out.files[i] = extractOne(files[i], frontends, opts, headers, hit, stored, full);
      fulls[i] = full;
      cpu[i] = threadCpuSeconds() - t0;
      hits[i] = hit;
      stores[i] = stored;
      if (opts.done) ++*opts.done;
    }
  };
  int n = opts.jobs > 0 ? opts.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  n = std::min<int>(n, static_cast<int>(std::max<size_t>(1, files.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();

  ExtractStats& st = out.stats;
  st.files_seen = files.size();
  std::vector<FileTime> times;
  for (size_t i = 0; i < files.size(); ++i) {
    const FileFacts& f = out.files[i];
    st.files_parsed += f.parsed ? 1 : 0;
    LanguageTime& lt = st.by_language[static_cast<int>(files[i].language)];
    ++lt.files;
    lt.parsed += fulls[i];
    lt.cached += hits[i];
    lt.cpu_seconds += cpu[i];
    st.cache.hits += hits[i];
    st.cache.stored += stores[i];
    times.push_back({cpu[i], files[i].path});
  }
  if (opts.cache) st.cache.misses = st.cache.stored;  // every miss is parsed and stored
  size_t keep = std::min(opts.slowest, times.size());
  std::partial_sort(times.begin(), times.begin() + keep, times.end(),
                    [](const FileTime& a, const FileTime& b) { return a.cpu_seconds > b.cpu_seconds; });
  times.resize(keep);
  st.slowest = std::move(times);
  return out;
}

Extraction extractAll(const std::vector<SourceFile>& files, const FrontendSet& frontends, int jobs,
                      std::atomic<size_t>* done) {
  ExtractOptions o;
  o.jobs = jobs;
  o.done = done;
  return extractAll(files, frontends, o);
}

}  // namespace archscan
