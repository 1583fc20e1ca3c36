#include "extract/extract.h"

#include <time.h>

#include <algorithm>
#include <thread>

#include "extract/cache_key.h"
#include "facts_io/facts_binary.h"
#include "util/source_text.h"
#include "util/threads.h"

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

// Why a file that is not UTF-8 cannot be read, to follow "not UTF-8 (...)";
// nullopt when it can. C, C++ and CUDA sources keep Latin-1 and other
// legacy bytes in comments and strings, which say nothing to archscan; a
// Python file is text in the encoding its PEP 263 coding line names, and
// Latin-1 is read. The others are not guessed at.
std::optional<std::string> unreadable(Language language, const std::string& text) {
  switch (language) {
    case Language::Cpp:
      return std::nullopt;
    case Language::Python: {
      auto coding = pythonCoding(text);
      if (!coding) return "";
      if (isLatin1(*coding)) return std::nullopt;
      return "; its coding line names " + *coding + ", which archscan does not read (Latin-1 it does)";
    }
    case Language::CMake:
    case Language::Shell:
      return "";
  }
  return "";
}

// What became of one file, for the statistics and the next snapshot.
struct Outcome {
  bool hit = false;  // the content cache answered
  bool stored = false;  // the facts were stored in the content cache
  bool full = false;  // the front-end's full parser ran
  bool unchanged = false;  // the snapshot answered; the file was not read
  bool readable = false;  // read whole and UTF-8: the result may be recorded
  std::string facts;  // encodeFileFacts() of the result, for the next snapshot
  std::optional<std::string_view> kept;  // or the bytes the snapshot answered with
};

// The snapshot's facts for `f`, when its stamp is the one recorded (and, for
// C and C++, the headers are those of the recording scan).
std::optional<FileFacts> fromSnapshot(const SourceFile& f, const std::optional<FileStamp>& stamp,
                                      const ExtractOptions& opts, const std::string& headers, Outcome& o) {
  if (!opts.snapshot || !stamp) return std::nullopt;
  if (f.language == Language::Cpp && opts.snapshot->headers() != headers) return std::nullopt;
  auto bytes = opts.snapshot->find(f.path, *stamp);
  if (!bytes) return std::nullopt;
  try {
    FileFacts facts = decodeFileFacts(*bytes, f.path);
    facts.module = f.module;
    o.unchanged = o.readable = true;
    if (opts.record) o.kept = bytes;
    return facts;
  } catch (const FactsFormatError&) {
    return std::nullopt;
  }
}

// One file the snapshot did not answer: read, prefilter, then the content
// cache or the front-end. Files the prefilter keeps from the parser are
// skimmed again each time: that costs less than looking them up.
FileFacts extractOne(const SourceFile& f, const FrontendSet& frontends, const ExtractOptions& opts,
                     const std::string& headers, Outcome& o) {
  FileFacts facts;
  facts.path = f.path;
  facts.module = f.module;
  facts.language = f.language;
  std::string text;
  try {
    text = readFile(f.path);
  } catch (const std::exception& e) {
    // The diagnostic names the file itself; the message says what went wrong.
    std::string what = e.what();
    if (what.rfind(f.path + ": ", 0) == 0) what.erase(0, f.path.size() + 2);
    facts.diagnostics.push_back({"error", f.path, 0, what});
    return facts;
  }
  facts.content_hash = contentHash(text);
  if (auto bad = firstInvalidUtf8(text)) {
    if (auto why = unreadable(f.language, text)) {
      facts.diagnostics.push_back({"error", f.path, lineAt(text, *bad),
                                   "not UTF-8 (invalid byte at offset " + std::to_string(*bad) + ")" + *why});
      return facts;
    }
    text = maskedBytes(std::move(text), f.language == Language::Python);
  }
  o.readable = true;
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
    o.full = true;
    return parse(f, fe, std::move(text), std::move(facts));
  }
  uint64_t key = cacheKey(opts.fingerprint, f, text, headers);
  if (auto cached = opts.cache->load(key)) {
    o.hit = true;
    cached->module = f.module;
    return std::move(*cached);
  }
  o.full = true;
  FileFacts out = parse(f, fe, std::move(text), std::move(facts));
  opts.cache->store(key, out);
  o.stored = true;
  return out;
}

std::vector<size_t> largestFirst(const std::vector<std::optional<FileStamp>>& stamps) {
  std::vector<uint64_t> size(stamps.size(), 0);
  for (size_t i = 0; i < stamps.size(); ++i) size[i] = stamps[i] ? stamps[i]->size : 0;
  std::vector<size_t> order(stamps.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return size[a] > size[b]; });
  return order;
}

}  // namespace

Extraction extractAll(const std::vector<SourceFile>& files, const FrontendSet& frontends, const ExtractOptions& opts) {
  Extraction out;
  out.files.resize(files.size());
  if (opts.cache || opts.snapshot || opts.record) {
    HashedHeaders h =
        hashHeaders(files, opts.root, opts.listings ? *opts.listings : std::vector<TreeListing>{}, opts.snapshot);
    out.headers = std::move(h.fingerprint);
    if (opts.record) {
      for (auto& r : h.hashes) {
        if (!stampIsSettled(r.stamp, opts.settled_before_ns)) continue;
        if (!opts.snapshot || !opts.snapshot->headerHash(r.path, r.stamp)) out.headers_reread = true;
        out.header_records.push_back(std::move(r));
      }
    }
  }
  const std::string& headers = out.headers;
  // Largest files first, so a big file picked up last does not leave one
  // thread working alone at the end; results still land at their index.
  // Sizes for the order, stamps for the snapshot: discovery's stat where it took one.
  std::vector<std::optional<FileStamp>> stamps(files.size());
  for (size_t i = 0; i < files.size(); ++i) stamps[i] = files[i].stamp ? files[i].stamp : stampOf(files[i].path);
  std::vector<size_t> order = largestFirst(stamps);
  std::vector<double> cpu(files.size(), 0);
  std::vector<Outcome> outcomes(files.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    // One clock read per file read (reading a thread's CPU clock is a system
    // call); none for a file the snapshot answers, whose time is the read's
    // cost and counts as nothing.
    double last = 0;
    bool stale = true;
    for (size_t n = next++; n < order.size(); n = next++) {
      size_t i = order[n];
      Outcome& o = outcomes[i];
      if (auto same = fromSnapshot(files[i], stamps[i], opts, headers, o)) {
        out.files[i] = std::move(*same);
        stale = true;
      } else {
        if (stale) last = threadCpuSeconds();
        out.files[i] = extractOne(files[i], frontends, opts, headers, o);
        if (opts.record && o.readable) o.facts = encodeFileFacts(out.files[i]);
        double now = threadCpuSeconds();
        cpu[i] = now - last;
        last = now;
        stale = false;
      }
      if (opts.done) ++*opts.done;
    }
  };
  int n = opts.jobs > 0 ? opts.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  n = std::min<int>(n, static_cast<int>(std::max<size_t>(1, files.size())));
  runWorkers(n, work);  // parsers recurse per nesting level: see util/threads.h

  ExtractStats& st = out.stats;
  st.files_seen = files.size();
  std::vector<FileTime> times;
  times.reserve(files.size());
  if (opts.record) out.records.reserve(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    const FileFacts& f = out.files[i];
    st.files_parsed += f.parsed ? 1 : 0;
    LanguageTime& lt = st.by_language[static_cast<int>(files[i].language)];
    ++lt.files;
    const Outcome& o = outcomes[i];
    lt.parsed += o.full;
    lt.cached += o.hit;
    lt.unchanged += o.unchanged;
    lt.cpu_seconds += cpu[i];
    st.cache.hits += o.hit;
    st.cache.stored += o.stored;
    st.unchanged += o.unchanged;
    times.push_back({cpu[i], files[i].path});
    if (opts.record && o.readable && stamps[i] && stampIsSettled(*stamps[i], opts.settled_before_ns))
      out.records.push_back({files[i].path, *stamps[i], std::move(outcomes[i].facts), outcomes[i].kept});
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
