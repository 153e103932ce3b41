// The kill matrix: every seeded bug built and run on every test, and what that says of the traps.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "authoring/units.hpp"
#include "traps/seeded_bugs.hpp"
#include "util/parallel.hpp"
#include "util/text.hpp"

namespace judge::validation_units {

namespace {

// A bug's lines: its misconception's form, then whether it builds and which tests catch it.
void judge_bug(const Problem& p, const SeededBug& bug, size_t b, const BuildResult& build, const Report& report,
               BugResult& row) {
    Diagnostics d;
    const std::string label = fmt::format("{:>2}. {} [{}]", b + 1, bug.name, bug.trap);
    std::vector<std::string> texts = {bug.misconception};
    for (const auto& [variant, text] : bug.misconception_in) texts.push_back(text);  // each language's form too
    for (const std::string& text : texts)
        if (const std::string form = misconception_form_problem(text); !form.empty())
            d.error(fmt::format("{}: the misconception \"{}\" does not fit the sentence the student reads: {}",
                                course_path(p, bug.path), text, form));
    row.killed.assign(p.tests.size(), false);
    if (!build.ok) {
        d.error(label + ": " + course_path(p, bug.path) + " does not compile:\n" + build.log);
        row.findings = std::move(d.findings);
        return;
    }
    row.built = true;
    int on_trap = 0;
    for (size_t t = 0; t < report.tests.size(); ++t) {
        const TestOutcome& o = report.tests[t];
        row.killed[t] = !o.passed();
        if (o.passed()) continue;
        row.caught_by.push_back(o.id);
        on_trap += o.trap == bug.trap ? 1 : 0;
    }
    row.traps = bug_traps(p, row.killed);
    const int killed = static_cast<int>(row.caught_by.size());
    if (killed == 0) {
        d.error(label + ": no test catches this seeded bug");
    } else if (on_trap == 0) {
        d.error(fmt::format("{}: caught by {}, but none of trap {}", label, count_words(killed, "test", "tests"),
                            bug.trap));
    } else {
        const bool alone = row.traps.failed == std::vector<std::string>{bug.trap};
        std::string line = fmt::format("{}: caught by {}, {} of them {}; fails {} trap{}, blocks {}", label,
                                       count_words(killed, "test", "tests"), on_trap, bug.trap, row.traps.failed.size(),
                                       row.traps.failed.size() == 1 ? "" : "s", row.traps.blocked.size());
        alone ? d.ok(std::move(line)) : d.note(std::move(line));
    }
    row.findings = std::move(d.findings);
}

}  // namespace

std::vector<BugResult> run_bug_matrix(const Problem& p, Judge& judge) {
    TrustedRuns& trusted = judge.trusted();
    const std::vector<SeededBug>& bugs = trusted.bugs();
    spdlog::info("building {} seeded bugs", bugs.size());
    const std::vector<BuildResult> builds = trusted.build_every_bug();
    std::vector<Report> reports(bugs.size());
    parallel_for(bugs.size(), 2, [&](size_t b) {
        if (builds[b].ok) reports[b] = judge.judge_trusted(builds[b].exe);
    });
    std::vector<BugResult> rows(bugs.size());
    for (size_t b = 0; b < bugs.size(); ++b) {
        rows[b].id = bugs[b].name;
        rows[b].trap = bugs[b].trap;
        judge_bug(p, bugs[b], b, builds[b], reports[b], rows[b]);
    }
    return rows;
}

std::vector<Finding> lint_bug_matrix(const Problem& p, Judge& judge, const std::vector<BugResult>& rows) {
    // The matrix lint needs every bug's run of every test (cached by the runs above).
    TrustedRuns& trusted = judge.trusted();
    const std::vector<SeededBug>& bugs = trusted.bugs();
    std::vector<BugEvidence> evidence;
    for (size_t b = 0; b < bugs.size(); ++b) evidence.push_back({&bugs[b], {}, rows[b].killed});
    for (size_t t = 0; t < p.tests.size(); ++t) {
        const std::vector<const TestRun*> runs = trusted.bug_runs(t);
        for (size_t b = 0; b < bugs.size(); ++b) evidence[b].runs.push_back(runs[b]);
    }
    Diagnostics d;
    for (const LintWarning& w : lint_bugs(p, evidence)) d.lint(w);
    return d.findings;
}

}  // namespace judge::validation_units
