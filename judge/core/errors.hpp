// judge/core/errors.hpp: the two kinds of failure that are exceptions in the judge.
//
// A student's failure is never an exception: it is data in the report. What remains is bad input
// from a user or instructor (exit code 2) and a failure of the judge or its environment (exit 3).
// Low-level code (util/) throws neutral errors; the code that knows whose file it read turns them
// into one of these.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace judge {

/// Bad input from a user or instructor: a spec, a path, a flag. The message names the file and field.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The judge itself, or the machine under it, failed (a compiler missing, a disk full, ...).
struct JudgeFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The content of a file that a user or instructor named (a spec, a solution, a statement): a file
/// that cannot be read is their InputError, naming the path.
std::string read_input_file(const std::filesystem::path& path);

}  // namespace judge
