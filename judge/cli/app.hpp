// judge/cli/app.hpp: the command line, parsed with CLI11.
#pragma once

namespace judge {

/// The documented exit codes.
enum class ExitCode : int { ok = 0, not_passed = 1, bad_input = 2, judge_error = 3 };

/// The process exit status of `c`.
constexpr int code(ExitCode c) { return static_cast<int>(c); }

/// Parses argv, runs the chosen command and returns the documented exit code. Throws InputError
/// (exit 2) or JudgeFailure (exit 3); main turns those into "judge: error: ..." lines.
int run_cli(int argc, char** argv);

}  // namespace judge
