#include "cache/content_cache.h"

#include <chrono>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>
#include <vector>

#include "facts_io/facts_io.h"
#include "util/replace_file.h"

namespace archscan {
namespace fs = std::filesystem;

namespace {

// "archscan-cache <format> <payload xxh3, hex> <payload bytes>\n" then the
// payload: the header tells a whole, current entry from anything else.
constexpr const char* kMagic = "archscan-cache";

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::optional<std::string> slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

ContentCache::ContentCache(std::string dir, uint64_t max_bytes) : dir_(std::move(dir)), max_bytes_(max_bytes) {}

std::string ContentCache::entryPath(uint64_t key) const {
  std::string h = hex(key);
  return (fs::path(dir_) / h.substr(0, 2) / (h + ".facts")).string();
}

std::optional<FileFacts> ContentCache::load(uint64_t key) const {
  fs::path p = entryPath(key);
  auto bytes = slurp(p);
  if (!bytes) return std::nullopt;
  auto reject = [&]() -> std::optional<FileFacts> {
    std::error_code ec;
    fs::remove(p, ec);
    return std::nullopt;
  };
  size_t nl = bytes->find('\n');
  if (nl == std::string::npos) return reject();
  std::istringstream head(bytes->substr(0, nl));
  std::string magic, sum;
  int format = 0;
  size_t size = 0;
  if (!(head >> magic >> format >> sum >> size) || magic != kMagic || format != kFactsFormat) return reject();
  std::string_view payload(bytes->data() + nl + 1, bytes->size() - nl - 1);
  if (payload.size() != size || hex(xxh3(payload)) != sum) return reject();
  try {
    FileFacts f = readFileFacts(payload, p.string());
    // Touch it: pruning deletes the least recently used entries first.
    std::error_code ec;
    fs::last_write_time(p, fs::file_time_type::clock::now(), ec);
    return f;
  } catch (const FactsFormatError&) {
    return reject();
  }
}

void ContentCache::store(uint64_t key, const FileFacts& facts) const {
  std::string payload = writeFileFacts(facts);
  std::string bytes = std::string(kMagic) + " " + std::to_string(kFactsFormat) + " " + hex(xxh3(payload)) + " " +
                      std::to_string(payload.size()) + "\n" + payload;
  fs::path p = entryPath(key);
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  if (ec) return;
  // The cache sits in the user's checkout: a .gitignore of `*` keeps `git add
  // -A` from committing it, as pytest's and ruff's caches do.
  if (!ignored_.exchange(true)) {
    fs::path ignore = fs::path(dir_) / ".gitignore";
    if (!fs::exists(ignore, ec)) {
      std::ofstream out(ignore, std::ios::binary);
      out << "# Made by archscan: its content cache, never to be committed.\n*\n";
    }
  }
  replaceWhole(p.string(), bytes, {});
}

void ContentCache::sweepTemporaries() const {
  // A run killed between writing an entry's temporary and renaming it leaves
  // `NAME.tmp.PID.TID`. One an hour old belongs to no write still going on.
  const auto stale = fs::file_time_type::clock::now() - std::chrono::hours(1);
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir_, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::error_code fe;
    if (name.find(".tmp.") == std::string::npos || !it->is_regular_file(fe)) continue;
    auto time = it->last_write_time(fe);
    if (!fe && time < stale) fs::remove(it->path(), fe);
  }
}

size_t ContentCache::prune() const {
  sweepTemporaries();
  if (max_bytes_ == 0) return 0;
  struct Item {
    fs::path path;
    uint64_t size;
    fs::file_time_type time;
  };
  std::vector<Item> items;
  uint64_t total = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir_, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    // Entries and scan snapshots only: the folder also holds its .gitignore and write journals.
    std::string ext = it->path().extension().string();
    if (!it->is_regular_file(ec) || (ext != ".facts" && ext != ".snapshot")) continue;
    uint64_t size = it->file_size(ec);
    if (ec) continue;
    items.push_back({it->path(), size, it->last_write_time(ec)});
    total += size;
  }
  if (total <= max_bytes_) return 0;
  std::sort(items.begin(), items.end(),
            [](const Item& a, const Item& b) { return a.time != b.time ? a.time < b.time : a.path < b.path; });
  size_t removed = 0;
  for (const auto& i : items) {
    if (total <= max_bytes_) break;
    if (fs::remove(i.path, ec)) {
      total -= i.size;
      ++removed;
    }
  }
  return removed;
}

std::string defaultCacheDir(const std::string& scanRoot) {
  std::error_code ec;
  fs::path start = fs::absolute(scanRoot.empty() ? "." : scanRoot, ec).lexically_normal();
  if (!fs::is_directory(start, ec)) start = start.parent_path();
  for (fs::path d = start; !d.empty(); d = d.parent_path()) {
    if (fs::exists(d / ".git", ec)) return (d / ".archscan-cache").string();
    if (d == d.root_path()) break;
  }
  // Outside a repository the scanned folder may be read-only or shared: the user's cache.
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return (fs::path(xdg) / "archscan").string();
  if (const char* home = std::getenv("HOME"); home && *home) return (fs::path(home) / ".cache" / "archscan").string();
  return {};
}

}  // namespace archscan
