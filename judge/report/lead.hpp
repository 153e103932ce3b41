// judge/report/lead.hpp: what a report leads with, said once for every format (issue #41): a
// limit the submission hit, said as what it is, before any trap; then the trap to fix first, in
// the function whose output failed, and its hint (or what the trap checks); and the test the
// verdict line names, only one the report shows.
#pragma once

#include <string>
#include <vector>

#include "report/report.hpp"

namespace judge {

/// The first test that hit the limit the verdict names (time, memory or output), or nullptr. A
/// limit is no trap's mistake: a report says it before any trap.
const TestOutcome* limit_test(const Report& r);

/// One line a report leads with: its label ("Time limit", "Fix first", "hint", "this trap
/// checks") and its text. `under` marks the line that belongs to the one before (the hint).
struct LeadLine {
    std::string label;
    std::string text;
    bool under = false;
};

/// The lines every format leads with: the limit hit, when one was; that the output changes from
/// run to run, when a test's did (and then nothing more); else what to fix first, unless that is
/// the limit (its trap's failing test is the one that hit it), and the trap's hint under it.
std::vector<LeadLine> lead_lines(const Report& r);

/// The function a report's test ran, as the report names it: " in split_heads" when the report's
/// tests call more than one function, else "".
std::string in_function(const Report& r, const TestOutcome& t);

/// The failing tests of failed trap `trap` that the report shows, the one that speaks for it
/// first (speaker), then up to three others that failed otherwise than by a wrong answer.
std::vector<const TestOutcome*> shown_tests(const Report& r, const TrapOutcome& trap);

/// The test the verdict line names ("runtime_error (test axis_hidden)"): the first test with the
/// report's verdict that the report shows, when the verdict is neither accepted nor a wrong answer,
/// and something ran; nullptr otherwise.
const TestOutcome* verdict_test(const Report& r);

/// When no test the report shows gives the verdict (every one of them is in a trap not assessed
/// yet), the one whose words the report adds at its end: the first sample test with the verdict,
/// else the first hidden one; nullptr when verdict_test names one, or the verdict needs none.
const TestOutcome* unshown_verdict_test(const Report& r);

}  // namespace judge
