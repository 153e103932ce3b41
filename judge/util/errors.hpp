// judge/util/errors.hpp: the two kinds of failure that are exceptions in the judge.
//
// A student's failure is never an exception: it is data in the report. What remains is bad input
// from a user or instructor (exit code 2) and a failure of the judge or its environment (exit 3).
#pragma once

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

/// The documented exit codes.
enum class ExitCode : int { ok = 0, not_passed = 1, bad_input = 2, judge_error = 3 };

}  // namespace judge
