// observe/template_arg_observer.h: integer template arguments and specialisations.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "test_support.h"

namespace archscan {
namespace {

using Args = std::vector<std::pair<std::string, long long>>;

// Template and parameter, and value, of each integer argument observed.
Args argsOf(const std::string& code) {
  Args got;
  for (const auto& t : test::observeCpp(code).template_args) got.push_back({t.templ, t.value});
  return got;
}

TEST(TemplateArgObserver, TypesFunctionsVariablesAndSpecialisations) {
  Args got = argsOf(
      "template <int kArch> struct Sm {};\n"
      "template <> struct Sm<100> { static constexpr int v = 1; };\n"
      "template <int kMajor> constexpr bool is_major_v = false;\n"
      "template <int kArch> int dispatch() { return kArch; }\n"
      "Sm<90> s;\n"
      "int f() { return dispatch<120>() + is_major_v<10>; }\n");
  Args want = {{"Sm|kArch", 100}, {"Sm|kArch", 90}, {"dispatch|kArch", 120}, {"is_major_v|kMajor", 10}};
  EXPECT_EQ(got, want);
}

TEST(TemplateArgObserver, AFunctionSpecialisedPerArchPassesItsArchOn) {
  // flash-attention's generated files specialise a launcher for 80 and 86,
  // each calling the kernel for its own arch: per-arch code, not a table.
  Args got = argsOf(
      "template <int Arch> void run_hdim();\n"
      "template <int Arch> void run_();\n"
      "template <> void run_<80>() { run_hdim<80>(); }\n"
      "template <> void run_<86>() { [] { run_hdim<86>(); }(); run_hdim<90>(); }\n"
      "void g() { run_hdim<100>(); }\n");
  EXPECT_EQ(got, (Args{{"run_hdim|Arch", 90}, {"run_hdim|Arch", 100}}));
}

}  // namespace
}  // namespace archscan
