#include "cli/pipeline.h"

#include <filesystem>
#include <stdexcept>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "discover/discover.h"
#include "extract/extract.h"
#include "link/link.h"
#include "extract/frontends.h"

namespace archscan {
namespace {

// "archscan: extracting 1234/5678 files" on a terminal's stderr, refreshed
// while a scan takes longer than a second; silent otherwise.
class Progress {
 public:
  Progress(bool on, size_t total) : total_(total) {
    if (!on || !isatty(STDERR_FILENO)) return;
    thread_ = std::thread([this] {
      auto start = std::chrono::steady_clock::now();
      bool shown = false;
      std::unique_lock<std::mutex> lock(m_);
      while (!cv_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stop_; })) {
        if (std::chrono::steady_clock::now() - start < std::chrono::seconds(1)) continue;
        std::fprintf(stderr, "\rarchscan: extracting %zu/%zu files", done.load(), total_);
        shown = true;
      }
      if (shown) std::fprintf(stderr, "\r\x1b[K");
    });
  }
  ~Progress() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  std::atomic<size_t> done{0};

 private:
  size_t total_;
  bool stop_ = false;
  std::mutex m_;
  std::condition_variable cv_;
  std::thread thread_;
};

}  // namespace

FrontendSettings frontendSettings(const ScanOptions& opts) {
  namespace fs = std::filesystem;
  FrontendSettings s;
  std::error_code ec;
  fs::path root = opts.paths.empty() ? fs::path(".") : fs::path(opts.paths.front());
  if (!fs::is_directory(root, ec)) root = root.parent_path().empty() ? fs::path(".") : root.parent_path();
  s.root = root.string();
  if (opts.compile_db.empty()) {
    s.database = cpp::findCompilationDatabase(s.root);
  } else {
    fs::path db = opts.compile_db;
    if (fs::is_directory(db, ec)) db /= "compile_commands.json";
    if (!fs::is_regular_file(db, ec)) throw std::runtime_error(db.string() + ": no compilation database there (-p)");
    s.database = db.string();
  }
  return s;
}

Program scan(const ScanOptions& opts, const Knowledge& k) {
  DiscoverOptions d;
  d.excludes = opts.excludes;
  Discovery found = discover(opts.paths.empty() ? std::vector<std::string>{"."} : opts.paths, d);
  Frontends frontends(k, frontendSettings(opts));
  Extraction ex;
  {
    Progress progress(opts.progress, found.files.size());
    ex = extractAll(found.files, frontends, opts.jobs, &progress.done);
  }
  Program p = link(ex.files, opts.families);
  p.diagnostics.insert(p.diagnostics.begin(), found.diagnostics.begin(), found.diagnostics.end());
  p.files_seen = ex.stats.files_seen;
  p.files_parsed = ex.stats.files_parsed;
  return p;
}

}  // namespace archscan
