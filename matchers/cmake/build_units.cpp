#include "build_units.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>

#include "knowledge/hardware.h"

namespace archscan::cmake {
namespace {

std::vector<std::string> split(const std::string& v) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : v) {
    if (c == ';' || c == ' ' || c == '\t' || c == '\n') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// CUDA_ARCHITECTURES items as nvcc flags: `90a` builds SASS and PTX,
// `90a-real` SASS, `90-virtual` PTX. nullopt for what names no fixed arch
// (`native`, `all`, `all-major`, a variable): what is built is not in the file.
std::optional<std::string> archFlag(const std::string& item) {
  static const std::regex re(R"(^(\d{2,3}[af]?)(-real|-virtual)?$)");
  std::smatch m;
  if (!std::regex_match(item, m, re)) return std::nullopt;
  std::string a = m[1].str();
  if (m[2] == "-real") return "arch=compute_" + a + ",code=sm_" + a;
  if (m[2] == "-virtual") return "arch=compute_" + a + ",code=compute_" + a;
  return "arch=compute_" + a + ",code=[sm_" + a + ",compute_" + a + "]";
}

// Where the target's name is followed by keywords before its sources.
bool targetKeyword(const std::string& a) {
  static const std::set<std::string> words = {
      "STATIC",        "SHARED",     "MODULE",    "OBJECT",    "INTERFACE", "EXCLUDE_FROM_ALL", "WIN32",
      "MACOSX_BUNDLE", "WITH_SOABI", "NO_EXTRAS", "THIN_LTO",  "OPT_SIZE",  "NB_STATIC",        "NB_SHARED",
      "STABLE_ABI",    "PRIVATE",    "PUBLIC",    "NOMINSIZE", "LTO",       "USE_SABI"};
  return words.count(a) > 0;
}

// A project's own function that declares a target (`gpu_cpp_library(PREFIX x
// GPU_SRCS ${srcs})`, `add_cuda_extension(...)`): its name says it builds one.
bool targetFunction(const std::string& lower) {
  for (const char* w : {"library", "executable", "module", "extension"})
    if (lower.find(w) != std::string::npos) return true;
  return false;
}

struct Target {
  BuildUnit unit;
  bool has_archs = false;  // CUDA_ARCHITECTURES of its own
  bool declared_elsewhere = false;  // by a project function: its archs are that function's
  std::vector<std::string> flags;  // from its own CUDA_ARCHITECTURES and -gencode options
};

}  // namespace

std::vector<BuildUnit> buildUnits(const std::vector<Command>& commands) {
  static const std::set<std::string> adders = {"add_library",         "add_executable",      "cuda_add_library",
                                               "cuda_add_executable", "pybind11_add_module", "python_add_library",
                                               "nanobind_add_module"};
  static const std::set<std::string> known = {"set",
                                              "list",
                                              "file",
                                              "target_sources",
                                              "set_target_properties",
                                              "set_property",
                                              "target_compile_options",
                                              "target_link_libraries",
                                              "target_include_directories",
                                              "target_compile_definitions"};
  bool any = false;
  for (const auto& c : commands) any |= adders.count(c.lower) > 0 || (!known.count(c.lower) && targetFunction(c.lower));
  if (!any) return {};
  // Variables set from literals (`set(SRCS a.cu b.cpp)`, `list(APPEND SRCS
  // c.cu)`): a target's `${SRCS}` is their items; any other value is unknown.
  std::map<std::string, std::vector<std::string>> vars;
  std::set<std::string> cacheVars;  // set(... CACHE ...): the user may give another value
  std::vector<std::string> fileArchs;  // CMAKE_CUDA_ARCHITECTURES set from literals
  bool fileArchsOpen = false, fileArchsSet = false;
  std::vector<std::string> anywhere;  // every -gencode pair the file spells
  std::map<std::string, Target> targets;
  std::vector<std::string> order;

  // The items of an argument, with `${VAR}` expanded from literal sets; `open`
  // when a reference (or a generator expression) has no literal value.
  auto expand = [&](const Argument& a, bool& open) {
    std::vector<std::string> out;
    for (std::string item : split(a.value)) {
      for (const char* dir : {"${CMAKE_CURRENT_SOURCE_DIR}/", "${CMAKE_CURRENT_LIST_DIR}/"})
        if (item.rfind(dir, 0) == 0) item = item.substr(std::char_traits<char>::length(dir));
      if (item.size() > 3 && item.rfind("${", 0) == 0 && item.back() == '}' &&
          item.find("${", 2) == std::string::npos) {
        std::string name = item.substr(2, item.size() - 3);
        auto it = vars.find(name);
        if (it == vars.end() || cacheVars.count(name)) {
          open = true;
          continue;
        }
        out.insert(out.end(), it->second.begin(), it->second.end());
      } else if (item.find("${") != std::string::npos || item.find("$<") != std::string::npos) {
        open = true;
      } else {
        out.push_back(item);
      }
    }
    return out;
  };

  for (const auto& c : commands) {
    if (c.args.empty()) continue;
    const std::string& first = c.args[0].value;
    for (const auto& a : c.args)
      for (const auto& item : split(a.value))
        if (item.find(",code=") != std::string::npos && !flagCodeObjects(item).empty() &&
            std::find(anywhere.begin(), anywhere.end(), item) == anywhere.end())
          anywhere.push_back(item);
    // file(GLOB SRCS src/*.cu): the patterns, which link/ evaluates over the
    // scanned files as CMake does over the source tree (GLOB_RECURSE: at
    // any depth, written `dir/**/*.cu`).
    if (c.lower == "file" && (first == "GLOB" || first == "GLOB_RECURSE") && c.args.size() >= 3) {
      bool recurse = first == "GLOB_RECURSE", open = false;
      std::vector<std::string> patterns;
      for (size_t i = 2; i < c.args.size(); ++i) {
        const std::string& v = c.args[i].value;
        if (v == "CONFIGURE_DEPENDS" || v == "FOLLOW_SYMLINKS") continue;
        if (v == "RELATIVE" || v == "LIST_DIRECTORIES") {
          ++i;
          continue;
        }
        for (std::string item : expand(c.args[i], open)) {
          size_t slash = item.rfind('/');
          if (recurse)
            item = slash == std::string::npos ? "**/" + item : item.substr(0, slash) + "/**" + item.substr(slash);
          patterns.push_back(item);
        }
      }
      if (open) vars.erase(c.args[1].value);
      else vars[c.args[1].value] = patterns;
      continue;
    }
    if (c.lower == "set" || (c.lower == "list" && c.args.size() >= 2 && (first == "APPEND" || first == "PREPEND"))) {
      bool isList = c.lower == "list";
      const std::string& name = isList ? c.args[1].value : first;
      std::vector<std::string> items;
      bool open = false;
      for (size_t i = isList ? 2 : 1; i < c.args.size(); ++i) {
        const std::string& v = c.args[i].value;
        if (c.args[i].kind == ArgKind::Unquoted && (v == "CACHE" || v == "PARENT_SCOPE" || v == "FORCE")) {
          if (v == "CACHE") cacheVars.insert(name);
          break;
        }
        auto more = expand(c.args[i], open);
        items.insert(items.end(), more.begin(), more.end());
      }
      if (name == "CMAKE_CUDA_ARCHITECTURES") {
        fileArchsSet = true;
        fileArchsOpen |= open || cacheVars.count(name);
        if (!isList) fileArchs.clear();
        fileArchs.insert(fileArchs.end(), items.begin(), items.end());
      }
      auto& v = vars[name];
      if (!isList) v.clear();
      if (open) vars.erase(name);
      else v.insert(v.end(), items.begin(), items.end());
      continue;
    }
    if (adders.count(c.lower)) {
      if (first == "ALIAS" || (c.args.size() > 1 && (c.args[1].value == "ALIAS" || c.args[1].value == "IMPORTED")))
        continue;
      Target& t = targets[first];
      if (t.unit.name.empty()) {
        t.unit.name = first;
        t.unit.line = c.line;
        order.push_back(first);
      }
      bool open = false;
      for (size_t i = 1; i < c.args.size(); ++i) {
        if (c.args[i].kind == ArgKind::Unquoted && targetKeyword(c.args[i].value)) continue;
        for (const auto& s : expand(c.args[i], open))
          if (isCompiledSource(s)) t.unit.sources.push_back(s);
      }
      continue;
    }
    // A project function that declares a target from sources: a build whose
    // archs its definition decides, elsewhere; its sources are still its.
    if (!known.count(c.lower) && !adders.count(c.lower) && targetFunction(c.lower)) {
      bool open = false;
      std::vector<std::string> sources;
      for (const auto& a : c.args)
        for (const auto& src : expand(a, open))
          if (isCompiledSource(src)) sources.push_back(src);
      if (sources.empty()) continue;
      // Named by its first argument, or the one after a keyword (PREFIX x, NAME x).
      bool keyword = c.args.size() > 1 && c.args[0].kind == ArgKind::Unquoted &&
                     std::all_of(first.begin(), first.end(),
                                 [](char ch) { return std::isupper(static_cast<unsigned char>(ch)) || ch == '_'; });
      std::string name = c.lower + "(" + (keyword ? c.args[1].value : first) + ")";
      Target& t = targets[name];
      if (t.unit.name.empty()) {
        t.unit.name = name;
        t.unit.line = c.line;
        order.push_back(name);
      }
      t.unit.sources.insert(t.unit.sources.end(), sources.begin(), sources.end());
      t.declared_elsewhere = true;
      continue;
    }
    if (c.lower == "target_sources" && targets.count(first)) {
      bool open = false;
      for (size_t i = 1; i < c.args.size(); ++i) {
        if (c.args[i].kind == ArgKind::Unquoted && targetKeyword(c.args[i].value)) continue;
        for (const auto& s : expand(c.args[i], open))
          if (isCompiledSource(s)) targets[first].unit.sources.push_back(s);
      }
      continue;
    }
    // set_target_properties(a b PROPERTIES CUDA_ARCHITECTURES "90a;100a")
    // set_property(TARGET a b PROPERTY CUDA_ARCHITECTURES 90a 100a)
    bool setProps = c.lower == "set_target_properties";
    bool setProp = c.lower == "set_property" && first == "TARGET";
    if (setProps || setProp) {
      std::vector<std::string> names;
      size_t i = setProp ? 1 : 0;
      for (; i < c.args.size() && c.args[i].value != (setProps ? "PROPERTIES" : "PROPERTY"); ++i)
        if (c.args[i].value != "APPEND") names.push_back(c.args[i].value);
      std::vector<const Argument*> values;
      if (setProps) {
        for (size_t k = i + 1; k + 1 < c.args.size(); k += 2)
          if (c.args[k].value == "CUDA_ARCHITECTURES") values.push_back(&c.args[k + 1]);
      } else if (i + 1 < c.args.size() && c.args[i + 1].value == "CUDA_ARCHITECTURES") {
        for (size_t k = i + 2; k < c.args.size(); ++k) values.push_back(&c.args[k]);
      }
      if (values.empty()) continue;
      bool open = false;
      std::vector<std::string> items;
      for (const Argument* v : values) {
        auto more = expand(*v, open);
        items.insert(items.end(), more.begin(), more.end());
      }
      for (const auto& n : names) {
        auto it = targets.find(n);
        if (it == targets.end()) continue;
        Target& t = it->second;
        t.has_archs = true;
        t.unit.open |= open;
        for (const auto& item : items) {
          if (item == "OFF") continue;
          if (auto f = archFlag(item)) t.flags.push_back(*f);
          else t.unit.open = true;
        }
      }
      continue;
    }
    // target_compile_options(a PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-gencode arch=...>)
    if (c.lower == "target_compile_options" && targets.count(first)) {
      Target& t = targets[first];
      for (size_t i = 1; i < c.args.size(); ++i)
        for (const auto& item : split(c.args[i].value)) {
          std::string flag = item;
          if (size_t at = flag.find("arch="); at != std::string::npos) flag = flag.substr(at);
          while (!flag.empty() && flag.back() == '>') flag.pop_back();
          if (flag.find(",code=") == std::string::npos) continue;
          if (flag.find("${") != std::string::npos) t.unit.open = true;
          else if (!flagCodeObjects(flag).empty()) t.has_archs = true, t.flags.push_back(flag);
        }
    }
  }

  std::vector<BuildUnit> out;
  for (const auto& name : order) {
    Target& t = targets[name];
    if (t.unit.sources.empty()) continue;
    BuildUnit u = t.unit;
    if (t.declared_elsewhere) {  // nothing here says what it builds
      out.push_back(std::move(u));
      continue;
    }
    std::vector<std::string> flags = t.flags;
    if (!t.has_archs && fileArchsSet) {
      u.open |= fileArchsOpen;
      for (const auto& item : fileArchs) {
        if (auto f = archFlag(item)) flags.push_back(*f);
        else u.open = true;
      }
    }
    u.own_arch_flags = !flags.empty() || u.open;
    for (const auto& f : anywhere) flags.push_back(f);  // a per-source option may add them
    for (const auto& f : flags)
      if (std::find(u.arch_flags.begin(), u.arch_flags.end(), f) == u.arch_flags.end()) u.arch_flags.push_back(f);
    out.push_back(std::move(u));
  }
  return out;
}

}  // namespace archscan::cmake
