#include "authoring/lint.hpp"

#include "problem/language.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "problem/inputs.hpp"
#include "problem/redraw.hpp"
#include "traps/misconception.hpp"
#include "traps/trap_report.hpp"

namespace judge {

namespace {

bool same_data(const npy::Array& a, const npy::Array& b) {
    return a.dtype == b.dtype && a.shape == b.shape && a.f32 == b.f32 && a.i64 == b.i64;
}

// The sizes a test fixes that mistakes can confuse, named for the message. A tensor of rank 3 is
// (batch, length, width), the course's convention: its length is "<param> length". Integer
// parameters (a head count H) are compared with the batch sizes and the widths, and with each
// width divided by them (d_k = D / H):
//   - B = H: indexing per-example data by head equals tiling it;
//   - H = d_k: dividing by d_k equals dividing by sqrt(D);
//   - Lq = Lk: attending over the queries equals attending over the keys.
struct Size {
    std::string name;
    int64_t value;
    std::string kind;  // "count" (integer parameters), "batch", "length", "width", "per-count width"
};

std::vector<Size> sizes(const InputArrays& in) {
    std::vector<Size> s, counts;
    for (const auto& [name, a] : in)
        if (a.shape.empty() && a.dtype == npy::Dtype::int64 && a.i64.size() == 1 && a.i64[0] > 0)
            counts.push_back({name, a.i64[0], "count"});
    for (const auto& [name, a] : in) {
        if (a.dtype != npy::Dtype::float32 || a.shape.size() != 3) continue;
        s.push_back({name + " batch", a.shape[0], "batch"});
        s.push_back({name + " length", a.shape[1], "length"});
        for (const Size& c : counts) {
            if (a.shape[2] % c.value == 0)
                s.push_back({name + " width / " + c.name, a.shape[2] / c.value, "per-count width"});
        }
    }
    s.insert(s.end(), counts.begin(), counts.end());
    return s;
}

// The pairs worth a warning: a count against a batch or a per-count width, two lengths.
bool confusable(const Size& u, const Size& v) {
    const auto is = [&](const char* a, const char* b) {
        return (u.kind == a && v.kind == b) || (u.kind == b && v.kind == a);
    };
    return is("count", "batch") || is("count", "per-count width") || (u.kind == "length" && v.kind == "length");
}

// "a, b, c, d and 3 more".
std::string id_list(const std::vector<std::string>& ids) {
    std::string s;
    for (size_t i = 0; i < ids.size() && i < 4; ++i) s += (i > 0 ? ", " : "") + ids[i];
    if (ids.size() > 4) s += fmt::format(" and {} more", ids.size() - 4);
    return s;
}

// An int, float or bool parameter with one value in every test of its function: a solution that
// writes the value in (eps = 1e-5) passes them all.
void lint_constant_scalars(const FunctionSpec& fn, const std::vector<size_t>& tests,
                           const std::vector<InputArrays>& inputs, std::vector<LintWarning>& out) {
    if (tests.size() < 2) return;
    for (const Param& q : fn.params) {
        if (q.type != ParamType::int64 && q.type != ParamType::float32 && q.type != ParamType::boolean) continue;
        std::set<std::pair<std::vector<float>, std::vector<int64_t>>> values;
        for (const size_t t : tests)
            if (const auto a = inputs[t].find(q.name); a != inputs[t].end())
                values.insert({a->second.f32, a->second.i64});
        if (values.size() != 1) continue;
        const auto& [f, i] = *values.begin();
        const std::string v = !i.empty()
                                  ? (q.type == ParamType::boolean ? (i[0] ? "true" : "false") : std::to_string(i[0]))
                                  : (f.empty() ? "?" : fmt::format("{:g}", f[0]));
        out.push_back({"constant_parameter", "warning",
                       fmt::format("{}: {} is {} in all {} of its tests, so a solution that writes {} in for it "
                                   "passes; give it another value in some test",
                                   fn.name, q.name, v, tests.size(), v)});
    }
}

// A seeded bug that one test alone rejects (a change to that test loses it), or only hidden tests
// (a student with it sees no failing sample test to start from).
void lint_bug_catchers(const Problem& p, const BugEvidence& b, std::vector<LintWarning>& out) {
    std::vector<std::string> catchers;
    bool sample = false;
    for (size_t t = 0; t < p.tests.size() && t < b.killed.size(); ++t) {
        if (!b.killed[t]) continue;
        catchers.push_back(p.tests[t].id);
        sample = sample || !p.tests[t].hidden;
    }
    if (catchers.empty()) return;  // validate's own error: the bug is not caught
    if (catchers.size() == 1)
        out.push_back({"bug_caught_by_one_test", "note",
                       fmt::format("{} is rejected by one test only ({}): another test of trap {} that catches it "
                                   "keeps it caught when that one changes",
                                   b.bug->name, catchers.front(), b.bug->trap)});
    if (!sample)
        out.push_back({"bug_caught_only_by_hidden_tests", "note",
                       fmt::format("{} is rejected only by hidden tests ({}): a student with this mistake has no "
                                   "failing sample test to start from",
                                   b.bug->name, id_list(catchers))});
}

}  // namespace

std::vector<LintWarning> lint_spec(const Problem& p) {
    std::vector<LintWarning> out;
    std::vector<InputArrays> inputs;
    for (const TestSpec& t : p.tests) inputs.push_back(make_inputs(t, 0));

    for (const FunctionSpec& fn : p.functions) {
        std::vector<size_t> tests;
        for (size_t t = 0; t < p.tests.size(); ++t)
            if (p.tests[t].function == fn.name) tests.push_back(t);
        if (tests.empty()) continue;
        lint_constant_scalars(fn, tests, inputs, out);
        // What the statement allows: a test expecting an exception breaks its rules on purpose (two
        // caches of different lengths), which says nothing of what the other tests may hold.
        std::vector<size_t> valid;
        for (const size_t t : tests)
            if (!p.tests[t].throws) valid.push_back(t);
        // Parameters that hold the same data in every test of the function.
        const InputArrays& first = inputs[tests.front()];
        for (auto a = first.begin(); a != first.end(); ++a) {
            for (auto b = std::next(a); b != first.end(); ++b) {
                if (a->second.dtype != npy::Dtype::float32 || a->second.shape.empty()) continue;
                bool always = !valid.empty();
                for (const size_t t : valid) {
                    const auto x = inputs[t].find(a->first), y = inputs[t].find(b->first);
                    // Empty tensors (an empty cache to start from) hold nothing a solution could confuse.
                    if (x == inputs[t].end() || y == inputs[t].end() || !same_data(x->second, y->second) ||
                        x->second.f32.empty())
                        always = false;
                }
                if (always)
                    out.push_back({"identical_parameters", "warning",
                                   fmt::format("{}: {} and {} hold the same data in every test, so a solution "
                                               "that uses one for the other passes",
                                               fn.name, a->first, b->first)});
            }
        }
        // Sizes equal in every test of a trap, though not in every test of the function.
        std::map<std::string, std::vector<size_t>> by_trap;
        for (const size_t t : tests) by_trap[p.tests[t].trap].push_back(t);
        const auto value = [&](size_t t, const std::string& name) -> std::optional<int64_t> {
            for (const Size& z : sizes(inputs[t]))
                if (z.name == name) return z.value;
            return std::nullopt;
        };
        const auto equal_in = [&](const std::vector<size_t>& ts, const std::string& u, const std::string& v) {
            for (const size_t t : ts) {
                const auto a = value(t, u), b = value(t, v);
                if (!a || !b || *a != *b) return false;
            }
            return true;
        };
        const std::vector<Size> names = sizes(first);
        const std::vector<std::set<size_t>> before = traps_before(p);
        for (size_t k = 0; k < p.traps.size(); ++k) {
            const TrapSpec& trap = p.traps[k];
            if (!by_trap.count(trap.id)) continue;
            // The tests that could still tell them apart: this trap's, and those of the traps
            // assessed after it (a mistake that confuses them fails there, and is named there).
            std::vector<size_t> here_and_later;
            for (const size_t t : tests)
                if (p.tests[t].trap == trap.id || before[p.trap_index(p.tests[t].trap)].count(k))
                    here_and_later.push_back(t);
            for (size_t i = 0; i < names.size(); ++i) {
                for (size_t j = i + 1; j < names.size(); ++j) {
                    const Size &u = names[i], &v = names[j];
                    if (!confusable(u, v) || !equal_in(here_and_later, u.name, v.name) ||
                        equal_in(valid, u.name, v.name))
                        continue;
                    out.push_back({"equal_dimensions", "warning",
                                   fmt::format("trap {}: {} = {} in every test of {} there, so mistakes that "
                                               "confuse them give the same output",
                                               trap.id, u.name, v.name, fn.name)});
                }
            }
        }
    }
    for (const TrapSpec& trap : p.traps) {
        bool sample = false, hidden = false;
        for (const TestSpec& t : p.tests) {
            if (t.trap != trap.id) continue;
            (t.hidden ? hidden : sample) = true;
        }
        if (!sample) out.push_back({"no_sample_test", "warning", "trap " + trap.id + " has no sample test"});
        if (!hidden) out.push_back({"no_hidden_test", "warning", "trap " + trap.id + " has no hidden test"});
    }
    // Only points can be bought: a test of 0 points (a picture's, say) that keeps its values is no
    // answer worth tabling, and the redrawn tests of its trap still decide the trap.
    if (const std::vector<size_t> fixed = seed_independent_tests(p); !fixed.empty() && seed_independent_points(p) > 0) {
        std::vector<std::string> ids;
        for (const size_t t : fixed) ids.push_back(p.tests[t].id);
        const std::string names = id_list(ids);
        out.push_back({"seed_independent", "warning",
                       fmt::format("{} of {} points ({} of {} tests: {}) keep their sizes and stated values under "
                                   "a grading seed: a table built from a student pack's stored answers can pass them "
                                   "in the grade that counts too; the redraw keeps what the spec states outright (a "
                                   "values tensor's extents, the values -1, 0 and 1, \"keep\"), so state less "
                                   "where the test's purpose allows (docs/authoring.md)",
                                   seed_independent_points(p), p.max_score(), fixed.size(), p.tests.size(), names)});
    }
    // A language whose template the problem ships, and whose tests need more memory than it gives (a
    // Python test's memory is on top of the interpreter's).
    for (const LanguageInfo& lang : languages()) {
        std::error_code ec;
        if (p.limits.memory_mb >= lang.min_memory_mb || !std::filesystem::exists(language_template(p, lang.id), ec))
            continue;
        out.push_back({"python_memory", "warning",
                       fmt::format("limits.memory_mb is {} MB; a {} test needs at least {} MB ({}), so {} "
                                   "submissions would fail at the memory limit",
                                   p.limits.memory_mb, lang.words, lang.min_memory_mb, lang.memory_why, lang.words)});
        break;
    }
    return out;
}

BugTraps bug_traps(const Problem& p, const std::vector<bool>& killed) {
    std::vector<TrapOutcome> traps;
    for (const TrapSpec& trap : p.traps) {
        TrapOutcome o;
        o.id = trap.id;
        for (size_t t = 0; t < p.tests.size() && t < killed.size(); ++t)
            if (killed[t] && p.tests[t].trap == trap.id) o.passed = false;
        traps.push_back(std::move(o));
    }
    block_dependents(p, traps);
    BugTraps out;
    for (const TrapOutcome& o : traps) {
        if (o.passed) continue;
        (o.blocked ? out.blocked : out.failed).push_back(o.id);
    }
    return out;
}

std::vector<LintWarning> lint_bugs(const Problem& p, const std::vector<BugEvidence>& bugs) {
    std::vector<LintWarning> out;
    for (size_t x = 0; x < bugs.size(); ++x) {
        for (size_t y = x + 1; y < bugs.size(); ++y) {
            bool apart = false;
            for (size_t t = 0; t < p.tests.size() && !apart; ++t) {
                const TestRun *a = bugs[x].runs[t], *b = bugs[y].runs[t];
                apart = a == nullptr || b == nullptr ||
                        !same_behaviour(*a, *b, p.tests[t].tolerance, p.tests[t].throws.has_value());
            }
            if (!apart)
                out.push_back({"bugs_not_told_apart", "warning",
                               fmt::format("no test tells {} from {}: neither can be named to a student",
                                           bugs[x].bug->name, bugs[y].bug->name)});
        }
        const BugTraps traps = bug_traps(p, bugs[x].killed);
        std::vector<std::string> others;
        for (const std::string& f : traps.failed)
            if (f != bugs[x].bug->trap) others.push_back(f);
        const std::string& own = bugs[x].bug->trap;
        if (std::count(traps.blocked.begin(), traps.blocked.end(), own)) {
            out.push_back({"bug_trap_blocked", "warning",
                           fmt::format("{} (trap {}) fails {} first: a student with this mistake is told to fix "
                                       "that, and trap {} is not assessed",
                                       bugs[x].bug->name, own, others.empty() ? "another trap" : others.front(), own)});
        } else if (!others.empty()) {
            std::string list;
            for (const std::string& o : others) list += (list.empty() ? "" : ", ") + o;
            out.push_back({"bug_fails_other_traps", "warning",
                           fmt::format("{} (trap {}) also fails trap{} {}", bugs[x].bug->name, own,
                                       others.size() == 1 ? "" : "s", list)});
        }
    }
    for (const BugEvidence& b : bugs) lint_bug_catchers(p, b, out);
    // Tests that reject no seeded bug; those that expect an exception (input checks, seldom seeded)
    // in one line.
    std::vector<std::string> throwing;
    for (size_t t = 0; t < p.tests.size(); ++t) {
        bool any = false;
        for (const BugEvidence& b : bugs) any = any || b.killed[t];
        if (any || bugs.empty()) continue;
        if (p.tests[t].throws)
            throwing.push_back(p.tests[t].id);
        else
            out.push_back({"test_catches_nothing", "info", "test " + p.tests[t].id + " rejects no seeded bug"});
    }
    if (!throwing.empty())
        out.push_back(
            {"test_catches_nothing", "info",
             fmt::format("{} test{} expecting an exception reject{} no seeded bug: {}", throwing.size(),
                         throwing.size() == 1 ? "" : "s", throwing.size() == 1 ? "s" : "", id_list(throwing))});
    return out;
}

}  // namespace judge
