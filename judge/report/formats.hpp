// judge/report/formats.hpp: the report in the formats CI systems and LMSs read.
//
// Each is a function of the Report, so that `judge submit --format ...`, `judge grade` and
// `judge merge` (which read reports back through report_from_json) write exactly the same
// documents. docs/authoring.md's "Adding a report format" says where a new one goes.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

/// One trap's diagnosis as plain text: "passed"; "not assessed until X passes"; or the test that
/// speaks for it (speaker), the misconception, a compact counterexample, the rerun command and
/// the hint. Gradescope's output and JUnit's failure body.
std::string trap_diagnosis(const Report& r, const TrapOutcome& trap);

/// The words a platform shows above the tests: "<problem>: <verdict>, S/M points", the trap to
/// fix first and, when its failure looks like its mistake, the hint.
std::string summary_words(const Report& r);

/// Gradescope's autograder results.json: one test per trap, worth the points of that trap's tests.
/// With `p`, a failed trap whose test has pictures (report/pictures.hpp) gets them as PNG heatmaps
/// in an html output (output_format "html"), its diagnosis in a <pre> above them.
nlohmann::json gradescope_results(const Report& r, long seconds, const Problem* p = nullptr);

/// The PNG heatmaps of the test that speaks for failed trap `trap` (at most `most`), each with its
/// label; none when the trap passed or was blocked, or its test has no picture.
std::vector<std::pair<std::string, std::string>> trap_pngs(const Report& r, const TrapOutcome& trap, const Problem& p,
                                                           size_t most);

struct JunitCounts {
    size_t tests = 0, failures = 0, errors = 0, skipped = 0;
};

/// One <testsuite> for one student: a <testcase> per trap. A wrong answer is a <failure>; a compile,
/// runtime or limit error (and a missing submission) is an <error>; a blocked trap is <skipped>.
/// Each case's <system-out> says "points: K/N", and the suite's properties its score. Adds to `total`.
std::string render_junit_suite(const std::string& name, const Report& r, JunitCounts& total);

/// The whole junit.xml around the given suites.
std::string render_junit_document(const std::string& name, const std::string& suites, const JunitCounts& total);

/// Escapes text for XML attributes and content, dropping the control characters XML 1.0 forbids.
std::string xml_escape(const std::string& s);

}  // namespace judge
