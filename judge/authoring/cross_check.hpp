// judge/authoring/cross_check.hpp: `judge validate --cross-check` (issue #26), PyTorch as a
// differential oracle. The problem's Python reference (reference/<p>/solution.py) runs beside the C++
// reference on every test and every small input the counterexample search may try, in the box, as
// a submission does; so does reference/<p>/builtin.py when there is one: the same functions (or
// some of them) through PyTorch's own modules (torch.nn.MultiheadAttention, ...), which raises
// NotImplementedError on a case its module does not cover. Every output is compared element by
// element, and the largest difference is reported against the test's tolerance. The C++ reference
// stays the oracle of every verdict: this checks the translations, and the C++ against PyTorch.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "compile/builder.hpp"
#include "pipeline/answer_key.hpp"
#include "problem/spec.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// One Python file run beside the C++ reference.
struct CrossCheck {
    std::string file;                          // as validate names it: reference/<p>/solution.py
    bool builtin = false;                      // builtin.py: PyTorch's own modules, which may cover only some cases
    std::string runtime;                       // "Python 3.11.2, torch 1.13.1, NumPy 1.24.2"
    std::string build_error;                   // it could not be loaded (the interpreter's words); nothing ran
    size_t tests = 0, small = 0;               // the cases run: tests, and small inputs (under their seeds)
    size_t compared = 0;                       // cases whose results were compared
    size_t not_covered = 0;                    // builtin.py raised NotImplementedError, or the C++ reference raised
    std::vector<std::string> why_not_covered;  // why, each reason once: builtin.py's NotImplementedError messages
    double largest = 0.0;                      // the largest |python - c++| of a float output
    double fraction = 0.0;                     // the largest |python - c++| / (atol + rtol |c++|)
    std::string where;                         // where the largest fraction is: "test t, output o[i, j]"
    std::vector<std::string> mismatches;       // cases where they disagree, each a sentence
    bool ok() const { return build_error.empty() && mismatches.empty(); }
};

/// The Python files --cross-check runs for `p`: solution.py, and builtin.py when it exists.
std::vector<std::filesystem::path> cross_check_files(const Problem& p);

/// Runs `file` on every test and small input of `p` (those of the functions it defines) in
/// `sandbox`, and compares each result with the C++ reference's through `key` (seed 0, as validate).
CrossCheck cross_check(const Problem& p, const std::filesystem::path& file, bool builtin, AnswerKey& key,
                       Builder& builder, const Sandbox& sandbox);

}  // namespace judge
