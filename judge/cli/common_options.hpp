// judge/cli/common_options.hpp: the options several subcommands share, written once: the grading
// seed (--seed, --seed-from-env) and the file's language (--lang).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace judge {

/// --seed N and --seed-from-env VAR, which exclude each other. `what` says what the seed draws.
void add_seed(CLI::App* cmd, uint64_t& seed, std::optional<std::string>& env, const std::string& what);

/// --roster FILE and --export LMS FILE, as grade and merge have them (grade/roster.hpp,
/// grade/lms_export.hpp).
struct RosterOptions {
    std::optional<std::string> roster;
    std::vector<std::string> export_to;  // {LMS, FILE}, or empty
};
void add_roster(CLI::App* cmd, RosterOptions& o, const std::string& roster_what);

/// --lang, as every command that takes a submission's file has it (problem/language.hpp).
void add_lang(CLI::App* cmd, std::optional<std::string>& lang);

}  // namespace judge
