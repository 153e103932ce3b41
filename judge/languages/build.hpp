// judge/languages/build.hpp: the seam for the submission's language (issue #40). Every command that
// judges a student's file (submit, run, heads, grade, validate's templates and accepted
// alternatives, the cross-check) comes in through prepare_submission: the language is chosen once
// (problem/language.hpp), the file is built by that language's row of one table (C++: the Builder;
// Python: the harness and its check), and what comes out is a launch (runs/launch.hpp) that says how
// to start each test. After this, no layer asks which language it has; a report's words take it as
// data (problem/language.hpp's columns).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "compile/builder.hpp"
#include "problem/language.hpp"
#include "problem/spec.hpp"
#include "runs/launch.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// What a language's build gave: the build's log and versions, and, when it succeeded, how to
/// start each test.
struct BuiltProgram {
    BuildResult build;
    LaunchSpec launch;
};

/// A student's file, prepared to run: its language and why, and its build.
struct PreparedSubmission {
    LanguageChoice language;
    BuildResult build;
    LaunchSpec launch;  // when build.ok
};

/// The one way in. Chooses the language of `text` (named `display_name` by the user): `given`
/// (--lang) when set, else the file's first line, else its extension and imports (an InputError
/// naming the file when its first line states a language that cannot be). Writes it into `box`
/// under the language's name and builds it in `sandbox`.
PreparedSubmission prepare_submission(const Problem& p, const std::filesystem::path& box, const std::string& text,
                                      const std::string& display_name, std::optional<Language> given,
                                      const Sandbox& sandbox, Builder& builder);

/// The same with the language already chosen (a report's, say).
PreparedSubmission prepare_submission(const Problem& p, const std::filesystem::path& box, const std::string& text,
                                      const std::string& display_name, const LanguageChoice& language,
                                      const Sandbox& sandbox, Builder& builder);

/// The name a harness's messages give the student's file: the last part of `display_name` as the
/// user gave it ("hw3.py"), or the box's name for it when that part is empty, too long or not plain
/// printable text.
std::string shown_file_name(const std::string& display_name, Language language);

/// The language runtime's versions a kept result of a file named `file_name` depends on, beyond the
/// compiler the Builder keys its cache by: Python's and its libraries' for a .py file ("" otherwise).
std::string runtime_versions(const std::string& file_name);

/// The names a submission's file may have in a student's folder: solution.cpp, solution.py.
std::vector<std::string> submission_file_names();

}  // namespace judge
