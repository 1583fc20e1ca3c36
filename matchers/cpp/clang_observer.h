#pragma once
// The AST half of the Clang front-end: an ASTConsumer that fills
// Observations for the main file. Only clang_parser.cpp uses this header.
#include <memory>
#include <string>
#include <string_view>

#include "observations.h"

namespace clang {
class ASTConsumer;
class CompilerInstance;
}  // namespace clang

namespace archscan::cpp {

// `text` is the main file's content as parsed; it must outlive the consumer.
// Function bodies in files outside `root` (the standard library, a toolkit,
// third-party headers) are skipped: they cannot hold a site of this tree, and
// parsing them is most of the cost of a unit.
std::unique_ptr<clang::ASTConsumer> makeObserver(clang::CompilerInstance& ci, std::string_view text,
                                                 const std::string& root, Observations& out);

}  // namespace archscan::cpp
