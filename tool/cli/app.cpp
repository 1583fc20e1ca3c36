#include "cli/app.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

#include "arch/parse.h"
#include "arch/suggest.h"
#include "cli/commands.h"
#include "util/escape.h"
#include "util/plural.h"

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

// An arch is checked as typed: splitting a comma list trims blanks, and a
// tab or newline trimmed away (`--target "$(cat arch.txt)"`) would hide the
// caller's mistake. Which arch it is, is asked later, of the knowledge.
CLI::Validator archTextValidator() {
  return CLI::Validator([](std::string& v) -> std::string { return archControlCharacterProblem(v).value_or(""); }, "");
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
                                    [&](RuleLevels Options::*) -> CLI::Option* { return nullptr; },
                                },
                                spec.field);
  if (!opt) return nullptr;
  if (!spec.metavar.empty()) opt->type_name(spec.metavar);
  // Split before the choices are checked, so each id of "missing-arch,gated" is checked on its own.
  if (spec.check == Check::Rule) opt->delimiter(',');
  if (!spec.choices.empty()) opt->check(choiceValidator(spec));
  if (spec.check == Check::Arch) opt->check(archTextValidator());
  if (spec.required) opt->required();
  return opt;
}

struct Bound {
  Command command;
  const OptionSpec* spec;
  CLI::Option* option;
};

bool isNumber(const std::string& s) {
  if (s.empty()) return false;
  size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
  return i < s.size() && s.find_first_not_of("0123456789", i) == std::string::npos;
}

// "--jobs=4" -> "jobs", "-j4" -> "j"; "" for what is no option (a path, a
// negative number, "-" for standard input).
std::string optionName(const std::string& arg) {
  if (arg.size() < 2 || arg[0] != '-' || isNumber(arg)) return "";
  if (arg[1] == '-') return arg.substr(2, arg.find('=') == std::string::npos ? std::string::npos : arg.find('=') - 2);
  return arg.substr(1, 1);
}

// Help text read after a colon: "The arch to add" -> "the arch to add".
std::string lowerFirst(std::string s) {
  if (!s.empty() && s[0] >= 'A' && s[0] <= 'Z' && !(s.size() > 1 && s[1] >= 'A' && s[1] <= 'Z')) s[0] += 'a' - 'A';
  return s;
}

bool takes(const OptionSpec& spec, const std::string& name) {
  return spec.name == name || (spec.short_name && name.size() == 1 && name[0] == spec.short_name);
}

// An option `command` does not take: which command does, or what was meant.
std::string unknownOption(const std::string& arg, const CommandSpec* command) {
  std::string name = optionName(arg);
  std::vector<std::string> known = {"help"};
  if (!command) known.push_back("version");
  unsigned others = 0;
  for (const auto& spec : optionTable()) {
    if (spec.scope == Scope::Config) continue;
    if (command && (spec.commands & command->command)) known.push_back(spec.name);
    else if (takes(spec, name)) others |= spec.commands;
  }
  std::string shown = arg.substr(0, arg.find('='));
  if (others && !command) return shown + " goes after a command: it is an option of " + commandNames(others);
  if (others) return command->name + " does not take " + shown + "; it is an option of " + commandNames(others);
  auto near = name.size() > 1 ? closestWord(name, known) : std::nullopt;
  return "unknown option " + shown +
         (near ? "; did you mean --" + *near + "?"
               : std::string(" (`archscan ") + (command ? command->name + " " : "") + "--help` lists the options)");
}

// CLI11's message for a failed parse, rewritten as archscan says it: what was
// wrong, in the user's words, and what was probably meant.
std::string parseFailure(const CLI::ParseError& e, CLI::App& app, const std::vector<std::string>& args,
                         const CommandSpec* command, const std::vector<Bound>& bound, CLI::Option* positional) {
  // An unknown option first: it is often why something else seems missing (`--ad` for `--add`).
  std::vector<std::string> extra = app.remaining(true);
  for (const auto& a : extra)
    if (!optionName(a).empty()) return unknownOption(a, command);
  if (!command) return "no command given (`archscan --help` lists them)";
  const std::string& cmd = command->name;
  if (!extra.empty()) {
    if (command->positional.empty()) return cmd + " takes no arguments, not '" + extra.front() + "'";
    return cmd + " takes " + command->positional + ", not also '" + extra.front() + "'";
  }
  if (dynamic_cast<const CLI::RequiredError*>(&e)) {
    if (positional && positional->count() < static_cast<size_t>(std::max(command->positional_min, 0)))
      return cmd + " needs " + command->positional + ": " + lowerFirst(command->positional_help);
    for (const auto& b : bound)
      if (b.spec->required && b.option->count() == 0)
        return cmd + " needs --" + b.spec->name + " " + b.spec->metavar + ": " + lowerFirst(b.spec->help);
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {
    if (positional && command->positional_max >= 0 &&
        positional->count() > static_cast<size_t>(command->positional_max))
      return cmd + " takes at most " + counted(static_cast<size_t>(command->positional_max), "argument") + " (" +
             command->positional + "), not " + std::to_string(positional->count());
    // An option that takes a value, written last or right before another option.
    for (size_t i = 2; i < args.size(); ++i) {
      std::string name = optionName(args[i]);
      if (name.empty() || args[i].find('=') != std::string::npos || (args[i][1] != '-' && args[i].size() > 2)) continue;
      const OptionSpec* spec = nullptr;
      for (const auto& b : bound)
        if (takes(*b.spec, name)) spec = b.spec;
      if (!spec || std::holds_alternative<bool Options::*>(spec->field)) continue;
      if (i + 1 == args.size() || !optionName(args[i + 1]).empty())
        return "--" + spec->name + " needs a value (" + spec->metavar + ")";
    }
  }
  if (dynamic_cast<const CLI::ConversionError*>(&e)) {
    for (const auto& b : bound) {
      if (!std::holds_alternative<int Options::*>(b.spec->field)) continue;
      for (const auto& v : b.option->results())
        if (!isNumber(v)) return "--" + b.spec->name + ": '" + v + "' is not a number";
    }
  }
  // Left as CLI11 words it (a choice outside its set is already ours: "--format: 'jsn' is not one of ...").
  return e.what();
}

}  // namespace

std::variant<Invocation, int> parseCommandLine(int argc, char** argv) {
  CLI::App app{"archscan: find and patch every compute-capability table in a GPU codebase", "archscan"};
  app.set_version_flag("--version", versionText());
  app.require_subcommand(1);
  app.get_formatter()->label("SUBCOMMAND", "COMMAND");
  app.footer(
      "Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage or input error.\n"
      "`archscan COMMAND --help` lists a command's options; `man archscan` has them all.");
  if (argc >= 2 && argv[1][0] != '-' && !findCommand(argv[1])) {
    auto near = closestWord(argv[1], commandNamesList());
    std::cerr << "archscan: unknown command '" << argv[1] << "'"
              << (near ? "; did you mean '" + *near + "'?" : " (commands: " + joined(commandNamesList()) + ")") << "\n";
    return 2;
  }
  Invocation inv;
  std::vector<Bound> bound;
  std::vector<std::pair<CLI::App*, Command>> subs;
  CLI::Option* positional = nullptr;
  // Only the command named first can be parsed, so only its options are
  // made: making every command's took CLI11 about a millisecond. With no
  // command first (`archscan --help`), all are made.
  const CommandSpec* command = argc >= 2 ? findCommand(argv[1]) : nullptr;
  for (const auto& c : commandTable()) {
    // The help lists the commands from here, one line each.
    CLI::App* sub = app.add_subcommand(c.name, c.summary)->group("Commands");
    subs.push_back({sub, c.command});
    if (command && command->command != c.command) continue;
    if (!c.positional.empty()) {
      CLI::Option* pos = sub->add_option("args", inv.options.args, c.positional_help)->type_name(c.positional);
      if (c.positional_max > 0) pos->expected(c.positional_min, c.positional_max);
      if (c.positional_min > 0) pos->required();
      if (command) positional = pos;
    }
    for (const auto& spec : optionTable()) {
      if (!(spec.commands & c.command) || spec.scope == Scope::Config) continue;
      if (CLI::Option* opt = bind(sub, spec, inv.options)) bound.push_back({c.command, &spec, opt});
    }
  }
  if (argc < 2) {
    std::cerr << app.help();
    return 2;
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
    std::cerr << "archscan: " << printable(parseFailure(e, app, {argv, argv + argc}, command, bound, positional))
              << "\n";
    return 2;
  }
  for (const auto& [sub, cmd] : subs)
    if (sub->parsed()) inv.command = cmd;
  for (const auto& b : bound)
    if (b.command == inv.command && b.option->count() > 0) inv.given.insert(b.spec->name);
  return inv;
}

}  // namespace archscan
