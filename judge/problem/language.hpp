// judge/problem/language.hpp: the languages a submission may be written in, as one table (issue
// #40). Every fact that differs between C++, NumPy and PyTorch is a column here: the name `--lang`
// takes, the words a report uses, the file the box holds, the template's name, the Python library
// the harness imports, and how an exception is named and said. Code elsewhere reads a row; it does
// not ask which language it has. A fourth language is a row here, and a build in languages/.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <filesystem>
#include <map>

#include "problem/spec.hpp"
#include "problem/types.hpp"

namespace judge {

/// The language of a submission: the judge's C++ tensor API, or Python with one of two libraries.
enum class Language { cpp, numpy, torch };

struct LanguageInfo {
    Language id;
    std::string_view name;           // "torch": as --lang, the first-line comment and the JSON report say it
    std::string_view words;          // "PyTorch": as messages name it
    std::string_view extension;      // ".py": a file of this extension is of this language or a sibling row's
    std::string_view box_file;       // "solution.py": the submission's name in the box
    std::string_view template_file;  // "solution.py": the student template, beside problem.json's template
    std::string_view library;        // "torch": what the Python harness imports ("" for C++)
    std::string_view threw;          // "raised": "split_heads raised ValueError"
    std::string_view throws;         // "raises": "the reference raises ValueError on these inputs"
    std::string_view to_throw;       // "raise": "expected it to raise ValueError"
    // The exception table's column with this language's name of each type, and what goes before it.
    std::string_view ExceptionInfo::*exception_column;
    std::string_view exception_prefix;  // "std::" for C++
    std::string_view builds;            // "compiles" ("loads" for Python: it is checked, not compiled)
    std::string_view fails_to_build;    // "does not compile"
    std::string_view tool;              // "the compiler": whose words a failed build's log holds
    std::string_view failed_heading;    // "Compilation failed.": a report's first words on a failed build
    std::string_view log_by;            // "The compiler said:": before the build's log
    // The least limits.memory_mb a test in this language can run in: a Python test's address space
    // comes on top of the interpreter's, and torch's own working set is about 250 MB (0: no floor).
    int min_memory_mb;
    std::string_view memory_why;  // "torch's own working set"
    // Which of a text's language forms this language reads ("python": a trap's hint_python, a seeded
    // bug's `// misconception_python:`); "": the text as written, which speaks C++.
    std::string_view text_variant;
    // A generated template's (judge template): what a float32 tensor argument is ("a torch.Tensor"),
    // and the line that imports the library ("import torch  # noqa: F401"); "" for C++.
    std::string_view tensor_type;
    std::string_view import_line;
};

/// Every row, in --lang's order: cpp, numpy, torch.
const std::vector<LanguageInfo>& languages();

const LanguageInfo& language_info(Language l);

/// "cpp", "numpy" or "torch".
std::string_view language_name(Language l);

/// "C++", "NumPy" or "PyTorch".
std::string_view language_words(Language l);

/// The language named `name`, or nullopt.
std::optional<Language> parse_language(std::string_view name);

/// "cpp, numpy or torch".
std::string language_names();

/// How `l` names the spec's exception type: "std::invalid_argument" in C++, "ValueError" in
/// Python; a type Python has no class for keeps the spec's C++ name.
std::string exception_name(Language l, std::string_view spec_type);

/// Whether another language shares `l`'s extension, so that a report says which one it chose.
bool shares_extension(Language l);

/// The language a file is judged in, and why, in words a report shows ("it imports torch on line 3").
struct LanguageChoice {
    Language language = Language::cpp;
    std::string reason;
};

/// The first line's statement of the language, as a file may give it (docs/python.md):
/// `# judge: numpy` (or torch) in a .py file. An InputError naming the file when the line names
/// a language of another extension, or none the judge knows.
std::optional<Language> stated_language(const std::string& file_name, const std::string& text);

/// The language of a file named `file_name` holding `text`: `given` (--lang) when set, else the
/// first line's statement, else by the extension; a .py file is PyTorch when it imports torch
/// (anywhere but under `if __name__ == "__main__":`, which the judge never runs), NumPy otherwise.
LanguageChoice choose_language(const std::string& file_name, const std::string& text,
                               std::optional<Language> given = {});

/// A text in `l`'s words: its form for the language's text variant when `forms` has one, else `text`
/// (a trap's hint: `text_in(l, trap.hint_in, trap.hint)`).
const std::string& text_in(Language l, const std::map<std::string, std::string>& forms, const std::string& text);

/// The student template of `p` in `l`, beside problem.json's own (solution.cpp): solution.py for
/// PyTorch, solution_numpy.py for NumPy. It may not exist: a problem ships the ones that fit.
std::filesystem::path language_template(const Problem& p, Language l);

}  // namespace judge
