// judge/traps/trap_report.hpp: from test outcomes to the per-trap report.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

/// The report of a submission's test outcomes: a trap passes when all its tests pass, and speaks
/// through its first failing test; the verdict is the worst of the tests', the score their sum.
Report assemble_report(const Problem& p, uint64_t seed, std::vector<TestOutcome> tests);

/// For each trap (by index), the traps it comes after: its traps[].after, followed through.
std::vector<std::set<size_t>> traps_before(const Problem& p);

/// Marks each failed trap that comes after a trap that did not pass (spec: traps[].after, followed
/// through) as blocked, by the failed traps among those it comes after.
void block_dependents(const Problem& p, std::vector<TrapOutcome>& traps);

/// The report of a submission that was refused before it was compiled (a link, not a regular
/// file): every trap and every test fails with `why`.
Report invalid_submission_report(const Problem& p, uint64_t seed, const std::string& why);

/// The report of a submission on which the judge itself failed (`why`): every trap and every test
/// is a judge_error, so that the other students can still be graded.
Report judge_error_report(const Problem& p, uint64_t seed, const std::string& why);

/// The report of a submission that did not compile: every trap and every test fails for that
/// reason, and the report carries the compiler's words.
Report compile_error_report(const Problem& p, uint64_t seed, const std::string& log);

/// The report of a student who submitted nothing (judge grade): every trap fails with "no
/// submission", no test is listed, and the score is 0.
Report missing_report(const Problem& p, uint64_t seed, const std::string& why = "");

}  // namespace judge
