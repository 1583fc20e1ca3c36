#include "knowledge/knowledge.h"

#include <yaml-cpp/yaml.h>

#include <cctype>

#include "knowledge/hardware.h"

#include "arch/parse.h"

namespace archscan {
namespace {

std::string where(const std::string& origin, const YAML::Node& n) {
  return origin + ":" + std::to_string(n.Mark().line + 1) + ":" + std::to_string(n.Mark().column + 1);
}

std::set<std::string> stringSet(const YAML::Node& n, const std::string& origin) {
  std::set<std::string> out;
  if (!n) return out;
  if (!n.IsSequence()) throw KnowledgeError(where(origin, n) + ": expected a list of strings");
  for (const auto& item : n) out.insert(item.as<std::string>());
  return out;
}

Lexicon lexicon(const YAML::Node& n, const std::string& origin) {
  Lexicon lx;
  if (!n) return lx;
  lx.words = stringSet(n["words"], origin);
  if (const auto& ph = n["phrases"]) {
    for (const auto& p : ph) {
      std::vector<std::string> words;
      for (const auto& w : p) words.push_back(w.as<std::string>());
      lx.phrases.push_back(std::move(words));
    }
  }
  return lx;
}

KnownArch knownArch(const YAML::Node& n, const std::string& origin) {
  auto cc = n["cc"].as<std::string>();
  auto dot = cc.find('.');
  if (dot == std::string::npos) throw KnowledgeError(where(origin, n) + ": cc must look like 12.0");
  KnownArch a{std::stoi(cc.substr(0, dot)), std::stoi(cc.substr(dot + 1)), n["family"].as<std::string>(""), 0, {}};
  for (auto [key, into] : {std::pair{"min_cuda", &a.min_cuda}, std::pair{"family_cuda", &a.family_cuda}}) {
    const auto& v = n[key];
    if (!v) continue;
    auto t = v.as<std::string>();
    auto d = t.find('.');
    if (d == std::string::npos) throw KnowledgeError(where(origin, v) + ": " + key + " must look like 12.8");
    *into = std::stoi(t.substr(0, d)) * 10 + std::stoi(t.substr(d + 1));
  }
  a.facts.threads_per_sm = n["threads"].as<int>(0);
  a.facts.smem_per_block_kb = n["smem_kb"].as<int>(0);
  a.facts.smem_per_sm_kb = n["smem_sm_kb"].as<int>(0);
  a.facts.integrated = n["integrated"].as<bool>(false);
  if (n["features"] || n["specific"]) {
    a.isa.known = true;
    for (const char* key : {"features", "specific", "signature"}) {
      std::set<std::string> names = stringSet(n[key], origin);
      auto& into = std::string(key) == "features"   ? a.isa.features
                   : std::string(key) == "specific" ? a.isa.specific
                                                    : a.isa.signature;
      into.assign(names.begin(), names.end());
    }
  }
  return a;
}

}  // namespace

const ArchSelector* selectorNamed(const Knowledge& k, const std::string& call) {
  for (const auto& a : k.arch_selectors)
    if (a.call == call) return &a;
  return nullptr;
}

Knowledge parseKnowledge(const std::string& yaml, const std::string& origin) {
  Knowledge k;
  try {
    YAML::Node root = YAML::Load(yaml);
    for (const auto& a : root["archs"]) k.archs.known.push_back(knownArch(a, origin));
    if (const auto& al = root["aliases"]) {
      for (const auto& kv : al) {
        Arch a = parseUserArch(kv.second.as<std::string>(), k.archs);
        k.archs.aliases[kv.first.as<std::string>()] = a;
      }
    }
    const auto& src = root["capability_sources"];
    k.capability_calls = stringSet(src["calls"], origin);
    k.property_calls = stringSet(src["property_calls"], origin);
    k.capability_attributes = stringSet(src["attributes"], origin);
    k.negative_sources = stringSet(root["negative_sources"], origin);
    k.arch_names = lexicon(root["arch_names"], origin);
    k.negative_names = lexicon(root["negative_names"], origin);
    k.arch_gates = stringSet(root["arch_gates"], origin);
    k.deny_names = stringSet(root["deny_names"], origin);
    std::set<std::string> featureNames;
    for (const auto& f : root["features"]) {
      Feature feature{f["name"].as<std::string>(), f["what"].as<std::string>(""), {}, {}};
      std::set<std::string> words = stringSet(f["words"], origin);
      feature.words.assign(words.begin(), words.end());
      for (const auto& p : f["ptx"]) feature.ptx.push_back(p.as<std::string>());
      featureNames.insert(feature.name);
      k.features.push_back(std::move(feature));
    }
    // Kernel libraries are features whose archs are the ones their builds run on.
    for (const auto& l : root["libraries"]) {
      Feature lib{l["name"].as<std::string>(), l["what"].as<std::string>(""), {}, {}};
      for (const auto& m : l["modules"]) lib.modules.push_back(m.as<std::string>());
      for (const auto& b : l["builds"]) {
        std::string text = b.as<std::string>();
        if (!parseCodeObject(text))
          throw KnowledgeError(origin + ":" + std::to_string(b.Mark().line + 1) + ": library " + lib.name +
                               " builds '" + text + "', which is not a code object (sm_90a, compute_80)");
        lib.builds.push_back(text);
      }
      if (lib.modules.empty() || lib.builds.empty())
        throw KnowledgeError(origin + ":" + std::to_string(l.Mark().line + 1) + ": library " + lib.name +
                             " needs modules and builds");
      if (!featureNames.insert(lib.name).second)
        throw KnowledgeError(origin + ": library " + lib.name + " has the name of a feature");
      k.features.push_back(std::move(lib));
    }
    for (const auto& sel : root["arch_selectors"]) {
      ArchSelector a{sel["call"].as<std::string>(),
                     sel["what"].as<std::string>(""),
                     sel["max_major"].as<int>(0),
                     {},
                     sel["instead"].as<std::string>("")};
      for (char& c : a.call) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      for (const auto& pkg : sel["replaced_by"]) a.replaced_by.push_back(pkg.as<std::string>());
      for (const auto& kw : sel["keywords"]) {
        std::vector<std::string> items;
        for (const auto& item : kw.second) items.push_back(item.as<std::string>());
        a.keywords.emplace_back(kw.first.as<std::string>(), std::move(items));
      }
      if (a.max_major <= 0)
        throw KnowledgeError(origin + ":" + std::to_string(sel.Mark().line + 1) + ": arch selector " + a.call +
                             " needs max_major");
      k.arch_selectors.push_back(std::move(a));
    }
    // Every feature an arch names is declared: a typo would silently make
    // an arch lack what it has.
    for (const auto& a : k.archs.known)
      for (const auto* list : {&a.isa.features, &a.isa.specific, &a.isa.signature})
        for (const auto& name : *list)
          if (!featureNames.count(name))
            throw KnowledgeError(origin + ": arch " + std::to_string(a.major) + "." + std::to_string(a.minor) +
                                 " names feature '" + name + "', which `features:` does not declare");
  } catch (const YAML::Exception& e) {
    throw KnowledgeError(origin + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  } catch (const ArchError& e) {
    throw KnowledgeError(origin + ": " + e.what());
  }
  return k;
}

}  // namespace archscan
