#include "extract/cache_key.h"

#include <filesystem>
#include <set>
#include <unordered_map>

#include "facts_io/facts_io.h"
#include "util/source_text.h"

namespace archscan {
namespace {

bool isHeader(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (std::string_view e : kHeaderSuffixes)
    if (ext == e) return true;
  return false;
}

bool notOurs(const std::string& folderName) { return folderName == ".git" || folderName == ".archscan-cache"; }

// `p` absolute and normal; `cwd` is the working folder, asked once rather
// than by fs::absolute per header.
std::string normalAbsolute(const std::filesystem::path& p, const std::filesystem::path& cwd) {
  return (p.is_absolute() ? p : cwd / p).lexically_normal().string();
}

void addHeadersBelow(const std::filesystem::path& folder, const std::filesystem::path& cwd,
                     std::set<std::string>& headers) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto opts = fs::directory_options::skip_permission_denied;
  for (auto it = fs::recursive_directory_iterator(folder, opts, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (it->is_directory(ec) && notOurs(name)) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec) && isHeader(name)) headers.insert(normalAbsolute(it->path(), cwd));
  }
}

}  // namespace

HashedHeaders hashHeaders(const std::vector<SourceFile>& files, const std::string& root,
                          const std::vector<TreeListing>& listings, const Snapshot* known) {
  namespace fs = std::filesystem;
  HashedHeaders out;
  bool anyCpp = false;
  for (const auto& f : files) anyCpp = anyCpp || f.language == Language::Cpp;
  if (!anyCpp) return out;
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  std::set<std::string> headers;
  std::unordered_map<std::string, FileStamp> stamps;  // discovery's, where it took one
  for (const auto& f : files) {
    if (f.language != Language::Cpp || !isHeader(f.path)) continue;
    std::string abs = normalAbsolute(f.path, cwd);
    if (f.stamp) stamps[abs] = *f.stamp;
    headers.insert(std::move(abs));
  }
  fs::path top = root.empty() ? fs::path(".") : fs::path(root);
  std::string absTop = normalAbsolute(top, cwd);
  const TreeListing* seen = nullptr;
  for (const auto& l : listings)
    if (l.root == absTop) seen = &l;
  if (seen) {
    for (const auto& f : seen->files)
      if (isHeader(f)) headers.insert(f);
    for (const auto& folder : seen->skipped)
      if (!notOurs(fs::path(folder).filename().string())) addHeadersBelow(folder, cwd, headers);
  } else {
    addHeadersBelow(top, cwd, headers);
  }
  std::string all;
  for (const auto& h : headers) {
    auto found = stamps.find(h);
    std::optional<FileStamp> stamp = found != stamps.end() ? std::optional<FileStamp>(found->second) : stampOf(h);
    std::optional<uint64_t> hash = known && stamp ? known->headerHash(h, *stamp) : std::nullopt;
    if (!hash) {
      ++out.read;
      try {
        hash = xxh3(readFile(h));
      } catch (const std::exception&) {
        hash = xxh3("\x01unreadable");
        stamp.reset();  // not to be recorded
      }
    }
    if (stamp) out.hashes.push_back({h, *stamp, *hash});
    all += h;
    all += '\0';
    all += std::to_string(*hash);
    all += '\n';
  }
  out.fingerprint = std::to_string(xxh3(all));
  return out;
}

std::string cppHeadersFingerprint(const std::vector<SourceFile>& files, const std::string& root,
                                  const std::vector<TreeListing>& listings) {
  return hashHeaders(files, root, listings, nullptr).fingerprint;
}

uint64_t cacheKey(const std::string& fingerprint, const SourceFile& file, const std::string& text,
                  const std::string& headers) {
  std::string k = fingerprint;
  k += '\0';
  k += languageName(file.language);
  k += '\0';
  k += file.path;
  k += '\0';
  k += std::to_string(xxh3(text));
  if (file.language == Language::Cpp) {
    k += '\0';
    k += headers;
  }
  return xxh3(k);
}

}  // namespace archscan
