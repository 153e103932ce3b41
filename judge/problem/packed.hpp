// judge/problem/packed.hpp: a problem's spec as a student pack holds it (issue #19).
//
// The packed spec is the full spec with every test written out explicitly (test_defaults and cases
// expanded, every generator with its seed), and with no inputs for a hidden test: those are stored
// as arrays in the pack's data, which the report never prints, and fill the hidden tests' inputs
// back as given values when the pack is loaded. A hidden test keeps its id, function, trap, points,
// visibility and checks; not its description, which the report never shows either.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "judge/protocol/npy.hpp"
#include "problem/spec.hpp"

namespace judge {

/// `p` as students may see it now: without its after_due_date tests (counted in `withheld`), and
/// without the traps left with no test; `release` keeps everything (grading after the due date).
Problem released(const Problem& p, bool release);

/// The spec text of `p` for a pack: "packed": true, tests explicit, hidden tests without inputs.
std::string packed_spec_text(const Problem& p);

/// One hidden input as the pack stores it: the array, and for a traced arange tensor its start
/// and step (a diagnosis names source positions with them).
struct PackedInput {
    npy::Array array;
    std::optional<std::pair<double, double>> arange;
};

/// Sets the inputs of hidden test `t` of a packed problem from its stored arrays, by parameter.
/// Throws InputError naming `where` when one is missing or of the wrong type.
void fill_packed_inputs(Problem& p, size_t t, const std::map<std::string, PackedInput>& inputs,
                        const std::string& where);

}  // namespace judge
