// judge/cli/output.hpp: terminal conventions shared by every command.
#pragma once

#include <filesystem>
#include <string>

#include "report/style.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// True when stdout is a terminal and NO_COLOR is unset: only then do we print colour.
bool use_colour();

/// True when stdout is a terminal (whatever NO_COLOR says).
bool stdout_is_terminal();

/// The style of stdout: colour only on a terminal without NO_COLOR.
Style terminal_style();

/// Wraps `text` in an ANSI colour (green, red, yellow, bold, dim) when stdout gets colour.
std::string paint(const std::string& text, const char* colour);

/// Prints `sandbox`'s warning, when it has one, on stderr whatever -q says: running without
/// isolation is never a detail.
void warn_if_not_isolated(const Sandbox& sandbox);

/// As warn_if_not_isolated, and under a secret (`secret_env`, the variable named by
/// --seed-from-env; "" for none) refuses, with a JudgeFailure saying what the host must allow, a
/// tier that cannot keep it: the fallback tier as another user than root, where a submission runs
/// as the judge's own user and could read the judge's environment, the cache and the course. As
/// root there, it warns when the problem's `reference` is readable by any user (the boxes' uids).
void check_isolation(const Sandbox& sandbox, const std::string& secret_env, const std::filesystem::path& reference);

/// Sets spdlog's level from -v / -q counts; logs go to stderr, never stdout.
void configure_logging(int verbose, bool quiet);

}  // namespace judge
