#pragma once
// The linked view of a scanned tree: every site with the lookups that read
// it (from any file), its effective evidence and severity, and its family.
#include <map>
#include <string>
#include <vector>

#include "model/facts.h"
#include "model/family.h"

namespace archscan {

struct LinkedLookup {
  std::string file;
  int line = 0;
  OnMissing on_missing = OnMissing::Unknown;
  std::string how;
  std::string crash_message;
  bool skips = false;
  Subject subject;  // the subject at the site's nesting level
  std::string scope_function;  // where the read is (dotted), for guards before it
  // A guard earlier in the same function that leaves for unlisted archs: only
  // these archs reach the read (empty: no such guard), and where it is.
  std::vector<Arch> reached_only_by;
  std::string guard;
};

struct LinkedSite {
  Site site;
  std::string file;
  std::string module;
  Language language = Language::Python;  // of its file
  uint64_t file_hash = 0;  // content hash of the file when it was read
  std::string id;  // file:name:kind, unique in the program
  std::vector<LinkedLookup> lookups;
  Confidence confidence = Confidence::Low;
  OnMissing on_missing = OnMissing::Unknown;
  std::string on_missing_reason;
  bool vetoed = false;  // a negative name or source with no capability evidence
  // In tests, benchmarks, examples or docs (archscan.yaml `support-paths`):
  // reported at most as a warning, and grouped apart.
  bool support = false;
  int family = -1;
};

struct Family {
  std::string name;  // the subject the siblings are read through
  std::vector<size_t> sites;
};

struct FileSuppression {
  std::string file;
  Suppression suppression;
};

// A dotted or qualified name's last part (`recipe` of utils.recipe,
// `getSMVersion` of tensorrt_llm::common::getSMVersion): how a call is
// matched to a function across files.
inline std::string lastName(const std::string& name) {
  size_t at = name.find_last_of(".:");
  return at == std::string::npos ? name : name.substr(at + 1);
}

// A function whose body calls another (FunctionSummary::calls).
struct Caller {
  std::string file;
  std::string function;  // its own name, dotted (Class.method, ns.fn)
};

// A compiled module a build file declares, with the scanned files it compiles.
struct LinkedUnit {
  std::string file;  // the build file (setup.py)
  BuildUnit unit;
  // FileFacts::path of each source in the scan, and for a module compiled
  // when first used (BuildUnit::jit), the file that loads it.
  std::vector<std::string> source_files;
  // The program's sites in those files, ascending: the checks that decide
  // who reaches the module's kernels.
  std::vector<size_t> sites;
  // Its default build (BuildUnit::by_default) with what the CMake
  // directories above add (CMAKE_CUDA_FLAGS, CMAKE_CUDA_ARCHITECTURES);
  // `known` false when any part could not be read.
  DefaultBuild by_default;
};

// The default builds that compile one file, itself or through the sources
// that include it: for a device-side test (`#if __CUDA_ARCH__ >= 1000`), the
// values of __CUDA_ARCH__ it is evaluated at.
struct FileBuilds {
  // Every source that reaches the file is compiled by units whose default
  // builds are known, and some source reaches it.
  bool known = false;
  std::vector<std::string> arch_flags;  // of those builds
  std::string example;  // one of them, "name (file:line)", for messages
};

struct Program {
  std::vector<LinkedSite> sites;
  // Who calls each function, by the callee's last name (`recipe` for
  // utils.recipe): approximate, as names may repeat, so it is used only
  // where every caller must agree.
  std::map<std::string, std::vector<Caller>> callers;
  std::vector<FileSuppression> suppressions;
  std::vector<Family> families;
  std::vector<LinkedUnit> units;
  // Each scanned file a unit compiles -> those units (indices in `units`):
  // one source may be built by a setup.py extension and a CMake target both.
  std::map<std::string, std::vector<size_t>> units_of;
  // For each file with a device-side arch test (`__CUDA_ARCH__`), the
  // builds that compile it by default.
  std::map<std::string, FileBuilds> file_builds;
  // For the same files, the scanned files that include each directly: a
  // host launcher beside the kernel header it includes.
  std::map<std::string, std::vector<std::string>> includers;
  std::vector<Diagnostic> diagnostics;
  size_t files_seen = 0;
  size_t files_parsed = 0;
};

}  // namespace archscan
