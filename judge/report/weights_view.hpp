// judge/report/weights_view.hpp: an output a test's inputs make equal to the attention weights
// (TestSpec::weights), seen as weights for its pictures: its last two axes query by key, and with
// TestSpec::weights_heads its last axis split into the heads, a panel per head (issue #64).
#pragma once

#include <optional>

#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

struct WeightsView {
    OutputSpec output;      // its axes named (..., query, key), or (..., head, query, key)
    Counterexample values;  // the values, the output's split into heads when there are several
};

/// The view of output `out` of `test` on `c` (the test's own values), or nullopt when the test
/// names no weights there, or its heads do not divide the output's last axis.
std::optional<WeightsView> weights_view(const TestSpec& test, const OutputSpec& out, const Counterexample& c);

}  // namespace judge
