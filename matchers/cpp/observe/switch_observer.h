#pragma once
// Site kind `switch`: subject, labels (values or enumerators), default.
#include <algorithm>

#include "context.h"

namespace archscan::cpp {

class SwitchObserver {
 public:
  explicit SwitchObserver(ObserverContext& c) : c_(c) {}

  void visit(const clang::SwitchStmt* s) {
    using namespace clang;
    if (!c_.inMain(s->getBeginLoc()) || !s->getCond()) return;
    c_.consumed.insert(s->getCond()->IgnoreParenImpCasts());
    SwitchObs obs;
    obs.subject = c_.operand(s->getCond());
    obs.whole = c_.spanOr(s->getSourceRange());
    if (s->getBody()) obs.body = c_.spanOr(s->getBody()->getSourceRange());
    obs.function = c_.function();
    obs.origin = c_.origin(s->getBeginLoc());
    for (const SwitchCase* sc = s->getSwitchCaseList(); sc; sc = sc->getNextSwitchCase()) {
      if (auto* d = dyn_cast<DefaultStmt>(sc)) {
        Branch b;
        b.body = c_.spanOr(SourceRange(d->getBeginLoc(), d->getEndLoc()));
        obs.fallthrough_default = b;
        continue;
      }
      auto* cs = cast<CaseStmt>(sc);
      CaseObs co;
      const Expr* lhs = cs->getLHS();
      if (!lhs) continue;
      co.label = c_.spanOr(lhs->getSourceRange());
      co.text = c_.textOf(co.label);
      if (!lhs->isValueDependent())
        if (auto v = lhs->getIntegerConstantExpr(c_.ast)) co.value = v->getExtValue();
      if (auto* ref = dyn_cast<DeclRefExpr>(lhs->IgnoreParenImpCasts()))
        if (isa<EnumConstantDecl>(ref->getDecl())) co.enumerator = ref->getDecl()->getNameAsString();
      obs.cases.push_back(co);
    }
    // Clang lists cases last to first.
    std::sort(obs.cases.begin(), obs.cases.end(),
              [](const CaseObs& a, const CaseObs& b) { return a.label.begin < b.label.begin; });
    c_.out.switches.push_back(std::move(obs));
  }

 private:
  ObserverContext& c_;
};

}  // namespace archscan::cpp
