// judge/authoring/mutants.hpp: mutants of a reference solution, to measure how adequate a problem's
// tests are (`judge validate --mutants`, issue #10). Each mutant changes one line of the source
// with one operator suited to tensor code:
//   int        ±1 on an integer literal (also changes a dimension or an axis constant)
//   compare    < <-> <=, > <-> >=
//   arith      + <-> -, * <-> /
//   drop       drops a factor or a divisor (" / std::sqrt(d)", " * scale")
//   swap_args  swaps two adjacent arguments of a call
//   swap_vars  uses another local variable of the same declared type
//   delete     deletes a statement
// A mutant's id is "<operator>:<line>:<column>[:<variant>]", stable while the reference does not
// change; a problem may declare ids as equivalent (the same behaviour as the reference), with a
// reason, in its spec.
#pragma once

#include <string>
#include <vector>

namespace judge {

struct Mutant {
    std::string id;
    int line = 0;        // 1-based
    std::string before;  // the line as it was
    std::string after;   // the line as the mutant has it ("" when deleted)
    std::string source;  // the whole mutated source
    bool deleted = false;

    /// A unified diff of the one changed line.
    std::string diff(const std::string& file) const;
};

/// Every mutant of `source`, in source order. Comments, string literals, preprocessor lines and
/// what follows a `throw` (the message, which the judge does not compare) are never mutated.
std::vector<Mutant> make_mutants(const std::string& source);

}  // namespace judge
