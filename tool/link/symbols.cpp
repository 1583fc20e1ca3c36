#include "link/symbols.h"

namespace archscan {
namespace {

std::vector<std::string> splitDots(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t d = s.find('.', start);
    out.push_back(s.substr(start, d - start));
    if (d == std::string::npos) break;
    start = d + 1;
  }
  return out;
}

std::string join(const std::vector<std::string>& parts, size_t n) {
  std::string out;
  for (size_t i = 0; i < n && i < parts.size(); ++i) out += (i ? "." : "") + parts[i];
  return out;
}

bool isPackage(const FileFacts& f) {
  const std::string tail = "__init__.py";
  return f.path.size() >= tail.size() && f.path.compare(f.path.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

SymbolTable::SymbolTable(const std::vector<FileFacts>& files) : files_(files) {
  for (size_t i = 0; i < files.size(); ++i)
    if (!files[i].module.empty()) modules_.emplace(files[i].module, i);
}

// A scanned tree often starts below the import root (python/sglang/...), so
// `sglang.srt.x` matches the module `srt.x` or `x` by its longest suffix.
std::optional<size_t> SymbolTable::findModule(const std::string& dotted) const {
  if (auto it = modules_.find(dotted); it != modules_.end()) return it->second;
  auto parts = splitDots(dotted);
  for (size_t skip = 1; skip < parts.size(); ++skip) {
    std::string suffix;
    for (size_t i = skip; i < parts.size(); ++i) suffix += (i > skip ? "." : "") + parts[i];
    if (auto it = modules_.find(suffix); it != modules_.end()) return it->second;
  }
  // Or the scanned module names are longer than the import (a src/ prefix).
  std::optional<size_t> found;
  for (const auto& [name, idx] : modules_) {
    if (name.size() > dotted.size() && name.compare(name.size() - dotted.size(), dotted.size(), dotted) == 0 &&
        name[name.size() - dotted.size() - 1] == '.') {
      if (found) return std::nullopt;  // ambiguous
      found = idx;
    }
  }
  return found;
}

std::optional<size_t> SymbolTable::moduleFile(size_t file, const Import& imp) const {
  if (imp.level == 0) return findModule(imp.module);
  auto parts = splitDots(files_[file].module);
  size_t keep = parts.size() - (isPackage(files_[file]) ? 0 : 1);
  if (static_cast<size_t>(imp.level - 1) > keep) return std::nullopt;
  keep -= static_cast<size_t>(imp.level - 1);
  std::string base = join(parts, keep);
  std::string full = imp.module.empty() ? base : (base.empty() ? imp.module : base + "." + imp.module);
  return findModule(full);
}

std::vector<SymbolRef> SymbolTable::throughImports(size_t file, const std::string& name, int hops) const {
  std::vector<SymbolRef> out;
  if (hops > 3) return out;
  for (const auto& imp : files_[file].imports) {
    if (imp.name.empty() || (imp.alias != name && imp.name != "*")) continue;
    std::string imported = imp.name == "*" ? name : imp.name;
    if (auto target = moduleFile(file, imp)) {
      out.push_back({*target, imported});
      // Re-exported from the target's own imports (`from .utils import T` in __init__).
      for (auto& r : throughImports(*target, imported, hops + 1)) out.push_back(r);
    }
    // `from pkg import module` then module.NAME is handled by resolve().
  }
  return out;
}

std::vector<SymbolRef> SymbolTable::resolve(size_t file, const std::string& ref, const std::string& scopeClass,
                                            const std::string& scopeFunction) const {
  std::vector<SymbolRef> out;
  auto dot = ref.rfind('.');
  if (dot == std::string::npos) {
    // Locals of each enclosing function, then the module, then imports.
    auto parts = splitDots(scopeFunction);
    for (size_t n = scopeFunction.empty() ? 0 : parts.size(); n > 0; --n)
      out.push_back({file, join(parts, n) + "." + ref});
    out.push_back({file, ref});
    for (auto& r : throughImports(file, ref, 0)) out.push_back(r);
    return out;
  }
  std::string obj = ref.substr(0, dot), attr = ref.substr(dot + 1);
  if (obj == "self" || obj == "cls") {
    out.push_back({file, scopeClass + "." + attr});
    return out;
  }
  out.push_back({file, obj + "." + attr});  // Class.NAME in this module
  for (const auto& imp : files_[file].imports) {
    if (imp.alias != obj) continue;
    if (imp.name.empty()) {  // import a.b as m; m.NAME
      if (auto f = moduleFile(file, imp)) out.push_back({*f, attr});
    } else {  // from pkg import mod; mod.NAME
      Import sub = imp;
      sub.module = imp.module.empty() ? imp.name : imp.module + "." + imp.name;
      if (auto f = moduleFile(file, sub)) out.push_back({*f, attr});
      if (auto f = moduleFile(file, imp)) out.push_back({*f, imp.name + "." + attr});  // an imported class
    }
  }
  return out;
}

const FunctionSummary* findFunction(const FileFacts& f, const std::string& name) {
  auto last = [](const std::string& s) {
    auto d = s.rfind('.');
    return d == std::string::npos ? s : s.substr(d + 1);
  };
  for (const auto& fn : f.functions)
    if (fn.name == name || last(fn.name) == name) return &fn;
  return nullptr;
}

}  // namespace archscan
