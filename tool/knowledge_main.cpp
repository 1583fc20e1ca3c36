// archscan-knowledge: compiles knowledge.yaml into C++ when archscan is built.
//   archscan-knowledge KNOWLEDGE.yaml OUT.cpp
// A mistake in the YAML fails the build with the parser's message.
#include <fstream>
#include <iostream>
#include <sstream>

#include "knowledge/as_cpp.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: archscan-knowledge KNOWLEDGE.yaml OUT.cpp\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::ostringstream yaml;
  yaml << in.rdbuf();
  if (!in) {
    std::cerr << argv[1] << ": cannot read\n";
    return 2;
  }
  try {
    std::string cpp = archscan::knowledgeAsCpp(archscan::parseKnowledge(yaml.str(), argv[1]), "knowledge.yaml");
    std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
    out << cpp;
    if (!out.flush()) {
      std::cerr << argv[2] << ": cannot write\n";
      return 1;
    }
  } catch (const archscan::KnowledgeError& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
