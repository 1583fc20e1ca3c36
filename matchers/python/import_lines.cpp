#include "import_lines.h"

#include <regex>
#include <sstream>

namespace archscan::py {
namespace {

std::string trim(const std::string& s) {
  auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n,");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

}  // namespace

std::vector<Import> importLines(const std::string& text) {
  std::vector<Import> out;
  static const std::regex fromRe(R"(^from\s+(\.*)([\w.]*)\s+import\s+(.*)$)");
  static const std::regex importRe(R"(^import\s+(.*)$)");
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || (line[0] != 'f' && line[0] != 'i')) continue;  // top-level statements only
    std::smatch m;
    if (std::regex_match(line, m, fromRe)) {
      std::string names = m[3];
      if (names.find('(') != std::string::npos) {  // parenthesised: read on to ')'
        names.erase(0, names.find('(') + 1);
        std::string more;
        while (names.find(')') == std::string::npos && std::getline(in, more)) names += " " + more;
        names = names.substr(0, names.find(')'));
      }
      std::istringstream parts(names);
      std::string part;
      while (std::getline(parts, part, ',')) {
        part = trim(part.substr(0, part.find('#')));
        if (part.empty()) continue;
        Import imp;
        imp.level = static_cast<int>(m[1].length());
        imp.module = m[2];
        auto as = part.find(" as ");
        imp.name = trim(part.substr(0, as));
        imp.alias = as == std::string::npos ? imp.name : trim(part.substr(as + 4));
        out.push_back(imp);
      }
    } else if (std::regex_match(line, m, importRe)) {
      std::istringstream parts(m[1].str());
      std::string part;
      while (std::getline(parts, part, ',')) {
        part = trim(part.substr(0, part.find('#')));
        if (part.empty()) continue;
        auto as = part.find(" as ");
        std::string mod = trim(part.substr(0, as));
        out.push_back(Import{0, mod, "", as == std::string::npos ? mod : trim(part.substr(as + 4))});
      }
    }
  }
  return out;
}

}  // namespace archscan::py
