#pragma once
// The kinds of file the shell front-end reads, each split by a small reader
// of its own into what SiteBuilder takes: shell scripts are lexed whole; a
// Dockerfile's RUN bodies are lexed as shell and its ENV/ARG pairs are
// bindings; a YAML file's (a GitHub Actions workflow's) `run:` blocks are
// lexed as shell and its keys (env: entries, matrix axes) with their scalars
// or sequences are bindings; a JSON file's members are bindings and arrays
// named by their key paths. Each format is declared once, in formats().
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sites.h"

namespace archscan::shell {

enum class Format { Shell, Dockerfile, Workflow, Json };

using Errors = std::vector<std::pair<int, std::string>>;

void readShell(std::string_view source, SiteBuilder& b, Errors& errors);
void readDockerfile(std::string_view source, SiteBuilder& b, Errors& errors);
void readWorkflow(std::string_view source, SiteBuilder& b, Errors& errors);
void readJson(std::string_view source, SiteBuilder& b, Errors& errors);

// A file a tool keeps about the project rather than one of its settings:
// archscan's own reports (check --format json, a baseline, an extract
// shard), any SARIF log, and archscan's patch sets (`archscan: 1` at the top
// of a YAML file). The archs in them are findings or what to add.
bool toolFile(std::string_view text);

struct FormatSpec {
  Format format;
  const char* name;
  // Whether a file is of this format, by its lower-cased path and name.
  bool (*matches)(std::string_view path, std::string_view name);
  // Whether the front-end takes such a file by its name alone; a shell
  // script without a known name is taken by its shebang.
  bool by_name;
  void (*read)(std::string_view source, SiteBuilder& b, Errors& errors);
};

// Every format, the first that matches a path wins; the last (a shell
// script) matches every path.
const std::vector<FormatSpec>& formats();
const FormatSpec& formatOf(std::string_view path);

}  // namespace archscan::shell
