#pragma once
// The three kinds of file the shell front-end reads, each split by a small
// reader of its own into what SiteBuilder takes: shell scripts are lexed
// whole; a Dockerfile's RUN bodies are lexed as shell and its ENV/ARG pairs
// are bindings; a GitHub Actions workflow's `run:` blocks are lexed as shell
// and its keys (env: entries, matrix axes) with their scalars or sequences
// are bindings.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sites.h"

namespace archscan::shell {

enum class Format { Shell, Dockerfile, Workflow };

// Judged by the path: *.yml/*.yaml are workflows, Dockerfile* / *.dockerfile
// Dockerfiles, anything else a shell script.
Format formatOf(std::string_view path);

using Errors = std::vector<std::pair<int, std::string>>;

void readShell(std::string_view source, SiteBuilder& b, Errors& errors);
void readDockerfile(std::string_view source, SiteBuilder& b, Errors& errors);
void readWorkflow(std::string_view source, SiteBuilder& b, Errors& errors);

}  // namespace archscan::shell
