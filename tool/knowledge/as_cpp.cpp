#include "knowledge/as_cpp.h"

#include <sstream>

#include "util/escape.h"

namespace archscan {
namespace {

// A C++ string literal: git's C-style quoting is one, when it quotes.
std::string literal(const std::string& s) {
  std::string quoted = gitQuoted(s);
  return quoted == s ? "\"" + s + "\"" : quoted;
}

template <typename Strings>
std::string list(const Strings& strings) {
  std::string out = "{";
  for (const auto& s : strings) out += (out.size() > 1 ? ", " : "") + literal(s);
  return out + "}";
}

void lexicon(std::ostringstream& o, const std::string& name, const Lexicon& lx) {
  o << "  k." << name << ".words = " << list(lx.words) << ";\n";
  o << "  k." << name << ".phrases = {";
  for (size_t i = 0; i < lx.phrases.size(); ++i) o << (i ? ", " : "") << list(lx.phrases[i]);
  o << "};\n";
}

}  // namespace

std::string knowledgeAsCpp(const Knowledge& k, const std::string& origin) {
  std::ostringstream o;
  o << "// Generated from " << origin << " by archscan-knowledge; edit that file, not this one.\n"
    << "#include \"knowledge/knowledge.h\"\n\n"
    << "namespace archscan {\n\n"
    << "Knowledge builtinKnowledge() {\n"
    << "  Knowledge k;\n"
    << "  k.archs.known = {\n";
  for (const auto& a : k.archs.known)
    o << "      {" << a.major << ", " << a.minor << ", " << literal(a.family) << ", " << a.min_cuda << ", {"
      << a.facts.threads_per_sm << ", " << a.facts.smem_per_block_kb << ", " << a.facts.smem_per_sm_kb << ", "
      << (a.facts.integrated ? "true" : "false") << "}, {" << (a.isa.known ? "true" : "false") << ", "
      << list(a.isa.features) << ", " << list(a.isa.specific) << ", " << list(a.isa.signature) << "}, " << a.family_cuda
      << "},\n";
  o << "  };\n  k.archs.aliases = {\n";
  for (const auto& [name, a] : k.archs.aliases)
    o << "      {" << literal(name) << ", {" << a.major << ", " << a.minor << ", " << (a.major_only ? "true" : "false")
      << ", static_cast<Variant>(" << static_cast<int>(a.variant) << ")}},\n";
  o << "  };\n";
  o << "  k.capability_calls = " << list(k.capability_calls) << ";\n";
  o << "  k.property_calls = " << list(k.property_calls) << ";\n";
  o << "  k.capability_attributes = " << list(k.capability_attributes) << ";\n";
  o << "  k.negative_sources = " << list(k.negative_sources) << ";\n";
  lexicon(o, "arch_names", k.arch_names);
  lexicon(o, "negative_names", k.negative_names);
  o << "  k.arch_gates = " << list(k.arch_gates) << ";\n";
  o << "  k.deny_names = " << list(k.deny_names) << ";\n";
  o << "  k.features = {\n";
  for (const auto& f : k.features)
    o << "      {" << literal(f.name) << ", " << literal(f.what) << ", " << list(f.words) << ", " << list(f.ptx) << ", "
      << list(f.modules) << ", " << list(f.builds) << "},\n";
  o << "  };\n";
  o << "  k.arch_selectors = {\n";
  for (const auto& a : k.arch_selectors) {
    o << "      {" << literal(a.call) << ", " << literal(a.what) << ", " << a.max_major << ", {";
    for (size_t i = 0; i < a.keywords.size(); ++i)
      o << (i ? ", " : "") << "{" << literal(a.keywords[i].first) << ", " << list(a.keywords[i].second) << "}";
    o << "}, " << literal(a.instead) << ", " << list(a.replaced_by) << "},\n";
  }
  o << "  };\n";
  o << "  return k;\n}\n\n}  // namespace archscan\n";
  return o.str();
}

}  // namespace archscan
