#include "compile_flags.h"

#include <filesystem>
#include <set>

namespace archscan::cpp {
namespace fs = std::filesystem;

namespace {

bool startsWith(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

std::string absoluteIn(const std::string& dir, const std::string& p) {
  if (p.empty() || p[0] == '/') return p;
  return (fs::path(dir) / p).lexically_normal().string();
}

// Flags every mode shares: language, shim, quiet and tolerant diagnostics.
// With a prelude (tolerant mode only), the precompiled shim and standard
// headers stand in for the shim.
std::vector<std::string> languageFlags(const std::string& file, const ClangPaths& paths, const std::string& prelude) {
  std::vector<std::string> out;
  std::string lang = languageOfExtension(file);
  if (lang == "c") {
    out = {"-x", "c"};
  } else {
    // CUDA mode for C++ too: it accepts every C++ file and the __global__ &
    // co. that framework .cpp/.h files often carry.
    out = {"-x",         "cuda",       "--cuda-host-only",         "--cuda-gpu-arch=sm_90",
           "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version"};
    if (prelude.empty()) {
      out.insert(out.end(), {"-include", paths.shim_dir + "/cuda_shim.h"});
    } else {
      // The prelude carries the errors Clang's CUDA wrappers give without a toolkit.
      out.insert(out.end(), {"-include-pch", prelude, "-Xclang", "-fallow-pch-with-compiler-errors"});
    }
    out.insert(out.end(), {"-isystem", paths.shim_dir + "/include"});
  }
  for (const char* f : {"-fsyntax-only", "-w", "-ferror-limit=0", "-fno-caret-diagnostics"}) out.push_back(f);
  out.push_back("-resource-dir=" + paths.resource_dir);
  return out;
}

}  // namespace

std::string languageOfExtension(const std::string& file) {
  std::string ext = fs::path(file).extension().string();
  if (ext == ".c") return "c";
  if (ext == ".cu" || ext == ".cuh") return "cuda";
  return "c++";
}

std::vector<std::string> preludeFlags(const ClangPaths& paths) {
  std::vector<std::string> out = languageFlags(paths.shim_dir + "/prelude.cu", paths, "");
  out.push_back("-std=c++17");
  return out;
}

std::vector<std::string> tolerantFlags(const std::string& file, const ClangPaths& paths) {
  std::vector<std::string> out = languageFlags(file, paths, paths.prelude_pch);
  if (languageOfExtension(file) != "c") out.push_back("-std=c++17");
  return out;
}

std::vector<std::string> databaseFlags(const CompileEntry& entry, const std::string& file, const ClangPaths& paths) {
  std::vector<std::string> out = languageFlags(file, paths, "");
  const auto& a = entry.argv;
  static const std::set<std::string> kWithValue = {"-I", "-isystem", "-iquote", "-idirafter", "-D", "-U", "-include"};
  // nvcc options that take an operand as the next word; dropped together.
  static const std::set<std::string> kNvccWithOperand = {"-gencode",
                                                         "--generate-code",
                                                         "-arch",
                                                         "--gpu-architecture",
                                                         "-code",
                                                         "--gpu-code",
                                                         "-Xcompiler",
                                                         "--compiler-options",
                                                         "-Xptxas",
                                                         "--ptxas-options",
                                                         "-Xnvlink",
                                                         "-Xfatbin",
                                                         "-ccbin",
                                                         "--compiler-bindir",
                                                         "--threads",
                                                         "-t",
                                                         "--default-stream",
                                                         "-o",
                                                         "-MF",
                                                         "-MT",
                                                         "-MQ",
                                                         "--diag-suppress",
                                                         "-maxrregcount"};
  bool hasStd = false;
  for (size_t i = 1; i < a.size(); ++i) {
    const std::string& w = a[i];
    if (kNvccWithOperand.count(w)) {
      ++i;
      continue;
    }
    bool taken = false;
    for (const auto& f : kWithValue) {
      if (w == f && i + 1 < a.size()) {
        std::string v = a[++i];
        if (f == "-I" || f == "-isystem" || f == "-iquote" || f == "-idirafter" || f == "-include")
          v = absoluteIn(entry.directory, v);
        out.push_back(f);
        out.push_back(v);
        taken = true;
        break;
      }
      if (startsWith(w, f) && w.size() > f.size() && f.size() == 2) {  // -Ipath, -DX=1
        std::string v = w.substr(2);
        if (f == "-I") v = absoluteIn(entry.directory, v);
        out.push_back(f + v);
        taken = true;
        break;
      }
    }
    if (taken) continue;
    if (startsWith(w, "-std=")) {
      std::string v = w.substr(5);
      if (v == "c++14" || v == "c++17" || v == "c++20" || v == "gnu++17" || v == "gnu++20" || v == "c11" ||
          v == "c17") {
        out.push_back(w);
        hasStd = true;
      }
    }
    // Everything else (-O3, -gencode=..., --expt-relaxed-constexpr, -c, the
    // file itself) changes code generation, not what the file declares.
  }
  if (!hasStd && languageOfExtension(file) != "c") out.push_back("-std=c++17");
  return out;
}

const CompileEntry* entryFor(const std::vector<CompileEntry>& entries, const std::string& file) {
  const CompileEntry* best = nullptr;
  size_t bestLen = 0;
  std::string dir = fs::path(file).parent_path().string();
  for (const auto& e : entries) {
    if (e.file == file) return &e;
    std::string ed = fs::path(e.file).parent_path().string();
    size_t n = 0;
    while (n < ed.size() && n < dir.size() && ed[n] == dir[n]) ++n;
    if (!best || n > bestLen) best = &e, bestLen = n;
  }
  return best;
}

std::vector<std::string> commandLine(const ClangPaths& paths, const std::vector<std::string>& flags,
                                     const std::string& file) {
  std::vector<std::string> argv{paths.driver};
  argv.insert(argv.end(), flags.begin(), flags.end());
  argv.push_back(file);
  return argv;
}

}  // namespace archscan::cpp
