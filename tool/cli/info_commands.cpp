// Commands that scan nothing: archs, rules, explain.
#include <algorithm>
#include <sstream>

#include "analyze/rules/rules.h"
#include "arch/parse.h"
#include "arch/suggest.h"
#include "cli/commands.h"
#include "cli/output_file.h"
#include "cli/usage_error.h"
#include "extract/registry.h"
#include "knowledge/hardware.h"
#include "version.h"

namespace archscan {
namespace {

std::string pad(std::string s, size_t n) { return s.size() >= n ? s + " " : s + std::string(n - s.size(), ' '); }

// Words of `text` in lines of at most `width` columns, each starting with `indent`.
std::string wrapped(const std::string& text, size_t width, const std::string& indent) {
  std::istringstream words(text);
  std::string out, line;
  for (std::string w; words >> w;) {
    if (!line.empty() && indent.size() + line.size() + 1 + w.size() > width) {
      out += indent + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  if (!line.empty()) out += indent + line + "\n";
  return out;
}

const RuleInfo& ruleNamed(const std::string& id) {
  std::vector<std::string> ids;
  for (const auto& r : ruleCatalogue()) {
    if (r.id == id) return r;
    ids.push_back(r.id);
  }
  auto near = closestWord(id, ids);
  throw UsageError("unknown rule '" + id + "'" +
                   (near ? "; did you mean '" + *near + "'?" : " (archscan rules lists them)"));
}

}  // namespace

std::string versionText() {
  return std::string("archscan ") + kArchscanVersion + " (built with " + frontendToolchains() + ")";
}

namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out.empty() ? "none" : out;
}

// The hardware model's lines for one arch: what it runs, what it lacks, and
// which code objects run on it.
void describeHardware(const KnownArch& a, const Knowledge& k, std::ostringstream& out) {
  Arch arch{a.major, a.minor, false, Variant::None};
  std::string smXY = std::to_string(arch.smInt());
  out << "  features: " << joined(a.isa.features) << "\n";
  out << "  arch-specific features (sm_" << smXY << "a/f code only): " << joined(a.isa.specific) << "\n";
  std::vector<std::string> lacks;
  for (const auto& f : k.features)
    if (hasFeature(arch, f.name, k) == false) lacks.push_back(f.name);
  out << "  lacks: " << joined(lacks) << "\n";
  if (!a.isa.signature.empty())
    out << "  a path named for sm" << smXY << " is taken to need: " << joined(a.isa.signature) << "\n";
  std::vector<std::string> runs;
  for (const auto& other : k.archs.known)
    for (Variant v : {Variant::None, Variant::A, Variant::F}) {
      CodeObject o{Arch{other.major, other.minor, false, v}, false};
      if (runsOn(o, arch)) runs.push_back(o.name());
    }
  out << "  SASS that runs on it: " << joined(runs) << "\n";
  out << "  PTX that runs on it (JIT): compute_XY for every XY <= " << smXY << "; compute_" << smXY
      << "a only here, compute_" << a.major << "Yf for Y <= " << a.minor << "\n";
}

}  // namespace

// `archscan archs ARCH`: everything known of one arch, or that it is unknown.
std::string describeArch(const Arch& a, const Knowledge& k) {
  std::ostringstream out;
  Arch base = a.base();
  out << base.name() << " (compute capability " << base.dotted() << ")";
  if (a.variant != Variant::None) out << ", variant " << static_cast<char>(a.variant);
  out << "\n";
  const KnownArch* known = k.archs.find(a.major, a.minor);
  if (!known) {
    out << "  not in archscan's table of known GPUs; treated as compute capability " << base.dotted()
        << " (add it to archscan.yaml `archs:` to name it)\n";
  } else {
    if (!known->family.empty()) out << "  family: " << known->family << "\n";
    if (known->min_cuda) out << "  first CUDA toolkit: " << known->min_cuda / 10 << "." << known->min_cuda % 10 << "\n";
    if (known->facts.threads_per_sm) out << "  resident threads per SM: " << known->facts.threads_per_sm << "\n";
    if (known->facts.smem_per_block_kb)
      out << "  shared memory per block: " << known->facts.smem_per_block_kb << " KB\n";
    if (known->facts.smem_per_sm_kb) out << "  shared memory per SM: " << known->facts.smem_per_sm_kb << " KB\n";
    if (known->facts.integrated) out << "  integrated GPU of a Jetson/Tegra SoC\n";
    if (known->isa.known) describeHardware(*known, k, out);
  }
  std::string aliases;
  for (const auto& [name, al] : k.archs.aliases)
    if (al.base() == base) aliases += (aliases.empty() ? "" : ", ") + name;
  if (!aliases.empty()) out << "  GPU names: " << aliases << "\n";
  out << "  spellings: " << a.major << ", " << base.smInt() << ", \"" << base.dotted() << "\", (" << a.major << ", "
      << a.minor << "), \"sm_" << base.smInt() << "\", " << a.major * 100 + a.minor * 10 << "\n";
  return out.str();
}

int runArchs(const Settings& s) {
  const Knowledge& k = s.k;
  if (!s.o.args.empty()) {
    writeOutput(s.o.output, describeArch(parseUserArch(s.o.args.front(), k.archs), k));
    return 0;
  }
  std::ostringstream out;
  out << "arch     cc     family      spellings                               aliases\n";
  for (const auto& a : k.archs.known) {
    Arch arch{a.major, a.minor, false, Variant::None};
    std::string aliases;
    for (const auto& [name, al] : k.archs.aliases)
      if (al == arch) aliases += (aliases.empty() ? "" : ", ") + name;
    std::string sp = std::to_string(a.major) + ", " + std::to_string(arch.smInt()) + ", \"" + arch.dotted() + "\", (" +
                     std::to_string(a.major) + ", " + std::to_string(a.minor) + "), \"sm_" +
                     std::to_string(arch.smInt()) + "\", " + std::to_string(a.major * 100 + a.minor * 10);
    out << pad(arch.name(), 9) << pad(arch.dotted(), 7) << pad(a.family, 12) << pad(sp, 40) << aliases << "\n";
  }
  out << "\nVariants: sm_90a (arch-specific), sm_100f (family). A bare major key (12) covers every minor: sm_12x.\n";
  writeOutput(s.o.output, out.str());
  return 0;
}

int runRules(const Settings& s) {
  std::ostringstream out;
  size_t width = 0;
  for (const auto& r : ruleCatalogue()) width = std::max(width, std::string(r.id).size());
  for (const auto& r : ruleCatalogue())
    out << pad(r.id, width + 1) << pad(severityName(r.default_severity), 8) << r.summary << "\n";
  out << "\n`archscan explain RULE` prints a rule's documentation.\n";
  writeOutput(s.o.output, out.str());
  return 0;
}

int runExplain(const Settings& s) {
  const RuleInfo& r = ruleNamed(s.o.args.front());
  std::ostringstream out;
  out << r.id << ": " << r.summary << "\n";
  out << "Default severity: " << severityName(r.default_severity) << " (SARIF name " << r.name << ").\n\n";
  out << (r.doc ? std::string(r.doc) : wrapped(r.help, 80, ""));
  if (r.example) {
    std::string example = r.example;
    std::string head = example.substr(0, example.find('\n'));  // "# tiles.py: check --target sm_120"
    size_t colon = head.find(": ");
    std::string file = head.substr(2, colon - 2), command = head.substr(colon + 2);
    std::string body = example.substr(example.find('\n') + 1);
    if (body.find("\n==> ") == std::string::npos) {
      out << "\nExample: `archscan " << command << " " << file << "` on " << file << ":\n\n";
    } else {  // several files: each after its `==> path <==`, the first one too
      out << "\nExample: `archscan " << command << " .` on these files:\n\n";
      body = "==> " + file + " <==\n" + body;
    }
    std::istringstream lines(body);
    for (std::string line; std::getline(lines, line);) out << (line.empty() ? "" : "    " + line) << "\n";
  }
  out << "\nSuppress one finding with a comment on the site's first line or the line above it:\n"
      << "    # archscan: ignore[" << r.id << "]        (// in C, C++ and CUDA)\n"
      << "Keep known findings out of CI: record them once with `archscan check --write-baseline FILE`,\n"
      << "then `archscan check --baseline FILE` reports only new ones.\n";
  writeOutput(s.o.output, out.str());
  return 0;
}

}  // namespace archscan
