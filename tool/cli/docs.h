#pragma once
// Documents generated from the option table and the rule catalogue: the
// README's command list, the reference's option list (docs/reference.md), the
// rule reference (docs/rules.md), the man page and the JSON Schema of
// archscan.yaml (tool/docs_main.cpp writes and checks them).
#include <string>

namespace archscan {

// Every command with its arguments and summary, one a line, in a code block.
std::string commandList();
// The command list, then every option and archscan.yaml key in tables.
std::string optionReference();
// One section per rule of the catalogue.
std::string ruleReference();
// schemas/check.schema.json with its findings' rule enum made the catalogue's
// ids; empty when the schema has no such enum.
std::string withRuleEnum(const std::string& schema);
std::string manPage();
std::string configSchema();

}  // namespace archscan
