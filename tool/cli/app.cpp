#include "cli/app.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

#include "arch/suggest.h"
#include "cli/commands.h"

namespace archscan {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

std::vector<std::string> commandNamesList() {
  std::vector<std::string> out;
  for (const auto& c : commandTable()) out.push_back(c.name);
  return out;
}

// A value outside an option's closed set: name the set and the nearest member.
CLI::Validator choiceValidator(const OptionSpec& spec) {
  std::vector<std::string> choices = spec.choices;
  return CLI::Validator(
      [choices](std::string& v) -> std::string {
        if (std::find(choices.begin(), choices.end(), v) != choices.end()) return "";
        auto near = closestWord(v, choices);
        return "'" + v + "' is not one of " + joined(choices) + (near ? "; did you mean '" + *near + "'?" : "");
      },
      "");
}

std::string helpText(const OptionSpec& spec) {
  std::string help = spec.help;
  if (!spec.choices.empty()) help += ": " + joined(spec.choices);
  if (!spec.default_text.empty()) help += " (default: " + spec.default_text + ")";
  return help;
}

CLI::Option* bind(CLI::App* sub, const OptionSpec& spec, Options& o) {
  std::string names = (spec.short_name ? std::string("-") + spec.short_name + "," : std::string()) + "--" + spec.name;
  std::string help = helpText(spec);
  CLI::Option* opt = std::visit(Overloaded{
                                    [&](bool Options::* f) { return sub->add_flag(names, o.*f, help); },
                                    [&](int Options::* f) { return sub->add_option(names, o.*f, help); },
                                    [&](std::string Options::* f) { return sub->add_option(names, o.*f, help); },
                                    [&](std::vector<std::string> Options::* f) {
                                      return sub->add_option(names, o.*f, help)
                                          ->expected(1)
                                          ->allow_extra_args(false)
                                          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
                                    },
                                    [&](std::vector<DeclaredFamily> Options::*) -> CLI::Option* { return nullptr; },
                                    [&](ComponentGlobs Options::*) -> CLI::Option* { return nullptr; },
                                    [&](std::vector<DeclaredArch> Options::*) -> CLI::Option* { return nullptr; },
                                },
                                spec.field);
  if (!opt) return nullptr;
  if (!spec.metavar.empty()) opt->type_name(spec.metavar);
  if (!spec.choices.empty()) opt->check(choiceValidator(spec));
  if (spec.required) opt->required();
  return opt;
}

// "--taget" -> "; did you mean '--target'?" for the first unknown option in argv.
std::string optionHint(int argc, char** argv, Command command) {
  std::vector<std::string> known;
  for (const auto& spec : optionTable())
    if (spec.commands & command) known.push_back(spec.name);
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) != 0) continue;
    std::string name = a.substr(2, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 2);
    if (std::find(known.begin(), known.end(), name) != known.end() || name == "help") continue;
    if (auto near = closestWord(name, known)) return "; did you mean '--" + *near + "'?";
  }
  return "";
}

}  // namespace

std::variant<Invocation, int> parseCommandLine(int argc, char** argv) {
  CLI::App app{"archscan: find and patch every compute-capability table in a GPU codebase"};
  app.set_version_flag("--version", versionText());
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage or input error.\n"
      "`archscan COMMAND --help` lists a command's options; `man archscan` has them all.");
  if (argc >= 2 && argv[1][0] != '-' && !findCommand(argv[1])) {
    auto near = closestWord(argv[1], commandNamesList());
    std::cerr << "archscan: unknown command '" << argv[1] << "'"
              << (near ? "; did you mean '" + *near + "'?" : " (commands: " + joined(commandNamesList()) + ")") << "\n";
    return 2;
  }
  if (argc < 2) {
    std::cerr << app.help();
    return 2;
  }
  Invocation inv;
  struct Bound {
    Command command;
    std::string name;
    CLI::Option* option;
  };
  std::vector<Bound> bound;
  std::vector<std::pair<CLI::App*, Command>> subs;
  // Only the command named first can be parsed, so only its options are
  // made: making every command's took CLI11 about a millisecond. With no
  // command first (`archscan --help`), all are made.
  const CommandSpec* command = findCommand(argv[1]);
  for (const auto& c : commandTable()) {
    CLI::App* sub = app.add_subcommand(c.name, c.summary);
    subs.push_back({sub, c.command});
    if (command && command->command != c.command) continue;
    if (!c.positional.empty()) {
      CLI::Option* pos = sub->add_option("args", inv.options.args, c.positional_help)->type_name(c.positional);
      if (c.positional_max > 0) pos->expected(c.positional_min, c.positional_max);
      if (c.positional_min > 0) pos->required();
    }
    for (const auto& spec : optionTable()) {
      if (!(spec.commands & c.command) || spec.scope == Scope::Config) continue;
      if (CLI::Option* opt = bind(sub, spec, inv.options)) bound.push_back({c.command, spec.name, opt});
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string hint = command ? optionHint(argc, argv, command->command) : "";
    std::cerr << "archscan: " << e.what() << hint << "\n";
    return 2;
  }
  for (const auto& [sub, cmd] : subs)
    if (sub->parsed()) inv.command = cmd;
  for (const auto& b : bound)
    if (b.command == inv.command && b.option->count() > 0) inv.given.insert(b.name);
  return inv;
}

}  // namespace archscan
