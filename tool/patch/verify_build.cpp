#include "patch/verify_build.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "util/source_text.h"
#include "util/subprocess.h"

#include <cstdlib>

namespace archscan {
namespace fs = std::filesystem;

namespace {

std::string findNvcc(const std::string& given) {
  if (!given.empty()) return given;
  if (const char* path = std::getenv("PATH")) {
    std::string p = path;
    for (size_t start = 0; start <= p.size();) {
      size_t colon = p.find(':', start);
      std::string dir = p.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      if (!dir.empty() && ::access((dir + "/nvcc").c_str(), X_OK) == 0) return dir + "/nvcc";
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
  }
  if (::access("/usr/local/cuda/bin/nvcc", X_OK) == 0) return "/usr/local/cuda/bin/nvcc";
  return {};
}

// The target an edit adds, as nvcc spells an arch-specific one: code built
// for a module that uses the arch's own instructions (sm_120a); archs before
// sm_90 have no `a` target.
std::string targetOf(const Arch& a) {
  std::string sm = "sm_" + std::to_string(a.smInt());
  return a.major >= 9 ? sm + "a" : sm;
}

// The line of ptxas's (or the compiler's) first error, trimmed.
std::string firstLineWith(const std::string& text, const std::string& word) {
  size_t at = text.find(word);
  if (at == std::string::npos) return {};
  size_t begin = text.rfind('\n', at);
  begin = begin == std::string::npos ? 0 : begin + 1;
  size_t end = text.find('\n', at);
  std::string line = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  if (line.size() > 240) line = line.substr(0, 240) + "...";
  return line;
}

// ptxas names its temporary file; the reason keeps what it says of the code.
std::string ptxasReason(const std::string& output) {
  std::string line = firstLineWith(output, "not supported on .target");
  if (line.empty()) line = firstLineWith(output, "ptxas");
  size_t err = line.find("error");
  std::string said = err == std::string::npos ? line : "ptxas: " + line.substr(err);
  std::string out;  // "error   : Instruction" -> "error: Instruction"
  for (char c : said)
    if (!(c == ' ' && (out.empty() || out.back() == ' ')) && !(c == ':' && !out.empty() && out.back() == ' ')) out += c;
    else if (c == ':') out.back() = ':';
  return out;
}

std::vector<std::string> includeFlags(const std::string& file, const std::vector<std::string>& roots) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](const fs::path& d) {
    std::error_code ec;
    std::string s = fs::absolute(d, ec).lexically_normal().string();
    if (!ec && fs::is_directory(s, ec) && seen.insert(s).second) out.push_back("-I" + s);
  };
  fs::path dir = fs::path(file).parent_path();
  add(dir.empty() ? fs::path(".") : dir);
  for (const auto& r : roots) {
    fs::path root = fs::is_directory(r) ? fs::path(r) : fs::path(r).parent_path();
    add(root);
    for (const char* sub : {"include", "csrc", "src"}) add(root / sub);
  }
  return out;
}

}  // namespace

std::vector<std::string> verifyBuild(Plan& plan, const BuildCheckOptions& opts) {
  std::vector<std::string> lines;
  std::string nvcc = findNvcc(opts.nvcc);
  std::set<std::string> refusedFiles;
  std::set<size_t> refusedSites;
  // The system's temporary folder ($TMPDIR), never the scanned tree.
  std::error_code tmpErr;
  std::string templ = (fs::temp_directory_path(tmpErr) / "archscan-verify-XXXXXX").string();
  if (tmpErr) templ = "/tmp/archscan-verify-XXXXXX";
  std::vector<char> pattern(templ.begin(), templ.end());
  pattern.push_back('\0');
  const char* tmp = nullptr;
  for (const auto& f : plan.files) {
    if (!endsWith(f.path, ".cu")) {
      lines.push_back(f.path + ": not compiled (only .cu sources are; a header or build list is checked through them)");
      continue;
    }
    if (nvcc.empty()) {
      lines.push_back(f.path + ": could not check: nvcc not found on PATH or in /usr/local/cuda/bin");
      continue;
    }
    if (!tmp && !(tmp = ::mkdtemp(pattern.data()))) {
      lines.push_back(f.path + ": could not check: no temporary folder");
      continue;
    }
    std::set<std::string> targets;
    for (const auto& e : plan.edits)
      if (e.file == f.path) targets.insert(targetOf(e.add_arch));
    std::string source = std::string(tmp) + "/" + fs::path(f.path).filename().string();
    {
      std::ofstream out(source, std::ios::binary | std::ios::trunc);
      out << f.new_content;
    }
    std::vector<std::string> includes = includeFlags(f.path, opts.roots);
    for (const auto& target : targets) {
      std::vector<std::string> args = {nvcc, "-arch=" + target, "-std=c++17", "-x", "cu", "-c", source,
                                       "-o", "/dev/null"};
      args.insert(args.end(), includes.begin(), includes.end());
      auto run = runCommand(args);
      if (!run) {
        lines.push_back(f.path + ": could not check: " + nvcc + " did not start");
        break;
      }
      if (run->exit_code == 0) {
        lines.push_back(f.path + ": builds for " + target);
        continue;
      }
      if (run->output.find("ptxas") != std::string::npos) {
        std::string why = ptxasReason(run->output);
        lines.push_back(f.path + ": refused: does not build for " + target + " (" + why + ")");
        for (const auto& e : plan.edits)
          if (e.file == f.path && refusedSites.insert(e.site).second)
            plan.skipped.push_back({e.site, e.add, "does not build for " + target + " (" + why + ")"});
        refusedFiles.insert(f.path);
        break;
      }
      std::string why = firstLineWith(run->output, "error");
      lines.push_back(f.path + ": could not check for " + target + ": " + (why.empty() ? "nvcc failed" : why));
    }
    fs::remove(source);
  }
  if (tmp) {
    std::error_code ec;
    fs::remove_all(tmp, ec);
  }
  if (!refusedFiles.empty()) {
    std::vector<Edit> kept;
    for (auto& e : plan.edits)
      if (!refusedFiles.count(e.file)) kept.push_back(std::move(e));
    plan.edits = std::move(kept);
    std::vector<FilePlan> files;
    for (auto& f : plan.files)
      if (!refusedFiles.count(f.path)) files.push_back(std::move(f));
    plan.files = std::move(files);
  }
  return lines;
}

}  // namespace archscan
