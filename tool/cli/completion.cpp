// `archscan completion bash|zsh|fish`: completion scripts built from the
// option table, so they offer exactly the commands, options and values the
// parser takes (arch names for --target, rule ids for explain).
#include <sstream>

#include "analyze/rules/rules.h"
#include "cli/commands.h"
#include "cli/completion.h"
#include "cli/output_file.h"
#include "cli/usage_error.h"

namespace archscan {
namespace {

// What the value of an option or positional is completed from.
enum class Values { None, Files, Words };

struct Completion {
  Values kind = Values::None;
  std::vector<std::string> words;
};

std::vector<std::string> archWords(const Knowledge& k) {
  std::vector<std::string> out;
  for (const auto& a : k.archs.known) out.push_back(Arch{a.major, a.minor, false, Variant::None}.name());
  for (const auto& [name, arch] : k.archs.aliases) out.push_back(name);
  return out;
}

Completion valuesOf(const OptionSpec& o, const Knowledge& k) {
  if (!o.choices.empty()) return {Values::Words, o.choices};
  if (o.check == Check::Arch) return {Values::Words, archWords(k)};
  if (o.metavar == "FILE" || o.metavar == "PATH" || o.metavar == "GLOB") return {Values::Files, {}};
  if (o.metavar == "FORMAT=FILE") return {Values::Words, {"text=", "json=", "sarif=", "github=", "markdown=", "html="}};
  return {};
}

Completion positionalOf(const CommandSpec& c) {
  if (c.command == kExplain) {
    std::vector<std::string> ids;
    for (const auto& r : ruleCatalogue()) ids.push_back(r.id);
    return {Values::Words, ids};
  }
  if (c.command == kCompletion) return {Values::Words, {"bash", "zsh", "fish"}};
  if (c.positional.empty()) return {};
  return {Values::Files, {}};
}

std::vector<const OptionSpec*> optionsOf(const CommandSpec& c) {
  std::vector<const OptionSpec*> out;
  for (const auto& o : optionTable())
    if ((o.commands & c.command) && o.scope != Scope::Config) out.push_back(&o);
  return out;
}

std::string words(const std::vector<std::string>& w) {
  std::string out;
  for (const auto& s : w) out += (out.empty() ? "" : " ") + s;
  return out;
}

// The help text's first clause, safe inside single quotes and zsh's [...].
std::string brief(const std::string& help) {
  std::string s = help.substr(0, help.find_first_of(";:("));
  while (!s.empty() && s.back() == ' ') s.pop_back();
  std::string out;
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else if (c == '[' || c == ']') out += '\\', out += c;
    else if (c != '`') out += c;
  }
  return out;
}

std::string bash(const Knowledge& k) {
  std::ostringstream out;
  out << "# bash completion for archscan, generated from its option table by `archscan completion bash`\n"
      << "_archscan() {\n"
      << "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" cmd=\"\" i\n"
      << "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      << "    case \"${COMP_WORDS[i]}\" in -*) ;; *) cmd=\"${COMP_WORDS[i]}\"; break ;; esac\n"
      << "  done\n"
      << "  if [[ -z \"$cmd\" ]]; then\n";
  std::vector<std::string> commands;
  for (const auto& c : commandTable()) commands.push_back(c.name);
  out << "    COMPREPLY=($(compgen -W \"" << words(commands) << " --help --version\" -- \"$cur\"))\n"
      << "    return\n  fi\n"
      << "  case \"$cmd $prev\" in\n";
  for (const auto& c : commandTable()) {
    for (const OptionSpec* o : optionsOf(c)) {
      if (std::holds_alternative<bool Options::*>(o->field)) continue;
      Completion v = valuesOf(*o, k);
      out << "    \"" << c.name << " --" << o->name << "\"";
      if (o->short_name) out << "|\"" << c.name << " -" << o->short_name << "\"";
      out << ")\n      ";
      if (v.kind == Values::Words) out << "COMPREPLY=($(compgen -W \"" << words(v.words) << "\" -- \"$cur\"))";
      else if (v.kind == Values::Files) out << "COMPREPLY=($(compgen -f -- \"$cur\"))";
      else out << "COMPREPLY=()";
      out << "\n      return ;;\n";
    }
  }
  out << "  esac\n  case \"$cmd\" in\n";
  for (const auto& c : commandTable()) {
    std::vector<std::string> flags = {"--help"};
    for (const OptionSpec* o : optionsOf(c)) {
      flags.push_back("--" + o->name);
      if (o->short_name) flags.push_back(std::string("-") + o->short_name);
    }
    Completion p = positionalOf(c);
    out << "    " << c.name << ")\n"
        << "      if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"" << words(flags) << "\" -- \"$cur\"))\n";
    if (p.kind == Values::Words)
      out << "      else COMPREPLY=($(compgen -W \"" << words(p.words) << "\" -- \"$cur\"))\n";
    else if (p.kind == Values::Files) out << "      else COMPREPLY=($(compgen -f -- \"$cur\"))\n";
    out << "      fi ;;\n";
  }
  out << "  esac\n}\ncomplete -o filenames -F _archscan archscan\n";
  return out.str();
}

std::string zsh(const Knowledge& k) {
  std::ostringstream out;
  out << "#compdef archscan\n"
      << "# zsh completion for archscan, generated from its option table by `archscan completion zsh`\n"
      << "_archscan() {\n"
      << "  local -a commands\n  commands=(\n";
  for (const auto& c : commandTable()) out << "    '" << c.name << ":" << brief(c.summary) << "'\n";
  out << "  )\n"
      << "  if (( CURRENT == 2 )); then\n"
      << "    _describe -t commands 'archscan command' commands\n"
      << "    return\n  fi\n"
      << "  local cmd=$words[2]\n"
      << "  shift words\n  (( CURRENT-- ))\n"
      << "  case $cmd in\n";
  for (const auto& c : commandTable()) {
    out << "    " << c.name << ")\n      _arguments -s \\\n        '(- *)--help[Show the options]' \\\n";
    for (const OptionSpec* o : optionsOf(c)) {
      bool flag = std::holds_alternative<bool Options::*>(o->field);
      bool repeat = std::holds_alternative<std::vector<std::string> Options::*>(o->field);
      std::string names = o->short_name ? "{-" + std::string(1, o->short_name) + ",--" + o->name + "}" : "--" + o->name;
      out << "        " << (repeat ? "'*'" : "") << (o->short_name ? names + "'" : "'" + names) << "[" << brief(o->help)
          << "]";
      if (!flag) {
        Completion v = valuesOf(*o, k);
        out << ":" << o->metavar << ":";
        if (v.kind == Values::Words) out << "(" << words(v.words) << ")";
        else if (v.kind == Values::Files) out << "_files";
        else out << " ";
      }
      out << "' \\\n";
    }
    Completion p = positionalOf(c);
    std::string label;
    for (char ch : c.positional)
      if (ch != '[' && ch != ']' && ch != '.') label += ch;
    if (p.kind == Values::Words) out << "        '*:" << label << ":(" << words(p.words) << ")'\n";
    else if (p.kind == Values::Files) out << "        '*:" << label << ":_files'\n";
    else out << "        \n";
    out << "      ;;\n";
  }
  out << "  esac\n}\n_archscan \"$@\"\n";
  return out.str();
}

std::string fish(const Knowledge& k) {
  std::ostringstream out;
  out << "# fish completion for archscan, generated from its option table by `archscan completion fish`\n"
      << "complete -c archscan -f\n";
  std::vector<std::string> commands;
  for (const auto& c : commandTable()) commands.push_back(c.name);
  for (const auto& c : commandTable())
    out << "complete -c archscan -n '__fish_use_subcommand' -a " << c.name << " -d '" << brief(c.summary) << "'\n";
  for (const auto& c : commandTable()) {
    std::string when = "-n '__fish_seen_subcommand_from " + c.name + "'";
    for (const OptionSpec* o : optionsOf(c)) {
      out << "complete -c archscan " << when;
      if (o->short_name) out << " -s " << o->short_name;
      out << " -l " << o->name;
      if (!std::holds_alternative<bool Options::*>(o->field)) {
        Completion v = valuesOf(*o, k);
        if (v.kind == Values::Words) out << " -x -a '" << words(v.words) << "'";
        else if (v.kind == Values::Files) out << " -r -F";
        else out << " -x";
      }
      out << " -d '" << brief(o->help) << "'\n";
    }
    Completion p = positionalOf(c);
    if (p.kind == Values::Words) out << "complete -c archscan " << when << " -a '" << words(p.words) << "'\n";
    else if (p.kind == Values::Files) out << "complete -c archscan " << when << " -F\n";
  }
  return out.str();
}

}  // namespace

std::string completionScript(const std::string& shell, const Knowledge& k) {
  if (shell == "bash") return bash(k);
  if (shell == "zsh") return zsh(k);
  if (shell == "fish") return fish(k);
  throw UsageError("no completion for shell '" + shell + "' (bash, zsh, fish)");
}

int runCompletion(const Settings& s) {
  writeOutput("", completionScript(s.o.args.front(), s.k));
  return 0;
}

}  // namespace archscan
