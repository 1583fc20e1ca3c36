#pragma once
// Shell completion scripts, built from the option table.
#include <string>

#include "knowledge/knowledge.h"

namespace archscan {

// The script for "bash", "zsh" or "fish"; throws UsageError for another shell.
std::string completionScript(const std::string& shell, const Knowledge& k);

}  // namespace archscan
