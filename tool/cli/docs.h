#pragma once
// Documents generated from the option table: the README's option list, the
// man page and the JSON Schema of archscan.yaml (tool/docs_main.cpp writes
// and checks them).
#include <string>

namespace archscan {

std::string readmeOptions();
std::string manPage();
std::string configSchema();

}  // namespace archscan
