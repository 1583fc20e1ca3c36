// The Clang invocation: command line, in-memory overlay for the file being
// read and the shim headers, a collecting diagnostic consumer, and the
// compilation database reader.
#include "clang_parser.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "clang_observer.h"

namespace archscan::embedded {
extern const char* const cuda_shim_h;
}

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

std::string findCompilationDatabase(const std::string& root) {
  std::error_code ec;
  fs::path r(root.empty() ? "." : root);
  if (fs::is_regular_file(r / "compile_commands.json", ec)) return (r / "compile_commands.json").string();
  if (!fs::is_directory(r, ec)) return {};
  std::vector<std::string> found;
  for (const auto& d : fs::directory_iterator(r, ec)) {
    std::string name = d.path().filename().string();
    if (d.is_directory(ec) && name.rfind("build", 0) == 0 && fs::is_regular_file(d.path() / "compile_commands.json", ec))
      found.push_back((d.path() / "compile_commands.json").string());
  }
  std::sort(found.begin(), found.end());
  return found.empty() ? std::string() : found.front();
}

ClangParser::ClangParser(const ClangSettings& settings) : settings_(settings) {
  paths_.driver = ARCHSCAN_CLANG_DRIVER;
  paths_.resource_dir = ARCHSCAN_CLANG_RESOURCE_DIR;
  if (const char* env = std::getenv("ARCHSCAN_CLANG_RESOURCE_DIR"); env && *env) paths_.resource_dir = env;
  paths_.shim_dir = kShimDir;
  settings_.root = fs::absolute(settings.root.empty() ? "." : settings.root).lexically_normal().string();
  while (settings_.root.size() > 1 && settings_.root.back() == '/') settings_.root.pop_back();
  if (!settings.database.empty()) entries_ = loadDatabase(settings.database);
}

ClangParser::~ClangParser() = default;

Observations ClangParser::parse(const std::string& path, const std::string& text) const {
  std::string file = fs::absolute(path).lexically_normal().string();
  const CompileEntry* entry = entries_.empty() ? nullptr : entryFor(entries_, file);
  std::vector<std::string> flags = entry ? databaseFlags(*entry, file, paths_) : tolerantFlags(file, settings_.root, paths_);
  std::vector<std::string> argv = commandLine(paths_, flags, file);

  // The file is parsed from `text` (what archscan read, or a patched copy),
  // everything it includes from disk; no process-wide working directory.
  auto mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  mem->addFile(file, 0, llvm::MemoryBuffer::getMemBuffer(text, file, false));
  mem->addFile(std::string(kShimDir) + "/cuda_shim.h", 0, llvm::MemoryBuffer::getMemBuffer(embedded::cuda_shim_h));
  for (const char* h : {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "device_launch_parameters.h"})
    mem->addFile(std::string(kShimDir) + "/include/" + h, 0, llvm::MemoryBuffer::getMemBuffer(""));
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::createPhysicalFileSystem());
  overlay->pushOverlay(mem);
  (void)overlay->setCurrentWorkingDirectory(entry ? entry->directory : fs::path(file).parent_path().string());
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);

  Observations out;
  Collector diags;
  clang::tooling::ToolInvocation inv(argv, std::make_unique<ObserveAction>(text, settings_, out), files.get(),
                                     std::make_shared<clang::PCHContainerOperations>());
  inv.setDiagnosticConsumer(&diags);
  bool ok = inv.run();
  out.errors = static_cast<int>(diags.getNumErrors());
  if (!out.parsed) {
    out.diagnostics.push_back({"warning", path, diags.firstLine,
                               "Clang could not parse this file (" + (diags.first.empty() ? "no AST" : diags.first) +
                                   "); only what the source text shows was read"});
  } else if (entry && !ok && out.errors > 0) {
    out.diagnostics.push_back({"note", path, diags.firstLine,
                               std::to_string(out.errors) + " Clang error(s) with the compilation database's flags (first: " +
                                   diags.first + ")"});
  }
  return out;
}

}  // namespace archscan::cpp
