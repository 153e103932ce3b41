#include "pipeline/counterexample.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>

#include "pipeline/input_files.hpp"
#include "pipeline/submission_runs.hpp"
#include "problem/inputs.hpp"
#include "problem/types.hpp"
#include "report/shown.hpp"
#include "traps/evaluate.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace {

using Inputs = std::map<std::string, InputSpec>;

bool is_random(const Generator& g) {
    if (generator_info(g.kind).seeded) return true;
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

// The same behaviour on every output, NaN where the other has NaN: then no check can tell them apart.
bool same_outputs(const FunctionSpec& fn, const TestRun& a, const TestRun& b) {
    if (a.status != b.status) return false;
    if (a.status == TestRun::Status::exception) return a.exception_type == b.exception_type;
    for (const OutputSpec& o : fn.outputs) {
        const auto x = a.outputs.find(o.name), y = b.outputs.find(o.name);
        if (x == a.outputs.end() || y == b.outputs.end()) return false;
        const npy::Array &u = x->second, &v = y->second;
        if (u.dtype != v.dtype || u.shape != v.shape || u.i64 != v.i64 || u.f32.size() != v.f32.size()) return false;
        for (size_t k = 0; k < u.f32.size(); ++k)
            if (!(u.f32[k] == v.f32[k] || (std::isnan(u.f32[k]) && std::isnan(v.f32[k])))) return false;
    }
    return true;
}

bool outputs_small(const TestRun& run, int64_t limit = max_shown_elements) {
    return std::all_of(run.outputs.begin(), run.outputs.end(),
                       [limit](const auto& kv) { return elements(kv.second.shape) <= limit; });
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

// A case exercises what the test does only when it sets the flags its checks depend on as the
// test does (a causal test's mistake needs a causal case: "when") and gives every integer tensor
// (lengths) the test's rank (2-D lengths per query are another code path than 1-D ones).
bool like_the_test(const TestSpec& test, const Inputs& in) {
    std::set<std::string> flags;
    for (const PropertyCheck& pc : test.checks)
        if (!pc.when.empty()) flags.insert(pc.when);
    for (const auto& [name, spec] : test.inputs) {
        const auto it = in.find(name);
        if (it == in.end()) continue;
        if (flags.count(name) && it->second.int_value != spec.int_value) return false;
        if (spec.type == ParamType::int_tensor && it->second.int_shape.size() != spec.int_shape.size()) return false;
    }
    return true;
}

// What a student would read: the values as the report prints them.
std::string shown(const std::vector<ShownValue>& values) {
    std::string s;
    for (const ShownValue& v : values) s += shown_text(v) + "\n";
    return s;
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
        if (!c.trace.empty() && (traced == c.inputs.end() || traced->second.gen.kind != GenKind::arange))
            c.trace.clear();
        found.emplace_back(size_of(inputs), std::move(c));
    };
    // Only the function's declared small inputs, under new seeds: every input of a case (lengths,
    // flags, shapes, values) is drawn afresh, none copied from the hidden test, whose data the
    // counterexample would otherwise show. The test gives its checks only.
    const auto small = p.small_inputs.find(test.function);
    if (small != p.small_inputs.end()) {
        for (size_t i = 0; i < small->second.size(); ++i) {
            const Inputs& set = small->second[i];
            if (!like_the_test(test, set)) continue;
            const int tries = any_random(set) ? counterexample_seeds : 1;
            for (int k = 0; k < tries; ++k) add(candidate_id(test.function, i, k), with_seed(set, k));
        }
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<TestSpec> out;
    for (auto& [size, spec] : found) out.push_back(std::move(spec));
    return out;
}

std::string candidate_id(const std::string& function, size_t i, int k) {
    return fmt::format("small_{}_{}_{}", function, i, k);
}

bool reference_passes(const Problem& p, const TestSpec& candidate, const TestRun& ref) {
    if (candidate.throws) return ref.status == TestRun::Status::exception && ref.exception_type == *candidate.throws;
    return ref.status == TestRun::Status::ok && outputs_small(ref) &&
           evaluate_spec(p, candidate, ref, &ref, Language::cpp).passed();
}

void pick_counterexamples(const Problem& p, uint64_t seed, AnswerKey& key, const Problem& cases, InputFiles& inputs,
                          const std::vector<std::optional<TestRun>>& got, Language lang,
                          std::vector<TestOutcome>& outcomes) {
    std::vector<size_t> failed;
    for (size_t t = 0; t < outcomes.size() && t < p.tests.size(); ++t) {
        const TestOutcome& o = outcomes[t];
        if (o.hidden && !o.changing && (o.verdict == Verdict::wrong_answer || o.verdict == Verdict::runtime_error))
            failed.push_back(t);
    }
    if (failed.empty() || cases.tests.empty()) return;
    // Each failed test's cases, as indices into `cases` (every case any hidden test may try, run
    // once by the submission before the hidden tests): the reference runs only those needed.
    const CandidateCases mine = candidate_cases(p, failed);
    std::map<std::string, size_t> index;
    for (size_t i = 0; i < cases.tests.size(); ++i) index.emplace(cases.tests[i].id, i);
    std::vector<std::vector<std::pair<size_t, TestSpec>>> per_test;
    std::set<size_t> needed;
    for (const auto& list : mine.of_test) {
        per_test.emplace_back();
        for (const auto& entry : list) {
            const auto it = index.find(entry.second.id);
            if (it == index.end()) continue;
            per_test.back().emplace_back(it->second, entry.second);
            needed.insert(it->second);
        }
    }
    const auto t0 = std::chrono::steady_clock::now();
    inputs.ensure();
    std::vector<std::optional<TestRun>> ref(cases.tests.size());
    const std::vector<size_t> wanted(needed.begin(), needed.end());
    key.prepare_candidates(cases, inputs, wanted);  // (in one box, when they are not cached)
    parallel_for(wanted.size(), 2, [&](size_t k) { ref[wanted[k]] = key.candidate(cases, wanted[k], inputs); });
    spdlog::debug("counterexamples: the reference's runs of {} cases in {:.3f}s", wanted.size(),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    for (size_t f = 0; f < failed.size(); ++f) {
        TestOutcome& o = outcomes[failed[f]];
        const TestSpec& test = p.tests[failed[f]];
        const FunctionSpec& fn = p.function(test.function);
        o.counterexample_tried = static_cast<int>(per_test[f].size());
        // A case where the submission fails the test's checks the way it failed the test (a wrong
        // answer, or an error), smallest first; else one where it fails them the other way (an
        // error on the test, a wrong answer on a small case): either is true of the submission.
        const auto try_case = [&](size_t i, const TestSpec& spec, bool same_verdict) -> bool {
            if (i >= got.size() || !got[i] || !ref[i]) return false;
            const TestRun& r = *ref[i];
            // Never a false counterexample: the reference passes the test's own checks on the case,
            // and the submission fails them by returning something else.
            if (!reference_passes(p, spec, r)) return false;
            const TestRun& run = *got[i];
            if (!outputs_small(run) || same_outputs(fn, run, r)) return false;
            const TestOutcome e = evaluate_spec(p, spec, run, test.throws ? nullptr : &r, lang);
            if (e.passed() || (same_verdict && e.verdict != o.verdict)) return false;
            if (e.verdict != Verdict::wrong_answer && e.verdict != Verdict::runtime_error) return false;
            std::optional<Counterexample> shown_c = shown_case(p, spec, seed, run, test.throws ? nullptr : &r);
            if (!shown_c) return false;
            Counterexample c = std::move(*shown_c);
            // A counterexample whose printed values are the same shows nothing (a difference
            // below the printed digits): a later case may show it.
            if (!test.throws && e.verdict == Verdict::wrong_answer && shown(c.expected) == shown(c.got)) return false;
            c.message = e.message;
            o.counterexample = std::move(c);
            return true;
        };
        for (const bool same_verdict : {true, false}) {
            for (const auto& [i, spec] : per_test[f])
                if (try_case(i, spec, same_verdict)) break;
            if (o.counterexample) break;
        }
        spdlog::debug("counterexample for {}: {} after {} cases", test.id, o.counterexample ? "found" : "none",
                      per_test[f].size());
    }
}

std::optional<Counterexample> shown_case(const Problem& p, const TestSpec& test, uint64_t seed, const TestRun& got,
                                         const TestRun* ref, int64_t limit) {
    const FunctionSpec& fn = p.function(test.function);
    Counterexample c;
    c.function = fn.name;
    const InputArrays arrays = make_inputs(test, seed);
    for (const Param& prm : fn.params) {
        const npy::Array& a = arrays.at(prm.name);
        if (elements(a.shape) > limit) return std::nullopt;
        c.inputs.push_back({prm.name, type_info(prm.type).rank < 0, a, prm.type == ParamType::boolean});
    }
    if (ref != nullptr && !outputs_small(*ref, limit)) return std::nullopt;
    if (got.status == TestRun::Status::ok && !outputs_small(got, limit)) return std::nullopt;
    // The outputs the test looks at: the others say nothing of this failure.
    std::set<std::string> looked_at(test.compare.begin(), test.compare.end());
    for (const PropertyCheck& pc : test.checks) looked_at.insert(pc.output);
    const auto only_looked_at = [&](std::vector<ShownValue> v) {
        std::erase_if(v, [&](const ShownValue& x) { return !looked_at.count(x.name); });
        return v;
    };
    if (ref != nullptr) c.expected = only_looked_at(shown_outputs(fn, *ref));
    if (test.throws) c.expected_exception = *test.throws;
    c.got = only_looked_at(shown_outputs(fn, got));
    return c;
}

Problem candidate_problem(const Problem& p) {
    Problem cx = p;
    cx.tests.clear();
    cx.spec_text = p.spec_text + "\n// counterexample candidates\n";
    return cx;
}

CandidateCases candidate_cases(const Problem& p, const std::vector<size_t>& tests) {
    CandidateCases out{candidate_problem(p), {}};
    std::map<std::string, size_t> index;
    for (const size_t t : tests) {
        out.of_test.emplace_back();
        for (TestSpec& c : counterexample_candidates(p, t)) {
            const auto [it, fresh] = index.emplace(c.id, out.problem.tests.size());
            if (fresh) out.problem.tests.push_back(c);
            out.of_test.back().emplace_back(it->second, std::move(c));
        }
    }
    return out;
}

std::vector<TestSpec> all_candidates(const Problem& p) {
    std::vector<size_t> hidden;
    for (size_t t = 0; t < p.tests.size(); ++t)
        if (p.tests[t].hidden) hidden.push_back(t);
    return candidate_cases(p, hidden).problem.tests;
}

Problem all_candidate_cases(const Problem& p) {
    Problem cx = candidate_problem(p);
    cx.tests = all_candidates(p);
    return cx;
}

std::vector<std::pair<std::string, size_t>> unusable_small_inputs(const Problem& p, AnswerKey& key) {
    const Problem cx = all_candidate_cases(p);
    InputFiles inputs(cx, 0);
    inputs.ensure();
    std::map<std::string, std::optional<TestRun>> ref;
    key.prepare_candidates(cx, inputs, indices(cx.tests.size()));
    for (size_t i = 0; i < cx.tests.size(); ++i) ref[cx.tests[i].id] = key.candidate(cx, i, inputs);
    // Which small input each case comes from, by its id.
    std::map<std::string, std::pair<std::string, size_t>> origin;
    for (const auto& [fn, sets] : p.small_inputs)
        for (size_t i = 0; i < sets.size(); ++i)
            for (int k = 0; k < counterexample_seeds; ++k) origin[candidate_id(fn, i, k)] = {fn, i};
    std::set<std::pair<std::string, size_t>> used;
    for (size_t t = 0; t < p.tests.size(); ++t) {
        if (!p.tests[t].hidden) continue;
        for (const TestSpec& c : counterexample_candidates(p, t)) {
            const std::optional<TestRun>& r = ref[c.id];
            if (r && reference_passes(p, c, *r)) used.insert(origin.at(c.id));
        }
    }
    std::vector<std::pair<std::string, size_t>> out;
    for (const auto& [fn, sets] : p.small_inputs) {
        const bool tested = std::any_of(p.tests.begin(), p.tests.end(),
                                        [&](const TestSpec& t) { return t.hidden && t.function == fn; });
        for (size_t i = 0; tested && i < sets.size(); ++i)
            if (!used.count({fn, i})) out.emplace_back(fn, i);
    }
    return out;
}

}  // namespace judge
