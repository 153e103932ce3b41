// judge/cli/submission_file.hpp: a command's --file, prepared and run once (`judge run`, `judge
// heads`): the same way in as `submit`'s (languages/build.hpp), with the command's own errors.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "compile/builder.hpp"
#include "languages/build.hpp"
#include "problem/spec.hpp"
#include "runs/program_run.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// prepare_submission for `file` (its text, already read), with --lang `lang`. A file that does not
/// build prints the build's log on stderr, under the user's name for it, and is an InputError.
PreparedSubmission prepared_or_error(const Problem& p, const std::filesystem::path& box, const std::string& text,
                                     const std::string& file, const std::optional<std::string>& lang,
                                     const Sandbox& sandbox, Builder& builder);

/// Runs one test of a prepared submission on the inputs in `in_dir`, writing into box/out, in
/// `sandbox`, through a launcher of its own.
TestRun run_one_test(const Problem& p, const LaunchSpec& launch, const FunctionSpec& fn,
                     const std::filesystem::path& in_dir, const std::filesystem::path& box, const Sandbox& sandbox);

}  // namespace judge
