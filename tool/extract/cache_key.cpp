#include "extract/cache_key.h"

#include <filesystem>
#include <set>

#include "facts_io/facts_io.h"
#include "util/source_text.h"

namespace archscan {
namespace {

bool isHeader(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (const char* e : {".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl"})
    if (ext == e) return true;
  return false;
}

}  // namespace

std::string cppHeadersFingerprint(const std::vector<SourceFile>& files, const std::string& root) {
  namespace fs = std::filesystem;
  bool anyCpp = false;
  std::set<std::string> headers;
  for (const auto& f : files) {
    anyCpp = anyCpp || f.language == Language::Cpp;
    if (f.language == Language::Cpp && isHeader(f.path))
      headers.insert(fs::absolute(f.path).lexically_normal().string());
  }
  if (!anyCpp) return {};
  std::error_code ec;
  auto opts = fs::directory_options::skip_permission_denied;
  for (auto it = fs::recursive_directory_iterator(root.empty() ? "." : root, opts, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (it->is_directory(ec) && (name == ".git" || name == ".archscan-cache")) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec) && isHeader(name)) headers.insert(fs::absolute(it->path()).lexically_normal().string());
  }
  std::string all;
  for (const auto& h : headers) {
    std::string text;
    try {
      text = readFile(h);
    } catch (const std::exception&) {
      text = "\x01unreadable";
    }
    all += h;
    all += '\0';
    all += std::to_string(xxh3(text));
    all += '\n';
  }
  return std::to_string(xxh3(all));
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
