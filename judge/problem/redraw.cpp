#include "problem/redraw.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "problem/types.hpp"
#include "util/hash.hpp"

namespace judge {

namespace {

// splitmix64 over a state derived from the seed and the test by SHA-256: a test's draw says
// nothing of the seed, nor of another test's draw.
class Rng {
public:
    Rng(uint64_t grading_seed, const std::string& test_id)
        : m_state(sha256_u64("judge-redraw:" + std::to_string(grading_seed) + ":" + test_id)) {}
    uint64_t next() { return splitmix64(m_state); }
    int64_t below(int64_t n) { return static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }

private:
    uint64_t m_state = 0;
};

bool divides(int64_t a, int64_t b) { return b % a == 0; }

// What the map keeps of one value of a test, from the roles it has there (types.hpp: SizeRole).
struct Letter {
    int64_t value = 0;
    bool pinned = false;  // keeps its value
    bool size = false;    // an extent or a count: keeps its parity
    bool count = false;   // an int parameter: keeps whether it divides, or is divided by, each size
    bool grows = false;   // a list's extent whose slices differ: may only grow (types.hpp)
};

// The values `l` may become: itself when pinned or in {-1, 0, 1}; else those of its sign (and
// parity, for a size) between half (itself, when it may only grow) and twice its magnitude, in a
// random order. A range of more than `most` values gives the first `most` of a shuffle of it,
// drawn without listing the range (a count of 300,000,001 would list 450 million).
std::vector<int64_t> candidates(const Letter& l, Rng& rng) {
    constexpr int64_t most = 4096;
    const int64_t a = std::llabs(l.value);
    if (l.pinned || a <= 1) return {l.value};
    int64_t lo = l.grows ? a : std::max<int64_t>(2, (a + 1) / 2);
    const int64_t stride = l.size ? 2 : 1;
    if (lo % stride != a % stride) ++lo;
    const int64_t n = (2 * a - lo) / stride + 1;  // lo, lo + stride, ..., up to 2a
    const auto value = [&](int64_t i) { return (l.value < 0 ? -1 : 1) * (lo + i * stride); };
    std::vector<int64_t> out;
    if (n <= most) {
        for (int64_t i = 0; i < n; ++i) out.push_back(value(i));
        for (size_t i = out.size(); i > 1; --i)
            std::swap(out[i - 1], out[static_cast<size_t>(rng.below(static_cast<int64_t>(i)))]);
        return out;
    }
    std::map<int64_t, int64_t> moved;  // a sparse Fisher-Yates shuffle: position -> index now there
    const auto at = [&](int64_t i) {
        const auto found = moved.find(i);
        return found == moved.end() ? i : found->second;
    };
    for (int64_t i = 0; i < most; ++i) {
        const int64_t j = i + rng.below(n - i);
        const int64_t picked = at(j);
        moved[j] = at(i);
        out.push_back(value(picked));
    }
    return out;
}

// A map of a test's letters (ascending, distinct values) keeping their order, and divisibility
// between a count and a size (H divides D, or does not), found depth first in a random order;
// nullopt when none is found within the budget.
class MapSearch {
public:
    MapSearch(const std::vector<Letter>& letters, Rng& rng) : m_letters(letters) {
        for (const Letter& l : letters) m_choices.push_back(candidates(l, rng));
    }
    std::optional<std::vector<int64_t>> find() {
        m_to.assign(m_letters.size(), 0);
        m_budget = 20000;
        if (!place(0)) return std::nullopt;
        return m_to;
    }

private:
    bool fits(size_t i, int64_t c) const {
        if (i > 0 && c <= m_to[i - 1]) return false;
        for (size_t j = 0; j < i; ++j) {
            const Letter &a = m_letters[j], &b = m_letters[i];
            const int64_t u = std::llabs(a.value), v = std::llabs(b.value);
            const int64_t fu = std::llabs(m_to[j]), fv = std::llabs(c);
            if (u < 2 || v < 2 || !(a.size && b.size) || !(a.count || b.count)) continue;
            if (divides(u, v) != divides(fu, fv) || divides(v, u) != divides(fv, fu)) return false;
        }
        return true;
    }
    bool place(size_t i) {
        if (i == m_letters.size()) return true;
        for (const int64_t c : m_choices[i]) {
            if (--m_budget < 0) return false;
            if (!fits(i, c)) continue;
            m_to[i] = c;
            if (place(i + 1)) return true;
        }
        return false;
    }

    const std::vector<Letter>& m_letters;
    std::vector<std::vector<int64_t>> m_choices;
    std::vector<int64_t> m_to;
    long m_budget = 0;
};

// Calls visit on every integer that sizes `inputs`.
void visit_sizes(std::map<std::string, InputSpec>& inputs, const SizeVisit& visit) {
    for (auto& [name, in] : inputs) type_info(in.type).sizes(in, visit);
}

bool has_digit(const std::string& s) { return std::any_of(s.begin(), s.end(), ::isdigit); }

// Test `t` drawn anew: its sizes through a map that gives a lookup_key outside `taken`.
TestSpec redraw_test(const TestSpec& t, const FunctionSpec& fn, uint64_t grading_seed,
                     const std::set<std::string>& taken) {
    const bool offsets = std::any_of(t.checks.begin(), t.checks.end(), [](const auto& c) { return c.offset != 0; });
    if (t.keep_all || offsets || t.inputs.empty()) return t;
    TestSpec out = t;
    Rng rng(grading_seed, t.id);
    std::map<int64_t, Letter> by_value;  // ascending
    for (const int64_t k : t.keep) by_value[k] = {k, true};
    for (const Param& prm : fn.params)
        for (const std::string& e : prm.shape)
            if (!e.empty() && std::all_of(e.begin(), e.end(), ::isdigit)) by_value[std::stoll(e)].pinned = true;
    visit_sizes(out.inputs, [&](int64_t& v, SizeRole role) {
        Letter& l = by_value[v];
        l.pinned = l.pinned || role == SizeRole::pinned;
        l.size = l.size || role == SizeRole::extent || role == SizeRole::count || role == SizeRole::grows;
        l.grows = l.grows || role == SizeRole::grows;
        l.count = l.count || role == SizeRole::count;
    });
    std::vector<Letter> letters;
    std::vector<int64_t> alphabet;
    for (auto& [v, l] : by_value) {
        l.value = v;
        letters.push_back(l);
        alphabet.push_back(v);
    }
    for (int attempt = 0; attempt < 8; ++attempt) {
        const auto to = MapSearch(letters, rng).find();
        if (!to || *to == alphabet) continue;
        TestSpec drawn = t;
        visit_sizes(drawn.inputs, [&](int64_t& v, SizeRole) {
            v = (*to)[static_cast<size_t>(std::lower_bound(alphabet.begin(), alphabet.end(), v) - alphabet.begin())];
        });
        if (taken.count(lookup_key(drawn)) == 0) {
            out = std::move(drawn);
            // "(2, 5, 12) with 3 heads" no longer holds: say less rather than something false.
            if (has_digit(out.description)) out.description.clear();
            break;
        }
    }
    for (auto& [name, in] : out.inputs)
        if (in.type == ParamType::tensor && in.gen.kind == GenKind::arange)
            in.gen.start += in.gen.step * static_cast<double>(1 + rng.below(8));
    return out;
}

std::string generator_key(const Generator& g) {
    std::string s = fmt::format("{}(", generator_info(g.kind).spec_name);
    for (const int64_t e : g.shape) s += std::to_string(e) + ",";
    switch (g.kind) {
        case GenKind::arange: s += fmt::format(";{},{}", g.start, g.step); break;
        case GenKind::constant: s += fmt::format(";{}", g.value); break;
        case GenKind::values:
            for (const double v : g.values) s += fmt::format(";{}", v);
            break;
        case GenKind::uniform: s += fmt::format(";{},{}", g.low, g.high); break;
        case GenKind::randn: s += fmt::format(";{}", g.scale); break;
    }
    for (const Generator& b : g.beyond) s += " beyond " + generator_key(b);
    return s + ")";
}

}  // namespace

std::string lookup_key(const TestSpec& t) {
    std::string s = t.function;
    for (const auto& [name, in] : t.inputs) {
        s += " " + name + "=";
        if (in.type == ParamType::tensor) {
            s += generator_key(in.gen);
        } else {
            s += std::string(type_info(in.type).spec_name) + fmt::format("{}", in.float_value) + ":";
            s += std::to_string(in.int_value);
            for (const int64_t e : shape_of(in)) s += fmt::format(",{}", e);
            for (const int64_t v : in.ints) s += fmt::format(";{}", v);
        }
    }
    return s;
}

Problem redraw(const Problem& p, uint64_t grading_seed) {
    if (grading_seed == 0) return p;
    std::set<std::string> taken;
    for (const TestSpec& t : p.tests) taken.insert(lookup_key(t));
    Problem out = p;
    for (TestSpec& t : out.tests) t = redraw_test(t, p.function(t.function), grading_seed, taken);
    return out;
}

std::vector<size_t> seed_independent_tests(const Problem& p) {
    std::vector<size_t> out;
    const Problem a = redraw(p, 0x9E3779B97F4A7C15ULL), b = redraw(p, 0xD1B54A32D192ED03ULL);
    for (size_t t = 0; t < p.tests.size(); ++t) {
        const std::string own = lookup_key(p.tests[t]);
        if (own == lookup_key(a.tests[t]) || own == lookup_key(b.tests[t])) out.push_back(t);
    }
    return out;
}

int seed_independent_points(const Problem& p) {
    int points = 0;
    for (const size_t t : seed_independent_tests(p)) points += p.tests[t].points;
    return points;
}

}  // namespace judge
