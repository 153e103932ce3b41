#include "judging/counterexample.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <algorithm>
#include <chrono>
#include <map>

#include "judging/executor.hpp"
#include "judging/test_inputs.hpp"
#include "judging/trusted_runs.hpp"
#include "problem/inputs.hpp"
#include "problem/types.hpp"
#include "traps/evaluate.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace {

using Inputs = std::map<std::string, InputSpec>;

bool is_random(const Generator& g) {
    if (g.kind == "randn" || g.kind == "uniform") return true;
    return std::any_of(g.beyond.begin(), g.beyond.end(), is_random);
}

// A new seed for attempt k (k = 0 keeps the spec's): splitmix64's finaliser over the old one.
uint64_t reseed(uint64_t seed, int k) {
    if (k == 0) return seed;
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(k) + 0xC0FFEEULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void reseed(Generator& g, int k) {
    g.seed = reseed(g.seed, k);
    for (Generator& b : g.beyond) reseed(b, k);
}

int64_t elements(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (const int64_t d : shape) n *= d;
    return n;
}

int64_t size_of(const Inputs& in) {
    int64_t n = 0;
    for (const auto& [name, spec] : in)
        n += spec.type == ParamType::tensor ? elements(spec.gen.shape) : static_cast<int64_t>(spec.ints.size()) + 1;
    return n;
}

bool any_random(const Inputs& in) {
    return std::any_of(in.begin(), in.end(),
                       [](const auto& kv) { return kv.second.type == ParamType::tensor && is_random(kv.second.gen); });
}

bool all_small(const Inputs& in) {
    return std::all_of(in.begin(), in.end(), [](const auto& kv) {
        return type_info(kv.second.type).rank >= 0 || elements(shape_of(kv.second)) <= max_shown_elements;
    });
}

bool outputs_small(const TestRun& run) {
    return std::all_of(run.outputs.begin(), run.outputs.end(),
                       [](const auto& kv) { return elements(kv.second.shape) <= max_shown_elements; });
}

Inputs with_seed(Inputs in, int k) {
    for (auto& [name, spec] : in)
        if (spec.type == ParamType::tensor) reseed(spec.gen, k);
    return in;
}

std::vector<ShownValue> shown_outputs(const FunctionSpec& fn, const TestRun& run) {
    std::vector<ShownValue> out;
    for (const OutputSpec& o : fn.outputs) {
        const auto it = run.outputs.find(o.name);
        if (it != run.outputs.end()) out.push_back({o.name, type_info(o.type).rank < 0, it->second});
    }
    return out;
}

}  // namespace

std::vector<TestSpec> counterexample_candidates(const Problem& p, size_t t) {
    const TestSpec& test = p.tests[t];
    std::vector<std::pair<int64_t, TestSpec>> found;
    const auto add = [&](const std::string& id, const Inputs& inputs) {
        TestSpec c = test;
        c.id = id;
        c.inputs = inputs;
        c.hidden = false;
        c.points = 0;
        c.description.clear();
        // A trace needs its input made by arange, as it was in the test.
        const auto traced = c.inputs.find(c.trace);
        if (!c.trace.empty() && (traced == c.inputs.end() || traced->second.gen.kind != "arange")) c.trace.clear();
        found.emplace_back(size_of(inputs), std::move(c));
    };
    const auto small = p.small_inputs.find(test.function);
    if (small != p.small_inputs.end()) {
        for (size_t i = 0; i < small->second.size(); ++i) {
            const Inputs& set = small->second[i];
            const int tries = any_random(set) ? counterexample_seeds : 1;
            for (int k = 0; k < tries; ++k) add(fmt::format("small_{}_{}_{}", test.function, i, k), with_seed(set, k));
        }
    }
    // The test's own generators under new seeds: fresh data at the test's shapes, when small.
    if (all_small(test.inputs) && any_random(test.inputs)) {
        for (int k = 1; k < counterexample_seeds; ++k)
            add(fmt::format("own_{}_{}", test.id, k), with_seed(test.inputs, k));
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<TestSpec> out;
    for (auto& [size, spec] : found) out.push_back(std::move(spec));
    return out;
}

void find_counterexamples(const Problem& p, uint64_t seed, Builder& builder, const std::filesystem::path& reference_exe,
                          const std::filesystem::path& box, const Sandbox& sandbox,
                          std::vector<TestOutcome>& outcomes) {
    std::vector<size_t> failed;
    for (size_t t = 0; t < outcomes.size() && t < p.tests.size(); ++t) {
        const TestOutcome& o = outcomes[t];
        if (o.hidden && (o.verdict == Verdict::wrong_answer || o.verdict == Verdict::runtime_error))
            failed.push_back(t);
    }
    if (failed.empty()) return;
    // Every distinct case once, in a problem of its own: each is run once by the submission and
    // once by the reference, whatever the number of failed tests it serves.
    Problem cx = p;
    cx.tests.clear();
    cx.spec_text = p.spec_text + "\n// counterexample candidates\n";
    cx.limits.time_per_test_ms = std::min(p.limits.time_per_test_ms, counterexample_time_ms);
    std::map<std::string, size_t> index;
    std::vector<std::vector<std::pair<size_t, TestSpec>>> per_test;
    for (const size_t t : failed) {
        per_test.emplace_back();
        for (TestSpec& c : counterexample_candidates(p, t)) {
            const auto [it, fresh] = index.emplace(c.id, cx.tests.size());
            if (fresh) cx.tests.push_back(c);
            per_test.back().emplace_back(it->second, std::move(c));
        }
    }
    if (cx.tests.empty()) return;
    const auto t0 = std::chrono::steady_clock::now();
    const auto since = [&t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    TestInputs inputs(cx, seed);
    inputs.ensure();
    TrustedRuns trusted(cx, seed, builder, inputs);
    std::vector<TestRun> ref(cx.tests.size());
    parallel_for(cx.tests.size(), 2, [&](size_t i) { ref[i] = trusted.cached_run(reference_exe, i); });
    spdlog::debug("counterexamples: {} cases, inputs and the reference's runs in {:.3f}s", cx.tests.size(), since());
    const SubmissionRuns runs = run_submission(cx, box, inputs, sandbox, fresh_out_folder(box));
    spdlog::debug("counterexamples: the submission's runs in {:.3f}s", since());
    for (size_t f = 0; f < failed.size(); ++f) {
        TestOutcome& o = outcomes[failed[f]];
        const TestSpec& test = p.tests[failed[f]];
        const FunctionSpec& fn = p.function(test.function);
        o.counterexample_tried = static_cast<int>(per_test[f].size());
        for (const auto& [i, spec] : per_test[f]) {
            if (i >= runs.cutoff || !runs.runs[i]) continue;
            const TestRun& r = ref[i];
            // The reference must handle the case as the test expects, and be small enough to show.
            const bool as_expected = test.throws
                                         ? r.status == TestRun::Status::exception && r.exception_type == *test.throws
                                         : r.status == TestRun::Status::ok && outputs_small(r);
            if (!as_expected) continue;
            const TestRun& got = *runs.runs[i];
            if (!outputs_small(got)) continue;
            const TestOutcome e = evaluate_spec(p, spec, got, test.throws ? nullptr : &r);
            if (e.passed() || e.verdict != o.verdict) continue;
            Counterexample c;
            c.function = fn.name;
            const InputArrays arrays = make_inputs(spec, seed);
            for (const Param& prm : fn.params)
                c.inputs.push_back(
                    {prm.name, type_info(prm.type).rank < 0, arrays.at(prm.name), prm.type == ParamType::boolean});
            c.expected = shown_outputs(fn, r);
            if (test.throws) c.expected_exception = *test.throws;
            c.got = shown_outputs(fn, got);
            c.message = e.message;
            o.counterexample = std::move(c);
            break;
        }
        spdlog::debug("counterexample for {}: {} after {} cases", test.id, o.counterexample ? "found" : "none",
                      per_test[f].size());
    }
}

}  // namespace judge
