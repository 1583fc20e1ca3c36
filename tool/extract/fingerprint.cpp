#include "extract/fingerprint.h"

#include <filesystem>
#include <sstream>

#include "extract/registry.h"
#include "facts_io/facts_io.h"
#include "util/file_stamp.h"
#include "util/source_text.h"
#include "version.h"

namespace archscan {
namespace {

void lexicon(std::ostream& o, const char* name, const Lexicon& l) {
  o << name << ":";
  for (const auto& w : l.words) o << w << ",";
  o << "|";
  for (const auto& p : l.phrases) {
    for (const auto& w : p) o << w << " ";
    o << ",";
  }
  o << "\n";
}

void strings(std::ostream& o, const char* name, const std::set<std::string>& s) {
  o << name << ":";
  for (const auto& w : s) o << w << ",";
  o << "\n";
}

}  // namespace

std::string extractionFingerprint(const Knowledge& k, const FrontendSettings& s) {
  std::ostringstream o;
  o << "archscan " << kArchscanVersion << "\n" << frontendToolchains() << "\n";
  for (const auto& a : k.archs.known)
    o << "arch " << a.major << "." << a.minor << " " << a.family << " " << a.min_cuda << " " << a.facts.threads_per_sm
      << " " << a.facts.smem_per_block_kb << (a.facts.integrated ? " integrated" : "") << "\n";
  for (const auto& [name, a] : k.archs.aliases)
    o << "alias " << name << " " << a.major << "." << a.minor << (a.major_only ? "x" : "") << char(a.variant) << "\n";
  strings(o, "capability_calls", k.capability_calls);
  strings(o, "property_calls", k.property_calls);
  strings(o, "capability_attributes", k.capability_attributes);
  strings(o, "negative_sources", k.negative_sources);
  lexicon(o, "arch_names", k.arch_names);
  lexicon(o, "negative_names", k.negative_names);
  strings(o, "arch_gates", k.arch_gates);
  strings(o, "deny_names", k.deny_names);
  for (const auto& a : k.arch_selectors) o << "selector " << a.call << " " << a.max_major << "\n";
  std::error_code ec;
  o << "root " << std::filesystem::absolute(s.root, ec).lexically_normal().string() << "\n";
  o << "database " << s.database << "\n";
  // A file that uses a standard name it does not include parses better from the prelude.
  o << "prelude " << s.clang_prelude << "\n";
  if (!s.database.empty()) {
    try {
      o << xxh3(readFile(s.database)) << "\n";
    } catch (const std::exception&) {
      o << "unreadable\n";
    }
  }
  std::string text = o.str();
  std::ostringstream id;
  id << std::hex << xxh3(text);
  return id.str();
}

std::string buildIdentity() {
  std::optional<FileStamp> self = stampOf("/proc/self/exe");
  if (!self) return "unknown";
  std::string modules = frontendModules();
  return sizeAndTime(*self) + (modules.empty() ? "" : "+" + modules);
}

}  // namespace archscan
