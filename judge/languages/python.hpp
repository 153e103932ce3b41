// judge/languages/python.hpp: Python submissions (docs/python.md). A `.py` file is judged
// with NumPy or PyTorch; its "build" puts the harness (harness/python_server.py), the spec's
// function table and the file into the box, and checks the file there without running it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "languages/build.hpp"
#include "problem/language.hpp"
#include "problem/spec.hpp"

namespace judge {

/// The interpreter every Python submission runs with: Debian's, which has python3-numpy and
/// python3-torch (not whatever python3 comes first in PATH).
inline constexpr const char* python_interpreter = "/usr/bin/python3";

/// The spec's functions as the Python harness reads them (JSON): for each function, its
/// parameters and outputs with their types' Python readers (problem/types.hpp), and whether it
/// returns one value or a tuple.
/// `shown_name` is the name the harness's messages give the student's file ("hw3.py").
std::string python_table(const Problem& p, const std::string& shown_name = "solution.py");

/// Writes the harness beside box/solution.py, then checks the file in `sandbox` without running it:
/// a syntax error or a missing function is a failed build, with the interpreter's words. On
/// success, `runtime` holds the versions ("Python 3.11.2, torch 1.13.1, NumPy 1.24.2").
/// The launch is a fork server that imports the language's library (runs/launch.hpp).
BuiltProgram build_python(const Problem& p, const std::filesystem::path& box, const Sandbox& sandbox, Builder& builder,
                          Language language, const std::string& shown_name);

/// The versions of Python, NumPy and torch on this machine (JSON, from the harness's `versions`
/// mode, run once per judge without importing the libraries): part of the key of every result of a
/// Python submission that is kept (grade's reports).
std::string python_versions();

/// A Python function's parameters with their types, those of one type in a row together:
/// "queries, keys, values: float32 tensor; num_heads: int" (languages/python_template.cpp).
std::string python_parameter_words(const FunctionSpec& f);

/// What it returns: "lens: int64 tensor", or "(output, weights) as a tuple; output, weights: float32
/// tensor".
std::string python_return_words(const FunctionSpec& f);

/// A stub of each of `p`'s functions in `lang` (a Python row), as `judge template` prints it: a
/// first line that names the library, a docstring with each parameter's and output's type, and a
/// NotImplementedError. It loads, and every test rejects it.
std::string python_template(const Problem& p, const LanguageInfo& lang);

}  // namespace judge
