// validate --seeds N: what the problem proves at the spec's own inputs, proved again under N
// grading seeds (issue #38). A seed redraws every test (problem/redraw.hpp); a test whose isolation
// holds only for one draw would give a student graded with a secret seed a wrong verdict or a wrong name.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <deque>
#include <memory>

#include "authoring/units.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "languages/build.hpp"
#include "traps/evaluate.hpp"
#include "traps/seeded_bugs.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"
#include "util/text.hpp"

namespace judge::validation_units {

namespace {

// A test's failure under a seed, as the instructor reproduces it: the seed, the test, its inputs.
std::string failed_test_line(const Problem& p, const std::string& who, uint64_t seed, const TestOutcome& t) {
    for (const TestSpec& ts : p.tests)
        if (ts.id == t.id)
            return fmt::format("under grading seed {}, {} fails test {} [{}] ({}): {}", seed, who, t.id, t.trap,
                               summarize_inputs(p.function(ts.function), ts), t.message);
    return fmt::format("under grading seed {}, {} fails test {}: {}", seed, who, t.id, t.message);
}

// Judges the trusted program `exe` under `judge`'s seed: an error per test it fails.
bool passes_all(const Problem& p, const Report& r, const std::string& who, uint64_t seed, Diagnostics& d) {
    for (const TestOutcome& t : r.tests)
        if (!t.passed()) d.error(failed_test_line(p, who, seed, t));
    return r.verdict == Verdict::accepted;
}

// What a student with exactly this bug would be told wrongly, or "" when the report names it: its
// trap comes first in "Fix first" and its failures there are this bug's.
std::string misnamed(const Report& r, const SeededBug& bug) {
    const TrapOutcome* first = r.first_fix();
    if (first == nullptr || first->id != bug.trap)
        return fmt::format("\"Fix first\" names {}", first == nullptr ? "no trap" : "trap " + first->id);
    for (const TestOutcome& t : r.tests) {
        if (t.passed() || t.trap != bug.trap || t.misconception_bug == bug.name) continue;
        return t.misconception_bug.empty() ? fmt::format("test {} names no misconception", t.id)
                                           : fmt::format("test {} names seeded bug {}", t.id, t.misconception_bug);
    }
    return "";
}

// An accepted alternative, prepared once in a box of its own.
struct Alternative {
    explicit Alternative(std::string name) : shown(std::move(name)) {}
    std::string shown;  // as validate names it
    TempDir box{"judge-alternative"};
    PreparedSubmission prepared;
};

}  // namespace

SeedSummary check_seeds(const Problem& p, Builder& builder, const Sandbox& shared, int n) {
    SeedSummary s;
    Diagnostics d;
    for (int k = 1; k <= n; ++k) s.seeds.push_back(problem_seed(static_cast<uint64_t>(k), "validate:" + p.name));
    // Each accepted alternative built once, as a student's file is, and judged under every seed.
    const std::unique_ptr<Sandbox> boxed = shared.for_one_box();
    std::deque<Alternative> accepted;  // a box cannot move
    for (const std::filesystem::path& a : load_accepted(p)) {
        Alternative& alt = accepted.emplace_back(course_path(p, a));
        try {
            alt.prepared =
                prepare_submission(p, alt.box.path(), read_input_file(a), alt.shown, std::nullopt, *boxed, builder);
        } catch (const InputError&) {  // validate said so at seed 0
        }
    }
    int reference_ok = 0, accepted_ok = 0;
    for (size_t i = 0; i < s.seeds.size(); ++i) {
        const uint64_t seed = s.seeds[i];
        spdlog::info("{}: grading seed {} ({} of {})", p.name, seed, i + 1, s.seeds.size());
        Judge judge(p, seed, builder, shared);
        const Report ref = judge.judge_trusted(judge.trusted().reference_exe());
        reference_ok += passes_all(judge.problem(), ref, "the reference", seed, d) ? 1 : 0;
        judge.set_counterexamples(false);  // an alternative's failure is listed test by test
        for (const Alternative& a : accepted) {
            if (!a.prepared.build.ok) continue;  // validate said so at seed 0
            const Report r = judge.judge_prepared(a.prepared, a.box.path(), a.shown, *boxed);
            if (passes_all(judge.problem(), r, a.shown, seed, d)) ++accepted_ok;
        }
        const std::vector<SeededBug>& bugs = judge.trusted().bugs();
        const std::vector<BuildResult> builds = judge.trusted().build_every_bug();
        std::vector<Report> reports(bugs.size());
        parallel_for(bugs.size(), 2, [&](size_t b) {
            if (builds[b].ok) reports[b] = judge.judge_trusted(builds[b].exe);
        });
        if (s.bugs.empty())
            for (const SeededBug& b : bugs) s.bugs.push_back({b.name, b.trap, 0, 0});
        for (size_t b = 0; b < bugs.size(); ++b) {
            if (!builds[b].ok) continue;
            std::string caught_by;
            bool caught = false;
            for (const TestOutcome& t : reports[b].tests) {
                if (t.passed()) continue;
                caught_by += (caught_by.empty() ? "" : ", ") + t.id;
                caught = caught || t.trap == bugs[b].trap;
            }
            if (!caught) {
                d.error(fmt::format("under grading seed {}, seeded bug {} [{}] is caught by no test of its trap{}",
                                    seed, bugs[b].name, bugs[b].trap,
                                    caught_by.empty() ? " (nor by any other)" : " (only by " + caught_by + ")"));
                continue;
            }
            ++s.bugs[b].caught;
            // Judged as a student's file would be (cached runs: no test runs again), one at a time.
            if (const std::string wrong = misnamed(judge.judge_trusted(builds[b].exe, true), bugs[b]); !wrong.empty())
                d.error(fmt::format("under grading seed {}, seeded bug {} [{}] is caught, but {}", seed, bugs[b].name,
                                    bugs[b].trap, wrong));
            else
                ++s.bugs[b].named;
        }
    }
    const int seeds = static_cast<int>(s.seeds.size());
    const std::string grading_seeds = count_words(seeds, "grading seed", "grading seeds");
    if (reference_ok == seeds) d.ok(fmt::format("under {}, the reference passes every test", grading_seeds));
    if (!accepted.empty() && accepted_ok == seeds * static_cast<int>(accepted.size()))
        d.ok(fmt::format(
            "under {}, the {} pass every test", grading_seeds,
            count_words(static_cast<long long>(accepted.size()), "accepted alternative", "accepted alternatives")));
    for (const SeedSummary::Bug& b : s.bugs) {
        std::string line = fmt::format("{} [{}]: caught by its trap under {} of {}, and named under {}", b.id, b.trap,
                                       b.caught, count_words(seeds, "seed", "seeds"), b.named);
        b.named == seeds ? d.ok(std::move(line)) : d.note(std::move(line));
    }
    s.findings = std::move(d.findings);
    return s;
}

}  // namespace judge::validation_units
