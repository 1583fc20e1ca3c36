#pragma once
// Site kinds `mapping` and `set` in C++: variables with a braced initializer.
// Only the braces are located here; initializers.cpp reads the items as
// tokens, because Sema may drop an initializer whose value type comes from a
// missing header.
#include "context.h"

namespace archscan::cpp {

class InitializerObserver {
 public:
  explicit InitializerObserver(ObserverContext& c) : c_(c) {}

  void visit(const clang::VarDecl* v) {
    if (clang::isa<clang::ParmVarDecl>(v) || !c_.inMain(v->getLocation())) return;
    auto whole = c_.span(v->getSourceRange());
    if (!whole) return;
    auto toks = lexCpp(c_.text, whole->begin, whole->end, whole->line);
    size_t name = 0;
    std::string vname = v->getNameAsString();
    while (name < toks.size() && spell(c_.text, toks[name]) != vname) ++name;
    size_t open = name;
    while (open < toks.size() && spell(c_.text, toks[open]) != "{" && spell(c_.text, toks[open]) != ";") ++open;
    if (name >= toks.size() || open >= toks.size() || spell(c_.text, toks[open]) != "{") return;
    InitObs obs;
    obs.name = vname;
    obs.function = v->isLocalVarDecl() ? c_.function() : "";
    obs.whole = *whole;
    obs.init = Span{toks[open].begin, whole->end, toks[open].line, whole->end_line};
    obs.origin = c_.origin(v->getLocation());
    c_.out.inits.push_back(std::move(obs));
  }

 private:
  ObserverContext& c_;
};

}  // namespace archscan::cpp
