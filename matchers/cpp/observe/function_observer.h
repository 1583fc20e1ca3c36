#pragma once
// Function summaries: name, parameters, what the first return yields (link/
// follows helpers that return a capability across files).
#include "context.h"

namespace archscan::cpp {

class FunctionObserver {
 public:
  explicit FunctionObserver(ObserverContext& c) : c_(c) {}

  void visit(const clang::FunctionDecl* fd) {
    if (!fd->doesThisDeclarationHaveABody() || !c_.inMain(fd->getLocation())) return;
    FunctionObs f;
    f.name = fd->getQualifiedNameAsString();
    for (const clang::ParmVarDecl* p : fd->parameters()) f.params.push_back(p->getNameAsString());
    f.body = c_.spanOr(fd->getBody()->getSourceRange());
    if (const clang::Expr* r = ObserverContext::firstReturn(fd->getBody())) f.returns = c_.operand(r);
    c_.out.functions.push_back(std::move(f));
  }

 private:
  ObserverContext& c_;
};

}  // namespace archscan::cpp
