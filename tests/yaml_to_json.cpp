// Prints a YAML file as JSON, so the JSON Schemas of archscan.yaml and of
// patch sets can be checked with the same validator as the JSON outputs.
// Plain scalars are typed as YAML 1.2's core schema types them (integers,
// floats, true/false, null); quoted scalars stay strings.
#include <yaml-cpp/yaml.h>

#include <iostream>
#include <regex>

namespace {

void quote(const std::string& s, std::ostream& out) {
  out << '"';
  for (char c : s) {
    if (c == '"' || c == '\\') out << '\\' << c;
    else if (c == '\n') out << "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      out << "\\u00" << "0123456789abcdef"[c >> 4] << "0123456789abcdef"[c & 15];
    else out << c;
  }
  out << '"';
}

void print(const YAML::Node& n, std::ostream& out) {
  if (n.IsMap()) {
    out << '{';
    bool first = true;
    for (const auto& kv : n) {
      out << (first ? "" : ",");
      first = false;
      quote(kv.first.as<std::string>(), out);
      out << ':';
      print(kv.second, out);
    }
    out << '}';
  } else if (n.IsSequence()) {
    out << '[';
    for (size_t i = 0; i < n.size(); ++i) {
      out << (i ? "," : "");
      print(n[i], out);
    }
    out << ']';
  } else if (n.IsNull()) {
    out << "null";
  } else {
    static const std::regex number("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
    const std::string& s = n.Scalar();
    bool plain = n.Tag() == "?";
    if (plain && (s == "true" || s == "false" || std::regex_match(s, number))) out << s;
    else quote(s, out);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: yaml_to_json FILE.yaml\n";
    return 2;
  }
  try {
    print(YAML::LoadFile(argv[1]), std::cout);
    std::cout << "\n";
  } catch (const YAML::Exception& e) {
    std::cerr << argv[1] << ": " << e.what() << "\n";
    return 1;
  }
  return 0;
}
