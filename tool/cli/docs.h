#pragma once
// Documents generated from the option table and the rule catalogue: the README's option list, the
// man page and the JSON Schema of archscan.yaml (tool/docs_main.cpp writes
// and checks them).
#include <string>

namespace archscan {

std::string readmeOptions();
// The README's rule reference: one section per rule of the catalogue.
std::string readmeRules();
// schemas/check.schema.json with its findings' rule enum made the catalogue's
// ids; empty when the schema has no such enum.
std::string withRuleEnum(const std::string& schema);
std::string manPage();
std::string configSchema();

}  // namespace archscan
