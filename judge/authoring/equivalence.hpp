// judge/authoring/equivalence.hpp: which mutants a spec's `equivalent_mutants` declare (issue #24).
// An id is positional, "<operator>:<line>:<column>[:<variant>]"; an entry with "line" (the text of
// the mutated line) is found again by that text when the line moves, and reported when it changes.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "authoring/lint.hpp"
#include "authoring/mutants.hpp"
#include "problem/spec.hpp"

namespace judge {

struct EquivalenceMatch {
    std::map<std::string, std::string> reason_of;  // a current mutant id, the spec's reason
    std::vector<LintWarning> findings;             // entries that match nothing, changed or moved lines
};

/// Matches `declared` against the mutants of the reference (`file`, as shown in messages).
EquivalenceMatch match_equivalent(const std::vector<Mutant>& mutants, const std::vector<EquivalentMutant>& declared,
                                  const std::string& file);

}  // namespace judge
