// pipeline/bug_evidence: the seeded bugs' runs that naming needs give the very match that every
// run gives (issue #62: a draw per submission leaves no bug run to share), in fewer runs.
#include <atomic>
#include <random>

#include "catch.hpp"
#include "pipeline/bug_evidence.hpp"
#include "problem/spec.hpp"

namespace bug_evidence_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::TestRun;

// Two functions of four tests each, one trap each.
judge::Problem problem() {
    std::string tests;
    for (int i = 0; i < 8; ++i) {
        tests += std::string(i ? "," : "") + R"({"id": "t)" + std::to_string(i) + R"(", "function": ")" +
                 (i < 4 ? "f" : "g") + R"(", "trap": ")" + (i < 4 ? "a" : "b") +
                 R"(", "inputs": {"x": {"gen": "randn", "shape": [2], "seed": 1}}})";
    }
    const std::string fn = R"("returns": "tensor", "params": [{"name": "x", "type": "tensor"}],
                              "outputs": [{"name": "output"}]})";
    return judge::parse_problem(R"({"schema": 1, "title": "Two", "functions": [{"name": "f", )" + fn +
                                    R"(, {"name": "g", )" + fn + R"(],
        "traps": [{"id": "a", "title": "A", "hint": "a"}, {"id": "b", "title": "B", "hint": "b"}],
        "tests": [)" + tests + "]}",
                                "problems/two/problem.json");
}

TestRun run_of(float v) {
    TestRun r;
    r.status = TestRun::Status::ok;
    judge::npy::Array a;
    a.shape = {2};
    a.f32 = {v, v};
    r.outputs["output"] = a;
    return r;
}

// An answer key of stored runs that counts what it is asked to run.
struct StoredKey final : judge::AnswerKey {
    TestRun ref = run_of(0);
    std::vector<judge::SeededBug> seeded;
    std::vector<std::vector<TestRun>> runs;  // by bug, then test
    std::atomic<size_t> asked{0};            // bug_runs is called from several threads (AnswerKey is thread-safe)
    void prepare() override {}
    const std::vector<judge::SeededBug>& bugs() const override { return seeded; }
    const TestRun& reference(size_t) override { return ref; }
    void prepare_bugs(const std::vector<bool>&, const std::vector<size_t>&) override {}
    std::vector<const TestRun*> bug_runs(size_t t, const std::vector<bool>& wanted) override {
        std::vector<const TestRun*> out;
        for (size_t b = 0; b < seeded.size(); ++b) {
            out.push_back(wanted[b] ? &runs[b][t] : nullptr);
            asked += wanted[b] ? 1 : 0;
        }
        return out;
    }
    std::optional<TestRun> candidate(const judge::Problem&, size_t, judge::InputFiles&) override {
        return std::nullopt;
    }
};

TEST_CASE("the bug runs naming needs give the match every run gives, in fewer runs", "[misconception]") {
    const judge::Problem p = problem();
    std::mt19937 rng(62);
    // 0 is the reference's value; 1 and 2 two wrong ones; 1e-6 is within tolerance of 0.
    const std::vector<float> values = {0, 1, 2, 1e-6f};
    size_t lazy_runs = 0, all_runs = 0, named = 0;
    for (int scenario = 0; scenario < 3000; ++scenario) {
        StoredKey key;
        for (const char* trap : {"a", "b", "a"}) {
            judge::SeededBug b;
            b.name = "b" + std::to_string(key.seeded.size());
            b.trap = trap;
            key.seeded.push_back(b);
        }
        key.runs.assign(3, {});
        for (auto& bug : key.runs)
            for (size_t t = 0; t < 8; ++t) bug.push_back(run_of(values[rng() % values.size()]));
        judge::SubmissionRuns sub;
        std::vector<judge::TestOutcome> outcomes;
        for (size_t t = 0; t < 8; ++t) {
            sub.runs.emplace_back(run_of(values[rng() % values.size()]));
            outcomes.push_back(judge::evaluate(p, t, *sub.runs[t], &key.ref, judge::Language::cpp));
        }
        const std::vector<bool> wanted = {true, rng() % 4 != 0, true};
        const judge::ReferenceOf ref_of = [&](size_t) { return &key.ref; };
        // Every run, as the judge asked before.
        std::vector<judge::TestEvidence> full;
        for (size_t t = 0; t < 8; ++t) {
            judge::TestEvidence e{&p.tests[t], &*sub.runs[t], key.bug_runs(t, wanted), {}};
            for (const TestRun* b : e.bugs)
                e.bug_fails.push_back(b != nullptr &&
                                      !judge::evaluate(p, t, *b, &key.ref, judge::Language::cpp).passed());
            full.push_back(e);
        }
        all_runs += key.asked;
        key.asked = 0;
        std::vector<judge::TestEvidence> lazy = judge::gather_evidence(p, key, sub, wanted, ref_of);
        const std::optional<size_t> x = judge::match_bug(full);
        CHECK(judge::match_bug(lazy) == x);
        named += x ? 1 : 0;
        for (const std::vector<size_t>& scope : {std::vector<size_t>{0, 1, 2, 3}, std::vector<size_t>{4, 5, 6, 7}}) {
            judge::complete_scope(p, key, lazy, scope, wanted, ref_of);
            std::vector<judge::TestEvidence> part_full, part_lazy;
            for (const size_t t : scope) part_full.push_back(full[t]), part_lazy.push_back(lazy[t]);
            const std::optional<size_t> y = judge::match_bug(part_full);
            CHECK(judge::match_bug(part_lazy) == y);
            if (!y) continue;
            judge::complete_bug(p, key, lazy, *y, ref_of);
            for (size_t t = 0; t < 8; ++t) CHECK(lazy[t].bug_fails[*y] == full[t].bug_fails[*y]);
        }
        lazy_runs += key.asked;
    }
    CHECK(named > 100);                    // the scenarios do name bugs
    CHECK(lazy_runs * 10 < all_runs * 9);  // and fewer runs serve
}

}  // namespace bug_evidence_test
