// archscan-knowledge: compiles knowledge.yaml into C++ when archscan is built.
//   archscan-knowledge KNOWLEDGE.yaml OUT.cpp
// A mistake in the YAML fails the build with the parser's message.
#include <iostream>

#include "knowledge/as_cpp.h"
#include "util/input_file.h"
#include "util/replace_file.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: archscan-knowledge KNOWLEDGE.yaml OUT.cpp\n";
    return 2;
  }
  try {
    std::string yaml = archscan::readInputFile(argv[1]);
    std::string cpp = archscan::knowledgeAsCpp(archscan::parseKnowledge(yaml, argv[1]), "knowledge.yaml");
    if (!archscan::replaceWhole(argv[2], "", cpp)) {
      std::cerr << argv[2] << ": cannot write\n";
      return 1;
    }
  } catch (const std::exception& e) {  // the file unreadable, or a KnowledgeError naming its line
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
