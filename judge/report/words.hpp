// judge/report/words.hpp: what every format of the report says alike. Each format file
// (formats, platforms, html, render, report_json) includes this, never another format's file.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

/// One trap's diagnosis as plain text: "passed"; "not assessed until X passes"; or the test that
/// speaks for it (speaker), the misconception, a compact counterexample, the rerun command and
/// the hint. Gradescope's output and JUnit's failure body. Without `misconception_and_hint`, the
/// two lines the lead already says of the trap to fix first (lead.hpp) are left out.
std::string trap_diagnosis(const Report& r, const TrapOutcome& trap, bool misconception_and_hint = true);

/// The words a platform shows above the tests: "<problem>: <verdict>, S/M points", the trap to
/// fix first and, when its failure looks like its mistake, the hint.
std::string summary_words(const Report& r);

/// The PNG heatmaps of the test that speaks for failed trap `trap` (at most `most`), each with its
/// label; none when the trap passed or was blocked, or its test has no picture.
std::vector<std::pair<std::string, std::string>> trap_pngs(const Report& r, const TrapOutcome& trap, const Problem& p,
                                                           size_t most);

/// Escapes text for XML attributes and content, dropping the control characters XML 1.0 forbids.
std::string xml_escape(const std::string& s);

/// Escapes text for HTML content and attributes.
std::string html_escape(const std::string& s);

/// Standard base64 (RFC 4648, with padding), on one line: how the reporter reads
/// `<RUNNER>_RESULTS`.
std::string base64(const std::string& bytes);

}  // namespace judge
