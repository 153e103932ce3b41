// The domain lint (issue #21): what the statement allows ("domain" in problem.json) against what
// the tests reach. A boundary the statement allows and no test reaches is where a wrong solution
// passes every test: -inf instead of -1e6 differs only at a length of 0, a bottom-right causal
// mask only when Lq != Lk, a double only past 2^53.
#include "authoring/lint.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <set>

#include "traps/evaluate.hpp"
#include "traps/trap_report.hpp"

namespace judge {

namespace {

// The traps whose tests may reach a boundary for trap `t`: itself and every trap assessed after
// it (a mistake caught there is still caught, as problem_masks' -1e6 is in fully_masked_row).
std::set<std::string> trap_and_later(const Problem& p, size_t t) {
    const std::vector<std::set<size_t>> before = traps_before(p);
    std::set<std::string> out{p.traps[t].id};
    for (size_t i = 0; i < p.traps.size(); ++i)
        if (before[i].count(t)) out.insert(p.traps[i].id);
    return out;
}

std::optional<int64_t> extent(const TestSpec& test, const Extent& e) {
    const auto it = test.inputs.find(e.input);
    if (it == test.inputs.end() || it->second.type != ParamType::tensor) return std::nullopt;
    const std::vector<int64_t>& shape = it->second.gen.shape;
    if (e.axis >= static_cast<int64_t>(shape.size())) return std::nullopt;
    return shape[static_cast<size_t>(e.axis)];
}

bool has_check(const TestSpec& test, CheckKind kind, const std::string& lens = "") {
    return std::any_of(test.checks.begin(), test.checks.end(), [&](const PropertyCheck& c) {
        return c.kind == kind && (lens.empty() || c.lens == lens) && check_applies(test, c);
    });
}

// The traps concerned by a boundary: those with a test of `fn` that `concerns`.
template <typename Pred>
std::vector<size_t> concerned_traps(const Problem& p, const std::string& fn, Pred concerns) {
    std::vector<size_t> out;
    for (size_t t = 0; t < p.traps.size(); ++t) {
        const bool any = std::any_of(p.tests.begin(), p.tests.end(), [&](const TestSpec& test) {
            return test.function == fn && test.trap == p.traps[t].id && concerns(test);
        });
        if (any) out.push_back(t);
    }
    return out;
}

template <typename Pred>
bool reached(const Problem& p, const std::string& fn, size_t t, Pred reaches) {
    const std::set<std::string> traps = trap_and_later(p, t);
    return std::any_of(p.tests.begin(), p.tests.end(), [&](const TestSpec& test) {
        return test.function == fn && traps.count(test.trap) && reaches(test);
    });
}

void lint_lengths(const Problem& p, const FunctionSpec& fn, const LengthDomain& d, std::vector<LintWarning>& out) {
    for (const TestSpec& test : p.tests) {
        const auto it = test.inputs.find(d.param);
        if (test.function != fn.name || it == test.inputs.end() || test.throws) continue;
        const std::optional<int64_t> most = d.max ? extent(test, *d.max) : std::nullopt;
        for (const int64_t v : it->second.ints) {
            if (v >= d.min && (!most || v <= *most)) continue;
            out.push_back({"outside_domain", "warning",
                           fmt::format("test {}: {} holds {}, outside its domain ({} to {})", test.id, d.param, v,
                                       d.min, d.max ? d.max->text() : "any")});
            break;
        }
    }
    if (d.min != 0) return;
    const auto has_zero = [&](const TestSpec& test) {
        const auto it = test.inputs.find(d.param);
        return it != test.inputs.end() && !test.throws &&
               std::find(it->second.ints.begin(), it->second.ints.end(), 0) != it->second.ints.end();
    };
    const auto masks = [&](const TestSpec& test) { return has_check(test, CheckKind::zero_beyond_lens, d.param); };
    for (const size_t t : concerned_traps(p, fn.name, masks)) {
        if (reached(p, fn.name, t, has_zero)) continue;
        out.push_back({"boundary_not_reached", "warning",
                       fmt::format("trap {}: no test of it, or of a trap after it, has a length 0 in {} of {}, which "
                                   "its domain allows (min 0): a wrong fill value (-inf for -1e6) would pass",
                                   p.traps[t].id, d.param, fn.name)});
    }
}

void lint_query_key(const Problem& p, const FunctionSpec& fn, const QueryKeyDomain& d, std::vector<LintWarning>& out) {
    if (!d.differ) return;
    const auto causal = [&](const TestSpec& test) { return has_check(test, CheckKind::zero_above_diagonal); };
    const auto rectangular = [&](const TestSpec& test) {
        const auto q = extent(test, d.queries), k = extent(test, d.keys);
        return causal(test) && q && k && *q != *k;
    };
    for (const size_t t : concerned_traps(p, fn.name, causal)) {
        if (reached(p, fn.name, t, rectangular)) continue;
        out.push_back({"boundary_not_reached", "warning",
                       fmt::format("trap {}: every causal test of it, and of the traps after it, has {} = {}, though "
                                   "its domain lets them differ: a causal mask aligned bottom-right would pass",
                                   p.traps[t].id, d.queries.text(), d.keys.text())});
    }
}

// The largest value the reference's run gives an integer output on any test comparing it.
void lint_counts(const Problem& p, const FunctionSpec& fn, const OutputSpec& o,
                 const std::vector<const TestRun*>& reference, std::vector<LintWarning>& out) {
    if (!o.max) return;
    int64_t largest = 0;
    std::set<std::string> traps;
    for (size_t t = 0; t < p.tests.size() && t < reference.size(); ++t) {
        const TestSpec& test = p.tests[t];
        if (test.function != fn.name ||
            std::find(test.compare.begin(), test.compare.end(), o.name) == test.compare.end())
            continue;
        traps.insert(test.trap);
        const TestRun* r = reference[t];
        if (r == nullptr) continue;
        const auto it = r->outputs.find(o.name);
        if (it == r->outputs.end()) continue;
        for (const int64_t v : it->second.i64) largest = std::max(largest, v < 0 ? -v : v);
    }
    const struct {
        int bits;
        const char* who;
    } limits[] = {{31, "a 32-bit int"}, {53, "a double"}};
    for (const auto& [bits, who] : limits) {
        const int64_t limit = int64_t{1} << bits;
        if (*o.max < limit || largest > limit) continue;
        std::string list;
        for (const std::string& t : traps) list += (list.empty() ? "" : ", ") + t;
        out.push_back({"boundary_not_reached", "warning",
                       fmt::format("{} of {}: no test (traps {}) compares it past 2^{}, though its domain reaches {}: "
                                   "computing it in {} would pass",
                                   o.name, fn.name, list.empty() ? "none" : list, bits, *o.max, who)});
    }
}

}  // namespace

std::vector<LintWarning> lint_domains(const Problem& p, const std::vector<const TestRun*>& reference) {
    std::vector<LintWarning> out;
    for (const FunctionSpec& fn : p.functions) {
        for (const LengthDomain& d : fn.lengths) lint_lengths(p, fn, d, out);
        if (fn.query_key) lint_query_key(p, fn, *fn.query_key, out);
        for (const OutputSpec& o : fn.outputs) lint_counts(p, fn, o, reference, out);
    }
    return out;
}

}  // namespace judge
