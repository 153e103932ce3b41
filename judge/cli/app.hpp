// judge/cli/app.hpp: the command line, parsed with CLI11.
#pragma once

namespace judge {

/// Parses argv, runs the chosen command and returns the documented exit code. Throws InputError
/// (exit 2) or JudgeFailure (exit 3); main turns those into "judge: error: ..." lines.
int run_cli(int argc, char** argv);

}  // namespace judge
