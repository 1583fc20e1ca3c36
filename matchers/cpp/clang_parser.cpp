// The Clang invocation: command line, in-memory overlay for the file being
// read and the shim headers, a collecting diagnostic consumer, the
// precompiled prelude, and the compilation database reader.
#include "clang_parser.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Frontend/Utils.h>
#include <clang/Sema/Sema.h>
#include <clang/Serialization/ASTWriter.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/xxhash.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "clang_files.h"
#include "clang_observer.h"
#include "clang_toolchain.h"
#include "util/mapped_file.h"
#include "util/replace_file.h"
#include "util/source_text.h"

namespace archscan::embedded {
extern const char* const cuda_shim_h;
extern const char* const prelude_h;
}  // namespace archscan::embedded

namespace archscan::cpp {
namespace {

namespace fs = std::filesystem;
constexpr const char* kShimDir = "/__archscan_shims__";

// Keeps the first error of a unit; tolerant mode expects errors from missing
// headers, so they are counted, not printed.
class Collector : public clang::DiagnosticConsumer {
 public:
  std::string first;
  int firstLine = 0;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error || !first.empty()) return;
    llvm::SmallString<160> msg;
    info.FormatDiagnostic(msg);
    first = msg.str().str();
    if (info.hasSourceManager() && info.getLocation().isValid())
      firstLine = static_cast<int>(info.getSourceManager().getPresumedLineNumber(info.getLocation()));
  }
};

class ObserveAction : public clang::ASTFrontendAction {
 public:
  ObserveAction(std::string_view text, const ClangSettings& settings, Observations& out)
      : text_(text), settings_(settings), out_(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
    return makeObserver(ci, text_, settings_.root, settings_.keep_body, out_);
  }

 private:
  std::string_view text_;
  const ClangSettings& settings_;
  Observations& out_;
};

// Sema keeps the functions its deferred diagnostics visit private. Naming a
// private member in an explicit instantiation is allowed (C++17
// [temp.spec]/6), and the instantiation hands that member out.
using DeferredDiagDecls = llvm::SmallSetVector<clang::Decl*, 4> clang::Sema::*;
DeferredDiagDecls deferredDiagDecls();
template <DeferredDiagDecls Member>
struct ExposeDeferredDiagDecls {
  friend DeferredDiagDecls deferredDiagDecls() { return Member; }
};
template struct ExposeDeferredDiagDecls<&clang::Sema::DeclsToCheckForDeferredDiags>;

// Serializes the prelude's AST into memory: no output file, and errors
// allowed (Clang's CUDA wrappers miss ::malloc without a toolkit, in every
// tolerant parse alike).
class PreludeWriter : public clang::PCHGenerator {
 public:
  PreludeWriter(clang::CompilerInstance& ci, std::string& out)
      : PCHGenerator(ci.getPreprocessor(), ci.getModuleCache(), "", "", std::make_shared<clang::PCHBuffer>(), {},
                     /*AllowASTWithErrors=*/true),
        out_(out) {}
  void InitializeSema(clang::Sema& s) override {
    PCHGenerator::InitializeSema(s);
    sema_ = &s;
  }
  void HandleTranslationUnit(clang::ASTContext& ctx) override {
    // CUDA's deferred diagnostics (host/device call checks) would make every
    // parse read each of these standard functions back from the prelude at
    // its end, a fifth of a C++ scan's CPU, to report errors in headers
    // that are not the scanned code's.
    if (sema_) (sema_->*deferredDiagDecls()).clear();
    PCHGenerator::HandleTranslationUnit(ctx);
    if (hasEmittedPCH()) out_.assign(getPCH().data(), getPCH().size());
  }

 private:
  std::string& out_;
  clang::Sema* sema_ = nullptr;
};

class PreludeAction : public clang::GeneratePCHAction {
 public:
  explicit PreludeAction(std::string& out) : out_(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
    // Bodies outside the scanned tree are skipped in every parse (clang_observer.cpp).
    ci.getFrontendOpts().SkipFunctionBodies = true;
    return std::make_unique<PreludeWriter>(ci, out_);
  }

 private:
  std::string& out_;
};

// Where the prelude's bytes appear to a parse (a virtual file).
std::string preludePchPath() { return std::string(kShimDir) + "/prelude.pch"; }

// The virtual files of a parse (the shims, the prelude and the file being
// read) over the real file system, from `cwd`. With `missing`, paths earlier
// parses found missing are not looked for again, except `own`.
llvm::IntrusiveRefCntPtr<clang::FileManager> filesWith(const std::vector<std::pair<std::string, llvm::StringRef>>& virt,
                                                       const std::string& cwd, llvm::StringRef prelude = {},
                                                       MissingPaths* missing = nullptr, const std::string& own = {}) {
  auto mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const auto& [path, bytes] : virt) mem->addFile(path, 0, llvm::MemoryBuffer::getMemBuffer(bytes, path, false));
  mem->addFile(std::string(kShimDir) + "/cuda_shim.h", 0, llvm::MemoryBuffer::getMemBuffer(embedded::cuda_shim_h));
  mem->addFile(std::string(kShimDir) + "/prelude.h", 0, llvm::MemoryBuffer::getMemBuffer(embedded::prelude_h));
  for (const char* h : {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "device_launch_parameters.h"})
    mem->addFile(std::string(kShimDir) + "/include/" + h, 0, llvm::MemoryBuffer::getMemBuffer(""));
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::createPhysicalFileSystem());
  overlay->pushOverlay(mem);
  if (!prelude.empty()) overlay->pushOverlay(llvm::makeIntrusiveRefCnt<OneFileSystem>(preludePchPath(), prelude));
  (void)overlay->setCurrentWorkingDirectory(cwd);
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);
  if (missing) files->setStatCache(std::make_unique<MissingPathsCache>(*missing, own, kShimDir));
  return files;
}

bool runClang(const std::vector<std::string>& argv, std::unique_ptr<clang::FrontendAction> action,
              clang::FileManager& files, Collector& diags) {
  clang::tooling::ToolInvocation inv(argv, std::move(action), &files,
                                     std::make_shared<clang::PCHContainerOperations>());
  inv.setDiagnosticConsumer(&diags);
  return inv.run();
}

// The driver's cc1 arguments for `argv`, whose input is `placeholder`; empty
// when the driver fails or names the input anywhere but as the input and
// after -main-file-name, where it cannot be swapped for another file.
std::vector<std::string> driverCc1(const std::vector<std::string>& argv, const std::string& placeholder,
                                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs) {
  std::vector<const char*> args;
  for (const auto& a : argv) args.push_back(a.c_str());
  Collector quiet;
  clang::CreateInvocationOptions opts;
  opts.Diags = clang::CompilerInstance::createDiagnostics(new clang::DiagnosticOptions, &quiet, false);
  opts.VFS = std::move(vfs);
  std::vector<std::string> cc1;
  opts.CC1Args = &cc1;
  if (!clang::createInvocation(args, opts) || cc1.empty() || cc1.front() != "-cc1") return {};
  for (size_t i = 0; i < cc1.size(); ++i) {
    bool swappable = cc1[i] == placeholder || (i > 0 && cc1[i - 1] == "-main-file-name");
    if (!swappable && cc1[i].find(placeholder) != std::string::npos) return {};
  }
  return cc1;
}

std::vector<CompileEntry> loadDatabase(const std::string& path) {
  std::string err;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromFile(path, err,
                                                                  clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db) throw std::runtime_error(path + ": cannot read compilation database: " + err);
  std::vector<CompileEntry> out;
  for (const auto& c : db->getAllCompileCommands()) {
    CompileEntry e;
    e.directory = c.Directory;
    fs::path f(c.Filename);
    e.file = (f.is_absolute() ? f : fs::path(c.Directory) / f).lexically_normal().string();
    e.argv = c.CommandLine;
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

ClangParser::ClangParser(const ClangSettings& settings)
    : settings_(settings), missing_(std::make_unique<MissingPaths>()) {
  paths_.driver = ARCHSCAN_CLANG_DRIVER;
  paths_.resource_dir = ARCHSCAN_CLANG_RESOURCE_DIR;
  if (const char* env = std::getenv("ARCHSCAN_CLANG_RESOURCE_DIR"); env && *env) paths_.resource_dir = env;
  paths_.shim_dir = kShimDir;
  settings_.root = fs::absolute(settings.root.empty() ? "." : settings.root).lexically_normal().string();
  while (settings_.root.size() > 1 && settings_.root.back() == '/') settings_.root.pop_back();
  if (!settings.database.empty()) entries_ = loadDatabase(settings.database);
}

ClangParser::~ClangParser() = default;

// The name of the prelude for this Clang, resource dir, shim and flags: a
// prelude from another of these is never even tried.
std::string ClangParser::preludeFileName() const {
  // Bumped when the prelude is written differently (2: no deferred-diagnostic list).
  std::string key = "prelude 2\n" + clangVersion() + "\n" + paths_.driver + "\n" + paths_.resource_dir + "\n" +
                    embedded::cuda_shim_h + "\n" + embedded::prelude_h;
  for (const auto& f : preludeFlags(paths_)) key += "\n" + f;
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.pch", static_cast<unsigned long long>(llvm::xxh3_64bits(key)));
  return name;
}

// A shipped or kept prelude is mapped (only ever replaced by rename), a
// built one held in memory.
struct ClangParser::Prelude {
  std::optional<MappedFile> file;
  std::string built;
  std::string_view bytes() const { return file ? file->bytes() : std::string_view(built); }
};

// Precompiled in memory on the first parse that needs it. A shipped or kept
// copy is used only after it loads without error: a file from another Clang
// build, a damaged one, or standard headers changed since it was built fail
// that check, and the prelude is built again.
std::unique_ptr<ClangParser::Prelude> ClangParser::loadOrBuildPrelude() const {
  std::string pchPath = preludePchPath();
  auto loads = [&](std::string_view pch) {
    ClangPaths with = paths_;
    with.prelude_pch = pchPath;
    std::string probe = std::string(kShimDir) + "/probe.cu";
    auto files = filesWith({{probe, ""}}, kShimDir, llvm::StringRef(pch.data(), pch.size()));
    Collector diags;
    return runClang(commandLine(with, tolerantFlags(probe, with), probe), std::make_unique<clang::SyntaxOnlyAction>(),
                    *files, diags) &&
           diags.getNumErrors() == 0;
  };
  auto out = std::make_unique<Prelude>();
  std::string name = preludeFileName();
  for (const std::string* dir : {&settings_.shipped_prelude_dir, &settings_.prelude_dir}) {
    if (dir->empty()) continue;
    out->file = MappedFile::open((fs::path(*dir) / name).string());
    if (out->file && loads(out->file->bytes())) return out;
    out->file.reset();
  }
  std::string main = std::string(kShimDir) + "/prelude.h";
  auto files = filesWith({}, kShimDir);
  Collector diags;
  runClang(commandLine(paths_, preludeFlags(paths_), main), std::make_unique<PreludeAction>(out->built), *files, diags);
  if (out->built.empty() || !loads(out->built)) {
    out->built.clear();
    return out;
  }
  if (!settings_.prelude_dir.empty()) {
    fs::path kept = fs::path(settings_.prelude_dir) / name;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(settings_.prelude_dir, ec))
      if (e.path().extension() == ".pch" && e.path() != kept) fs::remove(e.path(), ec);
    replaceWhole(kept.string(), "", out->built);
  }
  return out;
}

// The driver (GCC and CUDA detection: hundreds of stats and readlinks, a
// tenth of a C++ scan) gives the same cc1 arguments for every file with the
// same flags and extension, so it runs once per flag set, for a placeholder
// file, and the file is put in after.
std::vector<std::string> ClangParser::cc1CommandLine(const std::vector<std::string>& flags,
                                                     const std::string& file) const {
  std::string ext = fs::path(file).extension().string();
  std::string placeholder = std::string(kShimDir) + "/input" + ext;
  std::string key = ext;
  for (const auto& f : flags) key += '\0' + f;
  std::vector<std::string> cc1;
  bool known = false;
  {
    std::lock_guard<std::mutex> lock(cc1_mutex_);
    auto it = cc1_.find(key);
    if ((known = it != cc1_.end())) cc1 = it->second;
  }
  if (!known) {
    cc1 = driverCc1(commandLine(paths_, flags, placeholder), placeholder,
                    filesWith({}, kShimDir)->getVirtualFileSystemPtr());
    std::lock_guard<std::mutex> lock(cc1_mutex_);
    cc1_.emplace(key, cc1);
  }
  if (cc1.empty()) return commandLine(paths_, flags, file);
  std::vector<std::string> argv{paths_.driver};
  for (size_t i = 0; i < cc1.size(); ++i) {
    if (cc1[i] == placeholder) argv.push_back(file);
    else if (i > 0 && cc1[i - 1] == "-main-file-name") argv.push_back(fs::path(file).filename().string());
    else argv.push_back(cc1[i]);
  }
  return argv;
}

std::string_view ClangParser::prelude() const {
  // Nothing may unwind through call_once (pthread_once is a C frame): keep the error.
  std::call_once(prelude_once_, [this] {
    try {
      prelude_ = loadOrBuildPrelude();
    } catch (const std::exception& e) {
      prelude_error_ = e.what();
    }
  });
  if (!prelude_) throw std::runtime_error("the C++ prelude could not be built: " + prelude_error_);
  return prelude_->bytes();
}

Observations ClangParser::parse(const std::string& path, const std::string& text) const {
  std::string file = fs::absolute(path).lexically_normal().string();
  const CompileEntry* entry = entries_.empty() ? nullptr : entryFor(entries_, file);
  ClangPaths paths = paths_;
  llvm::StringRef pch;
  if (!entry && settings_.prelude && languageOfExtension(file) != "c" && !prelude().empty()) {
    paths.prelude_pch = preludePchPath();
    pch = llvm::StringRef(prelude().data(), prelude().size());
  }
  std::vector<std::string> flags = entry ? databaseFlags(*entry, file, paths) : tolerantFlags(file, paths);
  // Without a database no include folder is guessed: the headers of the
  // file's own folder (`#include "x.h"`) are read, and what other headers
  // would say comes from the scan (link/ joins a helper or a table to its
  // call by name). Guessing `include/` folders parsed whole header libraries
  // per file (CUTLASS and CuTe: a second each) and changed no finding.

  // The file is parsed from `text` (what archscan read, or a patched copy),
  // everything it includes from disk; no process-wide working directory.
  auto files = filesWith({{file, text}}, entry ? entry->directory : fs::path(file).parent_path().string(), pch,
                         missing_.get(), file);
  Observations out;
  Collector diags;
  bool ok = runClang(cc1CommandLine(flags, file), std::make_unique<ObserveAction>(text, settings_, out), *files, diags);
  out.errors = static_cast<int>(diags.getNumErrors());
  if (!out.parsed) {
    out.diagnostics.push_back({"warning", path, diags.firstLine,
                               "Clang could not parse this file (" + (diags.first.empty() ? "no AST" : diags.first) +
                                   "); only what the source text shows was read"});
  } else if (entry && !ok && out.errors > 0) {
    out.diagnostics.push_back({"note", path, diags.firstLine,
                               std::to_string(out.errors) +
                                   " Clang error(s) with the compilation database's flags (first: " + diags.first +
                                   ")"});
  }
  return out;
}

}  // namespace archscan::cpp
