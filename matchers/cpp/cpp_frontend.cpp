#include "cpp_frontend.h"

#include <algorithm>

#include "cpp_sites.h"
#include "cpp_subject.h"
#include "extract/suppressions.h"
#include "guards.h"
#include "raw_lexer.h"
#include "recovery.h"

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

CppFrontend::CppFrontend(const Knowledge& k, const cpp::ClangSettings& settings)
    : k_(k), parser_(withBodyFilter(settings, k)) {}

FileFacts CppFrontend::extract(const std::string& path, const std::string& source) const {
  FileFacts facts;
  facts.path = path;
  facts.language = "cpp";
  cpp::Observations obs = parser_.parse(path, source);
  auto tokens = cpp::lexCpp(source);
  cpp::recoverSwitches(obs.switches, cpp::rawSwitches(source, tokens));
  cpp::recoverChains(obs, cpp::rawChains(source, tokens));

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
  facts.lookups = cpp::lookups(in);
  for (const auto& f : obs.functions) {
    FunctionSummary fs;
    fs.name = cpp::dottedName(f.name);
    fs.params = f.params;
    fs.returns_capability = f.returns && cpp::judgeOperand(*f.returns, k_).evidence.subject;
    facts.functions.push_back(std::move(fs));
  }
  facts.diagnostics = obs.diagnostics;
  facts.suppressions = applySuppressions(source, "//", facts.sites);
  facts.parsed = true;
  return facts;
}

}  // namespace archscan
