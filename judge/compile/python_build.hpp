// judge/compile/python_build.hpp: Python submissions (docs/python.md). A `.py` file is judged
// with NumPy or PyTorch; its "build" puts the harness (harness/python_server.py), the spec's
// function table and the file into the box, and checks the file there without running it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "compile/builder.hpp"
#include "problem/spec.hpp"
#include "process/runner.hpp"

namespace judge {

/// The language of a submission: the judge's C++ tensor API, or Python with one of two libraries.
enum class Language { cpp, numpy, torch };

/// "cpp", "numpy" or "torch", as `--lang` takes them.
std::string_view language_name(Language l);

/// The language named `name` ("cpp", "numpy", "torch"), or nullopt.
std::optional<Language> parse_language(std::string_view name);

/// A file named `*.py` is Python: torch when it imports torch, NumPy otherwise; anything else is C++.
Language detect_language(const std::string& file_name, const std::string& text);

/// "PyTorch" or "NumPy" (or "C++"), as messages name a language.
std::string_view language_words(Language l);

/// The student template of a problem in `language` (torch or numpy): solution.py (PyTorch) or
/// solution_numpy.py beside the C++ template. It may not exist: a problem ships the ones that fit.
std::filesystem::path python_template(const Problem& p, Language language);

/// The interpreter every Python submission runs with: Debian's, which has python3-numpy and
/// python3-torch (not whatever python3 comes first in PATH).
inline constexpr const char* python_interpreter = "/usr/bin/python3";

/// Where a Python box keeps its harness: box/python/{server.py,table.json}, and box/solution.py.
struct PythonBox {
    std::filesystem::path server, table, solution;
    Language language = Language::torch;
};

/// The box's Python harness when the box holds one (written by build_python_submission).
std::optional<PythonBox> python_box(const std::filesystem::path& box);

/// The spec's functions as the Python harness reads them (JSON): for each function, its
/// parameters and outputs with their types' Python readers (problem/types.hpp), and whether it
/// returns one value or a tuple.
std::string python_table(const Problem& p);

/// Writes the harness beside box/solution.py, then checks the file in `sandbox` without running it:
/// a syntax error or a missing function is a failed build, with the interpreter's words. On
/// success, `runtime` holds the versions ("Python 3.11.2, torch 1.13.1, NumPy 1.24.2").
BuildResult build_python_submission(const Problem& p, const std::filesystem::path& box, const Runner& sandbox,
                                    Language language);

/// The address space a Python test may use on top of what the interpreter has mapped: the
/// problem's memory_mb. `validate` warns below this many MB (torch's own working set).
inline constexpr int python_min_memory_mb = 256;

/// The versions of Python, NumPy and torch on this machine (JSON, from the harness's `versions`
/// mode, run once per judge without importing the libraries): part of the key of every result of a
/// Python submission that is kept (grade's reports).
std::string python_versions();

}  // namespace judge
