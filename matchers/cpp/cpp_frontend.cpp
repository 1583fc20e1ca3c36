#include "cpp_frontend.h"

#include <algorithm>
#include <filesystem>

#include "balance.h"
#include "clang_gate.h"
#include "clang_service.h"
#include "cpp_sites.h"
#include "cpp_subject.h"
#include "empty_tables.h"
#include "frontend/path_needs.h"
#include "frontend/prefilter.h"
#include "frontend/suppressions.h"
#include "guards.h"
#include "includes.h"
#include "raw_functions.h"
#include "raw_lexer.h"
#include "recovery.h"
#include "render_cpp.h"

namespace archscan {

namespace {

// A helper in a header is followed into only when its name says it may
// return a capability: a capability call or an arch-like name.
cpp::ClangSettings withBodyFilter(cpp::ClangSettings s, const Knowledge& k) {
  s.keep_body = [&k](const std::string& name) {
    cpp::Operand probe;
    probe.text = name;
    probe.calls.push_back(name);
    Subject judged = cpp::judgeOperand(probe, k);
    return judged.evidence.subject || judged.evidence.name;
  };
  return s;
}

}  // namespace

CppFrontend::CppFrontend(const Knowledge& k, const CppSettings& settings)
    : k_(k),
      parser_(cpp::openClang(withBodyFilter(cpp::ClangSettings{settings.root,
                                                               settings.database,
                                                               {},
                                                               settings.prelude,
                                                               settings.prelude_dir,
                                                               settings.shipped_prelude_dir},
                                            k))) {}

CppFrontend::~CppFrontend() = default;

bool CppFrontend::accepts(std::string_view filename, std::string_view) const {
  auto dot = filename.rfind('.');
  if (dot == std::string_view::npos) return false;
  std::string_view ext = filename.substr(dot);
  for (std::string_view e : {".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx", ".cu", ".cuh", ".inl"})
    if (ext == e) return true;
  return false;
}

// Two sieves: arch words anywhere (a byte scan), then the tokens Clang's
// observations hang on (a raw lex). A file that passes the first but not the
// second is read by the raw lexer alone, in skim().
// An arch word as code writes it: `ManyDerivedInHierarchy` in a vendored
// test file sent a 280 KB gmock test through Clang (4 CPU-s, 330 MB).
bool CppFrontend::worthParsing(std::string_view text) const {
  return mentionsArchWord(text) && cpp::needsClang(text, cpp::lexCpp(text), k_);
}

FileFacts CppFrontend::skim(const SourceText& src) const {
  // A header with no arch word still links the headers it includes to the
  // sources that include it.
  if (!mentionsAny(src.text, archTriggerWords())) {
    FileFacts f;
    f.includes = cpp::includedPaths(src.text);
    return f;
  }
  return read(src, false);
}

// Brackets and #if groups from the raw lexer: Clang would need the headers,
// and an arch edit that breaks neither leaves the file as parseable as before.
int CppFrontend::syntaxErrors(const SourceText& src) const { return cpp::imbalances(src.text); }

// Every edit widens a test, adds a label to the template's body or copies an
// initializer whole, and a key written in a macro's arguments
// (`DG_HOST_ASSERT(arch_major == 10)`) is this file's text and edited, but
// one an expansion brought is not spelled where the entry says.
const EditingSyntax& CppFrontend::editing() const {
  static const EditingSyntax syntax = [] {
    EditingSyntax s;
    s.line_comment = "//";
    s.or_op = " || ";
    s.and_op = " && ";
    s.takes_values = false;
    s.renders_unmarked_sites = true;
    s.keys_may_be_elsewhere = true;
    return s;
  }();
  return syntax;
}

std::optional<std::string> CppFrontend::notOneValue(const std::string&) const {
  return "cannot be checked for C/C++ sites, which are patched by hand";
}

// Case labels, comparisons and template-argument tests: beside the nearest
// lower arch of the labels or `||` run `like` starts.
std::optional<EntryEdit> CppFrontend::renderEntry(const std::string& src, const std::vector<Entry>& entries,
                                                  const Entry& like, const std::string& key, const Arch& add) const {
  if (like.form != EntryForm::Case && like.form != EntryForm::Compare && like.form != EntryForm::TemplateArg)
    return std::nullopt;
  const Entry& at = cppAnchor(src, entries, like, add);
  return at.form == EntryForm::Case      ? renderCppCase(src, at, key)
         : at.form == EntryForm::Compare ? renderCppCompare(src, at, key)
                                         : renderCppTemplateArg(src, at, key);
}

std::string findCppCompilationDatabase(const std::string& root) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path r(root.empty() ? "." : root);
  if (fs::is_regular_file(r / "compile_commands.json", ec)) return (r / "compile_commands.json").string();
  if (!fs::is_directory(r, ec)) return {};
  std::vector<std::string> found;
  for (const auto& d : fs::directory_iterator(r, ec)) {
    std::string name = d.path().filename().string();
    if (d.is_directory(ec) && name.rfind("build", 0) == 0 &&
        fs::is_regular_file(d.path() / "compile_commands.json", ec))
      found.push_back((d.path() / "compile_commands.json").string());
  }
  std::sort(found.begin(), found.end());
  return found.empty() ? std::string() : found.front();
}

FileFacts CppFrontend::extract(const SourceText& src) const { return read(src, true); }

FileFacts CppFrontend::read(const SourceText& src, bool withClang) const {
  const std::string& path = src.path;
  const std::string& source = src.text;
  FileFacts facts;
  facts.path = path;
  facts.language = Language::Cpp;
  cpp::Observations obs = withClang ? parser_->parse(path, source) : cpp::Observations{};
  auto tokens = cpp::lexCpp(source);
  cpp::recoverSwitches(obs.switches, cpp::rawSwitches(source, tokens));
  cpp::recoverChains(obs, cpp::rawChains(source, tokens));
  cpp::recoverChains(obs, cpp::macroBodyChains(source, tokens));
  for (auto& t : cpp::macroBodyTemplateArgs(source, tokens)) obs.template_args.push_back(std::move(t));

  cpp::SiteInput in{source, tokens, obs, k_};
  cpp::switchSites(in, facts.sites);
  cpp::chainSites(in, facts.sites);
  cpp::loneSites(in, facts.sites);
  cpp::initializerSites(in, facts.sites);
  cpp::templateSites(in, facts.sites);
  for (auto& g : cpp::guardSites(source, tokens, obs.functions, k_)) {
    cpp::finishSite(g, g.scope, cpp::MacroOrigin{}, k_);
    facts.sites.push_back(std::move(g));
  }
  std::stable_sort(facts.sites.begin(), facts.sites.end(),
                   [](const Site& a, const Site& b) { return a.extent.begin < b.extent.begin; });
  // A lambda written in a macro's argument (`FP16_SWITCH(is_bf16, ([&] {
  // if (major == 8) ... }))`) is instantiated once per expansion of its body,
  // so Clang observes the one chain written there twice: the same bytes are
  // one site.
  auto sameBytes = [](const Site& a, const Site& b) {
    if (a.kind != b.kind || a.name != b.name || a.line != b.line || a.extent.begin != b.extent.begin ||
        a.extent.end != b.extent.end || a.entries.size() != b.entries.size() || a.ranges.size() != b.ranges.size())
      return false;
    for (size_t i = 0; i < a.entries.size(); ++i)
      if (a.entries[i].key.begin != b.entries[i].key.begin || a.entries[i].key.end != b.entries[i].key.end)
        return false;
    for (size_t i = 0; i < a.ranges.size(); ++i)
      if (a.ranges[i].item.begin != b.ranges[i].item.begin || a.ranges[i].item.end != b.ranges[i].item.end)
        return false;
    return true;
  };
  facts.sites.erase(std::unique(facts.sites.begin(), facts.sites.end(), sameBytes), facts.sites.end());
  facts.lookups = cpp::lookups(in);
  for (const auto& f : obs.functions) {
    FunctionSummary fs;
    fs.name = cpp::dottedName(f.name);
    fs.params = f.params;
    fs.returns_capability = f.returns && cpp::judgeOperand(*f.returns, k_).evidence.subject;
    fs.calls = cpp::callsIn(source, tokens, f.body, FunctionSummary::kMaxCalls);
    facts.functions.push_back(std::move(fs));
  }
  // Functions Clang dropped (a signature naming a type from a missing
  // header) still call and are called: their names and calls from the text.
  for (const auto& rf : cpp::rawFunctions(source, tokens)) {
    bool known = false;
    for (const auto& f : obs.functions) known |= f.body.begin == rf.body.begin;
    if (known) continue;
    FunctionSummary fs;
    fs.name = rf.name;
    fs.calls = cpp::callsIn(source, tokens, rf.body, FunctionSummary::kMaxCalls);
    facts.functions.push_back(std::move(fs));
  }
  facts.diagnostics = obs.diagnostics;
  addValueNeeds(facts.sites, source, k_, "//");
  addScopeLibraryNeeds(facts.sites, k_);
  cpp::dropEmptyTableNeeds(facts.sites, source, tokens);
  facts.suppressions = applySuppressions(source, "//", facts.sites);
  facts.includes = cpp::includedPaths(source);
  facts.parsed = true;
  return facts;
}

}  // namespace archscan
