#pragma once
// Comparisons outside if/switch conditions: asserts, checks, bools,
// ternaries. cpp_sites turns them into checks (a crash for unlisted archs)
// or single predicates.
#include "context.h"

namespace archscan::cpp {

class LoneTestObserver {
 public:
  explicit LoneTestObserver(ObserverContext& c) : c_(c) {}

  void visit(const clang::BinaryOperator* b) {
    using namespace clang;
    if (!(b->isComparisonOp() || b->isLogicalOp()) || !c_.inMain(b->getBeginLoc())) return;
    // Only the outermost of a && / || tree, and not an if/switch condition.
    const Expr* root = b;
    for (;;) {
      const Expr* p = dyn_cast_or_null<Expr>(c_.parentOf(root));
      if (!p) break;
      if (isa<ParenExpr>(p) || isa<ImplicitCastExpr>(p) || isa<ExprWithCleanups>(p)) {
        root = p;
        continue;
      }
      if (auto* u = dyn_cast<UnaryOperator>(p); u && u->getOpcode() == UO_LNot) {
        root = p;
        continue;
      }
      if (auto* pb = dyn_cast<BinaryOperator>(p); pb && pb->isLogicalOp()) return;
      break;
    }
    if (c_.consumed.count(root->IgnoreParenImpCasts())) return;
    LoneObs lone;
    lone.condition = c_.condition(root);
    if (!ObserverContext::hasTests(lone.condition)) return;
    lone.whole = c_.spanOr(root->getSourceRange());
    lone.function = c_.function();
    lone.origin = c_.origin(root->getBeginLoc());
    if (auto* t = dyn_cast_or_null<ConditionalOperator>(c_.parentOf(root));
        t && t->getCond()->IgnoreParenImpCasts() == root->IgnoreParenImpCasts()) {
      lone.when_true = c_.span(t->getTrueExpr()->getSourceRange());
      lone.when_false = c_.span(t->getFalseExpr()->getSourceRange());
    }
    c_.out.lones.push_back(std::move(lone));
  }

 private:
  ObserverContext& c_;
};

}  // namespace archscan::cpp
