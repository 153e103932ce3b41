// judge/report/formats.hpp: the report in the formats CI systems and LMSs read.
//
// Both work from the JSON report (render_json), so that `judge submit --format ...` and
// `judge grade` write exactly the same documents.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "problem/spec.hpp"

namespace judge {

/// A trap's status in a JSON report: "passed", "failed" or "blocked" (reports written before
/// traps[].status existed say only "passed").
std::string trap_status(const nlohmann::json& trap);

/// One trap's diagnosis as plain text, from the JSON report: "passed"; "not assessed until X
/// passes"; or the test that speaks for it (a sample one first), the misconception, a compact
/// counterexample, the rerun command and the hint. Gradescope's output and JUnit's failure body.
std::string trap_diagnosis(const nlohmann::json& report, const nlohmann::json& trap);

/// Gradescope's autograder results.json: one test per trap, worth the points of that trap's tests.
nlohmann::json gradescope_results(const Problem& p, const nlohmann::json& report, long seconds);

struct JunitCounts {
    size_t tests = 0, failures = 0, errors = 0;
};

/// One <testsuite> for one student: a <testcase> per trap. A wrong answer is a <failure>; a compile,
/// runtime or limit error (and a missing submission) is an <error>. Adds to `total`.
std::string render_junit_suite(const std::string& name, const nlohmann::json& report, JunitCounts& total);

/// The whole junit.xml around the given suites.
std::string render_junit_document(const std::string& name, const std::string& suites, const JunitCounts& total);

/// Escapes text for XML attributes and content, dropping the control characters XML 1.0 forbids.
std::string xml_escape(const std::string& s);

}  // namespace judge
