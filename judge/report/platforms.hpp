// judge/report/platforms.hpp: the report as the teaching platforms read it.
//
// GitHub Classroom's grading reporter, PrairieLearn's external grader and CodeGrade's custom
// test each take one document. Each is a function of the Report, with one test per trap worth
// that trap's points, so that every platform shows the judge's own total (docs/report.md,
// "Points"; docs/ci.md, "Platforms").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

/// The runner JSON that GitHub Classroom's graders hand to its grading reporter
/// ({"version": 1, "status", "max_score", "tests": [{name, status, score, message, ...}]}): one
/// test per trap, scored with the trap's points.
nlohmann::json classroom_results(const Report& r);

/// PrairieLearn's external grader results.json: `score` in [0, 1] and one test per trap with its
/// points; `gradable: false` with `format_errors` when nothing could run (no submission, a
/// compile error, a refused file, a judge failure). Kept under 1 MB.
/// With `p`, a failed trap's test carries its pictures as PNG heatmaps in `images` (label, data
/// URL); they are the first thing dropped when the file would pass the limit.
nlohmann::json prairielearn_results(const Report& r, const Problem* p = nullptr);

/// PrairieLearn's limit on results.json, in bytes.
inline constexpr size_t prairielearn_limit = 1000 * 1000;

/// CodeGrade's custom-test line: {"tag": "points", "points": "<score>/<max_score>"}.
nlohmann::json codegrade_points(const Report& r);

}  // namespace judge
