#pragma once
// Integer template arguments (`Sm<100>`, `dispatch<90>()`, `is_major_v<10>`)
// and explicit specialisations per arch. A function specialised for one arch
// (`template <> void run_<80>() { run_hdim128<80>(); }`) is that arch's code:
// the number it passes on is not a second entry of a table.
#include "context.h"

namespace archscan::cpp {

class TemplateArgObserver {
 public:
  explicit TemplateArgObserver(ObserverContext& c) : c_(c) {}

  void visitTypeLoc(clang::TemplateSpecializationTypeLoc tl) {
    if (!c_.inMain(tl.getBeginLoc())) return;
    clang::TemplateDecl* td = tl.getTypePtr()->getTemplateName().getAsTemplateDecl();
    if (!td) return;
    for (unsigned i = 0; i < tl.getNumArgs(); ++i)
      add(td->getQualifiedNameAsString(), td, i, tl.getArgLoc(i), tl.getSourceRange());
  }

  void visitSpecialization(const clang::ClassTemplateSpecializationDecl* d) {
    if (!c_.inMain(d->getLocation()) || d->getSpecializationKind() != clang::TSK_ExplicitSpecialization) return;
    const clang::ASTTemplateArgumentListInfo* args = d->getTemplateArgsAsWritten();
    if (!args) return;
    for (unsigned i = 0; i < args->NumTemplateArgs; ++i)
      add(d->getSpecializedTemplate()->getQualifiedNameAsString(), d->getSpecializedTemplate(), i, (*args)[i],
          d->getSourceRange());
  }

  void visitRef(const clang::DeclRefExpr* ref) {
    if (!ref->hasExplicitTemplateArgs() || !c_.inMain(ref->getBeginLoc())) return;
    const clang::NamedDecl* td = nullptr;
    if (auto* fd = clang::dyn_cast<clang::FunctionDecl>(ref->getDecl())) td = fd->getPrimaryTemplate();
    else if (auto* vd = clang::dyn_cast<clang::VarTemplateSpecializationDecl>(ref->getDecl()))
      td = vd->getSpecializedTemplate();
    if (!td) return;
    for (unsigned i = 0; i < ref->getNumTemplateArgs(); ++i)
      add(td->getQualifiedNameAsString(), td, i, ref->getTemplateArgs()[i], ref->getSourceRange());
  }

 private:
  // Whether `v` is an argument of a function specialisation whose body holds it.
  bool passedOn(long long v) const {
    using namespace clang;
    for (const FunctionDecl* fd : c_.functions) {
      if (fd->getTemplateSpecializationKind() != TSK_ExplicitSpecialization) continue;
      const TemplateArgumentList* args = fd->getTemplateSpecializationArgs();
      for (unsigned i = 0; args && i < args->size(); ++i)
        if (args->get(i).getKind() == TemplateArgument::Integral && args->get(i).getAsIntegral() == v) return true;
    }
    return false;
  }

  void add(const std::string& templ, const clang::NamedDecl* td, unsigned index, const clang::TemplateArgumentLoc& arg,
           clang::SourceRange whole) {
    using namespace clang;
    const Expr* e = nullptr;
    if (arg.getArgument().getKind() == TemplateArgument::Expression) e = arg.getSourceExpression();
    else if (arg.getArgument().getKind() == TemplateArgument::Integral) e = arg.getSourceIntegralExpression();
    if (!e) return;
    TemplateArgObs t;
    auto v = c_.literalValue(e, t.literal, t.literal_span);
    if (!v || passedOn(*v)) return;
    t.templ = templ;
    t.value = *v;
    t.whole = c_.spanOr(whole);
    if (auto* tmpl = dyn_cast_or_null<TemplateDecl>(td))
      if (TemplateParameterList* ps = tmpl->getTemplateParameters(); ps && index < ps->size())
        t.templ += "|" + ps->getParam(index)->getNameAsString();
    c_.out.template_args.push_back(std::move(t));
  }

  ObserverContext& c_;
};

}  // namespace archscan::cpp
