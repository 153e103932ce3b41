// judge/report/formats.hpp: the report in the formats CI systems and LMSs read.
//
// Each is a function of the Report, so that `judge submit --format ...`, `judge grade` and
// `judge merge` (which read reports back through report_from_json) write exactly the same
// documents. docs/authoring.md's "Adding a report format" says where a new one goes.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

/// Gradescope's autograder results.json: one test per trap, worth the points of that trap's tests.
/// A trap with a test withheld until after the due date, and every trap that comes after one, is
/// "after_due_date" whole. With `pictures`, a failed trap whose test has pictures
/// (report/pictures.hpp) gets them as PNG heatmaps in an html output (output_format "html"), its
/// diagnosis in a <pre> above them.
nlohmann::json gradescope_results(const Report& r, long seconds, const Problem& p, bool pictures);

struct JunitCounts {
    size_t tests = 0, failures = 0, errors = 0, skipped = 0;
};

/// One <testsuite> for one student: a <testcase> per trap. A wrong answer is a <failure>; a compile,
/// runtime or limit error (and a missing submission) is an <error>; a blocked trap is <skipped>.
/// Each case's <system-out> says "points: K/N", and the suite's properties its score. Adds to `total`.
std::string render_junit_suite(const std::string& name, const Report& r, JunitCounts& total);

/// The whole junit.xml around the given suites.
std::string render_junit_document(const std::string& name, const std::string& suites, const JunitCounts& total);

}  // namespace judge
