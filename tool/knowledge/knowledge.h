#pragma once
// Everything archscan knows about GPUs and framework conventions, as plain
// data loaded from knowledge.yaml (compiled in) and extended by archscan.yaml.
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "arch/arch_table.h"

namespace archscan {

struct Lexicon {
  std::set<std::string> words;
  std::vector<std::vector<std::string>> phrases;
};

// One instruction feature of the hardware model.
struct Feature {
  std::string name;  // tcgen05
  std::string what;  // for people
  std::vector<std::string> words;  // identifier words that name it (umma, tmem)
  std::vector<std::string> ptx;  // how inline PTX writes it (a prefix: "tcgen05.")
  // A kernel library rather than an instruction: the names it is imported
  // or called as (`flash_mla`, whole identifiers), and the code objects its
  // published builds hold (`sm_90a`). An arch has it when one of them runs
  // there (knowledge/hardware.h runsOn), not by the archs' lists.
  std::vector<std::string> modules = {};
  std::vector<std::string> builds = {};
};

// A build-system function that turns an arch list into nvcc flags by its own
// table (CMake's FindCUDA `cuda_select_nvcc_arch_flags`): a list handed to it
// holds only what it can name.
struct ArchSelector {
  std::string call;  // as written, lower case: CMake commands are case-insensitive
  std::string what;  // for people
  int max_major = 0;  // the highest major its names take; a later arch is an error there
  // Keywords it expands itself (`Common`), each to the list it stands for.
  std::vector<std::pair<std::string, std::vector<std::string>>> keywords = {};
  std::string instead = "";  // what builds newer archs
  // Packages whose CMake config brings their own, newer copy of the
  // selector (find_package(Torch)): in a file that finds one, the call is theirs.
  std::vector<std::string> replaced_by = {};
};

struct Knowledge {
  ArchTable archs;
  std::set<std::string> capability_calls;  // get_device_capability, ...
  std::set<std::string> property_calls;  // get_device_properties (then .major)
  std::set<std::string> capability_attributes;
  std::set<std::string> negative_sources;  // dotted expressions, exact text
  Lexicon arch_names;
  Lexicon negative_names;
  std::set<std::string> arch_gates;
  std::set<std::string> deny_names;
  std::vector<Feature> features;
  std::vector<ArchSelector> arch_selectors;
};

struct KnowledgeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The selector called `call` (lower case), or null.
const ArchSelector* selectorNamed(const Knowledge& k, const std::string& call);

// Parses knowledge YAML; `origin` names it in errors.
Knowledge parseKnowledge(const std::string& yaml, const std::string& origin);
// The knowledge compiled into this binary: knowledge.yaml, parsed when
// archscan was built (archscan-knowledge; link archscan_builtin_knowledge).
Knowledge builtinKnowledge();

}  // namespace archscan
