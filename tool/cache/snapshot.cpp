#include "cache/snapshot.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "facts_io/facts_io.h"
#include "util/mapped_file.h"
#include "util/replace_file.h"

namespace archscan {
namespace fs = std::filesystem;

namespace {

// "archscan-snapshot <format> <payload xxh3, hex> <payload bytes>\n", then the
// payload: the headers fingerprint, the records and the header records, each
// field a little-endian u64 or a u64 length and its bytes. The facts format
// is part of the header, so a snapshot of another format is ignored.
constexpr const char* kMagic = "archscan-snapshot";
constexpr int kSnapshotFormat = 2;

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

void putU64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

void putBytes(std::string& out, std::string_view s) {
  putU64(out, s.size());
  out += s;
}

// Reads the payload front to back; any overrun marks it damaged.
struct Reader {
  std::string_view rest;
  bool ok = true;
  uint64_t u64() {
    if (rest.size() < 8) return ok = false, 0;
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t(static_cast<unsigned char>(rest[i])) << (8 * i);
    rest.remove_prefix(8);
    return v;
  }
  std::string_view bytes() {
    uint64_t n = u64();
    if (!ok || n > rest.size()) return ok = false, std::string_view();
    std::string_view v = rest.substr(0, n);
    rest.remove_prefix(n);
    return v;
  }
  FileStamp stamp() {
    FileStamp s;
    s.dev = u64();
    s.ino = u64();
    s.size = u64();
    s.mtime_ns = static_cast<int64_t>(u64());
    s.ctime_ns = static_cast<int64_t>(u64());
    return s;
  }
};

void putStamp(std::string& out, const FileStamp& s) {
  putU64(out, s.dev);
  putU64(out, s.ino);
  putU64(out, s.size);
  putU64(out, static_cast<uint64_t>(s.mtime_ns));
  putU64(out, static_cast<uint64_t>(s.ctime_ns));
}

std::string formatTag() { return std::to_string(kSnapshotFormat) + "." + std::to_string(kFactsFormat); }

}  // namespace

Snapshot Snapshot::load(const std::string& file) {
  Snapshot snap;
  snap.bytes_ = MappedFile::open(file);
  if (!snap.bytes_) return snap;
  std::string_view b = snap.bytes_->bytes();
  size_t nl = b.find('\n');
  if (nl == std::string_view::npos) return Snapshot{};
  std::istringstream head(std::string(b.substr(0, nl)));
  std::string magic, format, sum;
  size_t size = 0;
  if (!(head >> magic >> format >> sum >> size) || magic != kMagic || format != formatTag()) return Snapshot{};
  std::string_view payload(b.data() + nl + 1, b.size() - nl - 1);
  if (payload.size() != size || hex(xxh3(payload)) != sum) return Snapshot{};
  Reader r{payload};
  snap.headers_ = std::string(r.bytes());
  uint64_t count = r.u64();
  for (uint64_t i = 0; r.ok && i < count; ++i) {
    std::string_view path = r.bytes();
    Held h;
    h.stamp = r.stamp();
    h.facts = r.bytes();
    if (r.ok) snap.records_[path] = h;
  }
  uint64_t headerCount = r.u64();
  for (uint64_t i = 0; r.ok && i < headerCount; ++i) {
    std::string_view path = r.bytes();
    FileStamp stamp = r.stamp();
    uint64_t hash = r.u64();
    if (r.ok) snap.headerHashes_[path] = {stamp, hash};
  }
  if (!r.ok || !r.rest.empty()) return Snapshot{};
  return snap;
}

std::optional<std::string_view> Snapshot::find(const std::string& path, const FileStamp& stamp) const {
  auto it = records_.find(path);
  if (it == records_.end() || !(it->second.stamp == stamp)) return std::nullopt;
  return it->second.facts;
}

std::optional<uint64_t> Snapshot::headerHash(const std::string& path, const FileStamp& stamp) const {
  auto it = headerHashes_.find(path);
  if (it == headerHashes_.end() || !(it->second.first == stamp)) return std::nullopt;
  return it->second.second;
}

void writeSnapshot(const std::string& file, const std::string& headers, const std::vector<SnapshotRecord>& records,
                   const std::vector<HeaderRecord>& headerRecords) {
  std::string payload;
  putBytes(payload, headers);
  putU64(payload, records.size());
  for (const auto& r : records) {
    putBytes(payload, r.path);
    putStamp(payload, r.stamp);
    putBytes(payload, r.bytes());
  }
  putU64(payload, headerRecords.size());
  for (const auto& h : headerRecords) {
    putBytes(payload, h.path);
    putStamp(payload, h.stamp);
    putU64(payload, h.hash);
  }
  std::string head =
      std::string(kMagic) + " " + formatTag() + " " + hex(xxh3(payload)) + " " + std::to_string(payload.size()) + "\n";
  replaceWhole(file, head, payload);
}

}  // namespace archscan
