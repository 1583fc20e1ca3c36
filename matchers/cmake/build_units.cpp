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

// What `cmake -S . -B build` with no -D option makes of the file's
// variables: a cache variable takes its default, and CMAKE_CUDA_FLAGS starts
// empty here (a directory above adds its own: link/ reads that chain). A
// variable set under an if(), whose condition is not evaluated, or never set
// in the file, has no known value.
class Defaults {
 public:
  Defaults() { values_["CMAKE_CUDA_FLAGS"] = ""; }
  // A value past kMaxValue is not known: `set(A "${A}${A}")` repeated would
  // double it each time.
  void set(const std::string& name, std::optional<std::string> value) {
    if (value && value->size() > kMaxValue) value.reset();
    values_[name] = std::move(value);
  }
  static constexpr size_t kMaxValue = 64 * 1024;
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  // `text` with every ${NAME} replaced; a name with no known value becomes
  // kUnknown, so a reader can tell which items it touched.
  std::string expand(const std::string& text) const {
    std::string out = text;
    for (int round = 0; round < 8; ++round) {
      size_t at = std::string::npos;
      size_t close = std::string::npos;
      // The innermost reference first: ${A_${B}} needs B.
      for (size_t i = out.find("${"); i != std::string::npos; i = out.find("${", i + 2)) {
        size_t c = out.find('}', i);
        if (c == std::string::npos) break;
        if (out.find("${", i + 2) > c) {
          at = i, close = c;
          break;
        }
      }
      if (at == std::string::npos) break;
      auto it = values_.find(out.substr(at + 2, close - at - 2));
      std::string value = it != values_.end() && it->second ? *it->second : std::string(kUnknown);
      if (out.size() + value.size() > 4 * kMaxValue) value = kUnknown;
      out.replace(at, close - at + 1, value);
    }
    return out;
  }
  std::optional<std::string> get(const std::string& name) const {
    auto it = values_.find(name);
    return it == values_.end() ? std::nullopt : it->second;
  }
  static constexpr const char* kUnknown = "\x01";

 private:
  std::map<std::string, std::optional<std::string>> values_;
};

// The nvcc arch flags in a flags string as a default build expands it
// (`-gencode arch=compute_90a,code=sm_90a`, `-gencode=arch=...`, `-arch=sm_90`);
// nullopt when an unknown value may hold one: a reference alone, or one
// inside an arch flag.
std::optional<std::vector<std::string>> archFlagsIn(const std::string& flags) {
  std::vector<std::string> out;
  for (std::string item : split(flags)) {
    bool unknown = item.find(Defaults::kUnknown) != std::string::npos;
    if (unknown && (item == Defaults::kUnknown || item.find("arch") != std::string::npos ||
                    item.find("code=") != std::string::npos))
      return std::nullopt;
    if (unknown) continue;  // -I${SOMEWHERE}/include
    if (size_t at = item.find("arch="); at != std::string::npos && item.find(",code=") != std::string::npos)
      item = item.substr(at);
    while (!item.empty() && (item.back() == '\'' || item.back() == '"')) item.pop_back();
    if (!flagCodeObjects(item).empty()) out.push_back(item);
  }
  return out;
}

// The most items a variable set from literals may hold before its value is
// taken as not known (a build's source or arch list is far shorter).
constexpr size_t kMaxItems = 16 * 1024;

struct Target {
  BuildUnit unit;
  bool has_archs = false;  // CUDA_ARCHITECTURES of its own
  bool declared_elsewhere = false;  // by a project function: its archs are that function's
  std::vector<std::string> flags;  // from its own CUDA_ARCHITECTURES and -gencode options
  // The default build's archs: its own CUDA_ARCHITECTURES, else the
  // directory's CMAKE_CUDA_ARCHITECTURES when it was declared.
  std::optional<std::vector<std::string>> default_archs = std::vector<std::string>{};
  bool default_archs_set = false;
};

// CUDA_ARCHITECTURES items, as a default build expands them, as nvcc flags;
// nullopt for an unknown value, `native` or `all`.
std::optional<std::vector<std::string>> defaultArchItems(const std::optional<std::string>& value) {
  if (!value) return std::nullopt;
  std::vector<std::string> out;
  for (const auto& item : split(*value)) {
    if (item == "OFF") continue;
    auto f = archFlag(item);
    if (!f) return std::nullopt;
    out.push_back(*f);
  }
  return out;
}

// CMake's regex replacement as std::regex reads it: `\1` becomes `$1`.
std::optional<std::string> regexReplace(const std::string& re, std::string with, const std::string& input) {
  // std::regex recurses per character: a long input or pattern could exhaust
  // the stack, so those are not evaluated (the value is then not known).
  if (re.size() > 256 || input.size() > 4096) return std::nullopt;
  for (size_t i = 0; i + 1 < with.size(); ++i)
    if (with[i] == '\\' && std::isdigit(static_cast<unsigned char>(with[i + 1]))) with[i] = '$';
  try {
    return std::regex_replace(input, std::regex(re, std::regex::extended), with);
  } catch (const std::regex_error&) {
    return std::nullopt;
  }
}

}  // namespace

std::vector<BuildUnit> buildUnits(const std::vector<Command>& commands, std::vector<Subdirectory>* subdirectories) {
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
  for (const auto& c : commands)
    any |= adders.count(c.lower) > 0 || c.lower == "add_subdirectory" ||
           (!known.count(c.lower) && targetFunction(c.lower));
  if (!any) return {};
  Defaults defaults;
  int depth = 0;  // inside if(), foreach(), function(): values set there are not known
  // Not set here: nothing of this file's (a directory above, or CMake, decides).
  auto dirArchs = [&]() -> std::optional<std::vector<std::string>> {
    if (!defaults.has("CMAKE_CUDA_ARCHITECTURES")) return std::vector<std::string>{};
    return defaultArchItems(defaults.get("CMAKE_CUDA_ARCHITECTURES"));
  };
  auto dirFlags = [&] { return archFlagsIn(defaults.get("CMAKE_CUDA_FLAGS").value_or(Defaults::kUnknown)); };
  // A default build from its archs and flags (nullopt: not known).
  auto defaultBuild = [](const std::optional<std::vector<std::string>>& archs, bool archsSet,
                         const std::optional<std::vector<std::string>>& flags) {
    DefaultBuild b;
    b.archs_set = archsSet;
    b.known = archs && flags;
    if (b.known) {
      b.arch_flags = *archs;
      b.arch_flags.insert(b.arch_flags.end(), flags->begin(), flags->end());
    }
    return b;
  };
  auto join = [](const std::vector<Argument>& args, size_t from, size_t to, const char* glue) {
    std::string out;
    for (size_t i = from; i < to && i < args.size(); ++i) out += (i == from ? "" : glue) + args[i].value;
    return out;
  };
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
        // `set(A ${A} ${A})` repeated doubles a list: past a bound it is not known.
        if (out.size() + it->second.size() > kMaxItems) {
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
    static const std::set<std::string> opens = {"if", "foreach", "while", "function", "macro", "block"};
    static const std::set<std::string> closes = {"endif",       "endforeach", "endwhile",
                                                 "endfunction", "endmacro",   "endblock"};
    if (opens.count(c.lower)) ++depth;
    if (closes.count(c.lower) && depth > 0) --depth;
    if (c.args.empty()) continue;
    const std::string& first = c.args[0].value;
    // The default build's values (what `cmake -S . -B build` makes of them).
    auto assign = [&](const std::string& name, std::optional<std::string> v) {
      defaults.set(name, depth > 0 ? std::nullopt : std::move(v));
    };
    if (c.lower == "set") {
      size_t end = 1;
      while (end < c.args.size() && !(c.args[end].kind == ArgKind::Unquoted &&
                                      (c.args[end].value == "CACHE" || c.args[end].value == "PARENT_SCOPE")))
        ++end;
      if (end == c.args.size() || c.args[end].value == "CACHE")
        assign(first, defaults.expand(join(c.args, 1, end, ";")));
    } else if (c.lower == "option" && c.args.size() >= 2) {
      assign(first, c.args.size() >= 3 ? c.args[2].value : "OFF");
    } else if (c.lower == "unset") {
      assign(first, std::nullopt);
    } else if (c.lower == "string" && c.args.size() >= 3) {
      std::optional<std::string> v;
      std::string out;
      if (first == "APPEND" || first == "PREPEND") {
        out = c.args[1].value;
        auto had = defaults.get(out);
        std::string more = defaults.expand(join(c.args, 2, c.args.size(), ""));
        if (had) v = first == "APPEND" ? *had + more : more + *had;
      } else if (first == "REGEX" && c.args.size() >= 6 && c.args[1].value == "REPLACE") {
        out = c.args[4].value;
        v = regexReplace(defaults.expand(c.args[2].value), defaults.expand(c.args[3].value),
                         defaults.expand(join(c.args, 5, c.args.size(), "")));
      } else if (first == "REPLACE" && c.args.size() >= 5) {
        out = c.args[3].value;
        std::string in = defaults.expand(join(c.args, 4, c.args.size(), "")), from = defaults.expand(c.args[1].value);
        std::string to = defaults.expand(c.args[2].value);
        if (!from.empty())
          for (size_t at = in.find(from); at != std::string::npos; at = in.find(from, at + to.size()))
            in.replace(at, from.size(), to);
        v = in;
      } else if (first == "STRIP") {
        out = c.args[2].value;
        std::string in = defaults.expand(c.args[1].value);
        size_t b = in.find_first_not_of(" \t\n"), e = in.find_last_not_of(" \t\n");
        v = b == std::string::npos ? "" : in.substr(b, e - b + 1);
      } else if (first == "JOIN" && c.args.size() >= 3) {
        out = c.args[2].value;
        v = defaults.expand(join(c.args, 3, c.args.size(), c.args[1].value.c_str()));
      } else if (c.args.size() >= 2) {
        out = c.args.back().value;  // most string() forms write their last argument
      }
      if (!out.empty()) assign(out, v);
    } else if (c.lower == "list" && c.args.size() >= 2) {
      const std::string& name = c.args[1].value;
      auto had = defaults.get(name);
      if ((first == "APPEND" || first == "PREPEND") && (had || !defaults.has(name))) {
        std::string base = had.value_or(""), more = defaults.expand(join(c.args, 2, c.args.size(), ";"));
        assign(name, base.empty() ? more : first == "APPEND" ? base + ";" + more : more + ";" + base);
      } else if (first != "LENGTH" && first != "GET" && first != "JOIN" && first != "FIND") {
        assign(name, std::nullopt);
      }
    } else if (c.lower == "add_subdirectory" && subdirectories) {
      std::string dir = first;
      for (const char* prefix : {"${CMAKE_CURRENT_SOURCE_DIR}/", "${CMAKE_CURRENT_LIST_DIR}/"})
        if (dir.rfind(prefix, 0) == 0) dir = dir.substr(std::char_traits<char>::length(prefix));
      if (dir.find("${") == std::string::npos)
        subdirectories->push_back(
            Subdirectory{dir, defaultBuild(dirArchs(), defaults.has("CMAKE_CUDA_ARCHITECTURES"), dirFlags())});
      continue;
    }
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
        t.default_archs = dirArchs();
        t.default_archs_set = defaults.has("CMAKE_CUDA_ARCHITECTURES");
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
      std::string written;
      for (const Argument* v : values) written += (written.empty() ? "" : ";") + v->value;
      auto byDefault = defaultArchItems(depth > 0 ? std::nullopt : std::optional(defaults.expand(written)));
      for (const auto& n : names) {
        auto it = targets.find(n);
        if (it == targets.end()) continue;
        Target& t = it->second;
        t.default_archs = byDefault;
        t.default_archs_set = true;
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

  // CMAKE_CUDA_FLAGS as the file leaves them apply to every target of the directory.
  const auto fileFlags = dirFlags();
  std::vector<BuildUnit> out;
  for (const auto& name : order) {
    Target& t = targets[name];
    if (t.unit.sources.empty()) continue;
    BuildUnit u = t.unit;
    if (t.declared_elsewhere) {  // nothing here says what it builds
      out.push_back(std::move(u));
      continue;
    }
    // The default build: the target's archs, the directory's flags and its own -gencode options.
    auto defaultFlags = fileFlags;
    if (defaultFlags)
      for (const auto& f : t.flags)
        if (f.find(",code=") != std::string::npos) defaultFlags->push_back(f);
    u.by_default = defaultBuild(t.default_archs, t.default_archs_set, defaultFlags);
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
