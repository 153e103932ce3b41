// judge/report/pictures.cpp: a failing test's values as grids (pictures.hpp).
#include "report/pictures.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>

#include "problem/agreement.hpp"
#include "report/weights_view.hpp"

namespace judge {

namespace {

constexpr int64_t max_panels = 16;  // heads (or examples) drawn for one output
constexpr int64_t max_side = 64;    // rows or columns of a grid; the rest is cut

int64_t index_of(const std::vector<std::string>& axes, const std::string& name) {
    const auto it = std::find(axes.begin(), axes.end(), name);
    return it == axes.end() ? -1 : static_cast<int64_t>(it - axes.begin());
}

const ShownValue* named(const std::vector<ShownValue>& vs, const std::string& name) {
    for (const ShownValue& v : vs)
        if (v.name == name) return &v;
    return nullptr;
}

// The first element where `a` and `b` are not the same among elements [from, to); -1 when none is.
int64_t first_difference(const npy::Array& a, const npy::Array& b, size_t from = 0, size_t to = SIZE_MAX) {
    const std::optional<size_t> k = first_disagreement(a, b, Tolerance{0, 0}, from, to);
    return k ? static_cast<int64_t>(*k) : -1;
}

std::vector<int64_t> unravel(int64_t flat, const std::vector<int64_t>& shape) {
    std::vector<int64_t> idx(shape.size());
    for (size_t d = shape.size(); d-- > 0;) {
        idx[d] = shape[d] == 0 ? 0 : flat % shape[d];
        flat = shape[d] == 0 ? 0 : flat / shape[d];
    }
    return idx;
}

std::vector<int64_t> strides(const std::vector<int64_t>& shape) {
    std::vector<int64_t> s(shape.size(), 1);
    for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
    return s;
}

std::string axis_name(const std::vector<std::string>& axes, size_t d) {
    return d < axes.size() ? axes[d] : fmt::format("axis {}", d);
}

// "example 0, head 1": the leading indices of a slice, in words.
std::string leading_words(const std::vector<std::string>& axes, const std::vector<int64_t>& idx, size_t count) {
    std::string out;
    for (size_t d = 0; d < count; ++d) out += fmt::format("{}{} {}", d ? ", " : "", axis_name(axes, d), idx[d]);
    return out;
}

// The float values of `a` (an int64 array is widened), for the grids.
npy::Array as_float(const npy::Array& a) {
    if (a.dtype == npy::Dtype::float32) return a;
    npy::Array f;
    f.shape = a.shape;
    f.f32.assign(a.i64.begin(), a.i64.end());
    return f;
}

// The slice of the last two axes (one row for a vector, one cell for a scalar) at `idx`'s leading
// indices, cut to max_side × max_side.
Grid slice(const npy::Array& a, std::vector<int64_t> idx) {
    const size_t rank = a.shape.size();
    Grid g;
    g.rows = rank >= 2 ? a.shape[rank - 2] : 1;
    g.cols = rank >= 1 ? a.shape[rank - 1] : 1;
    const int64_t full_cols = g.cols;
    g.rows = std::min(g.rows, max_side);
    g.cols = std::min(g.cols, max_side);
    const std::vector<int64_t> st = strides(a.shape);
    int64_t base = 0;
    for (size_t d = 0; d + 2 < rank; ++d) base += idx[d] * st[d];
    for (int64_t r = 0; r < g.rows; ++r)
        for (int64_t c = 0; c < g.cols; ++c) g.values.push_back(a.f32[static_cast<size_t>(base + r * full_cols + c)]);
    return g;
}

// Traces a rearrangement: when one tensor input of `c` holds every value of the expected and the
// got slices, each exactly once (a permutation's values are copies of its input's; an arange's
// or a random draw's are distinct), each cell is labelled with where in that input it came from,
// on the input's axes that vary across the picture. Otherwise nothing is traced: no cell is
// given a source it may not have.
void trace_sources(const Counterexample& c, const OutputSpec& out, Picture& p) {
    constexpr size_t max_label = 5;  // characters a 24-pixel cell holds
    // Only float outputs: a count that equals an arange input's value was not taken from it.
    for (const std::vector<ShownValue>* role : {&c.expected, &c.got})
        for (const ShownValue& v : *role)
            if (v.name == out.name && v.array.dtype != npy::Dtype::float32) return;
    for (const ShownValue& in : c.inputs) {
        if (!in.tensor || in.array.dtype != npy::Dtype::float32 || in.array.f32.empty()) continue;
        std::map<uint32_t, int64_t> where;  // a value's bits -> its flat index; -1 when it occurs twice
        for (size_t k = 0; k < in.array.f32.size(); ++k) {
            uint32_t bits = 0;
            std::memcpy(&bits, &in.array.f32[k], sizeof bits);
            const auto [it, fresh] = where.emplace(bits, static_cast<int64_t>(k));
            if (!fresh) it->second = -1;
        }
        std::vector<std::vector<int64_t>> found;  // each cell's index, expected's then got's
        bool all = true;
        for (const std::vector<Grid>* role : {&p.expected, &p.got})
            for (const float v : role->front().values) {
                uint32_t bits = 0;
                std::memcpy(&bits, &v, sizeof bits);
                const auto it = where.find(bits);
                all = all && !std::isnan(v) && it != where.end() && it->second >= 0;
                if (!all) break;
                found.push_back(unravel(it->second, in.array.shape));
            }
        if (!all || found.empty()) continue;
        // Distinct cells in each role: a value found twice in a slice is a computed one that
        // happens to equal an input's (0 and 1 in weights), not a rearrangement's copy.
        const size_t n = p.expected.front().values.size();
        const auto distinct = [](std::vector<std::vector<int64_t>> v) {
            std::sort(v.begin(), v.end());
            return std::adjacent_find(v.begin(), v.end()) == v.end();
        };
        if (!distinct({found.begin(), found.begin() + static_cast<std::ptrdiff_t>(n)}) ||
            !distinct({found.begin() + static_cast<std::ptrdiff_t>(n), found.end()}))
            return;
        std::vector<size_t> varying;
        for (size_t d = 0; d < in.array.shape.size(); ++d)
            if (std::any_of(found.begin(), found.end(), [&](const auto& i) { return i[d] != found.front()[d]; }))
                varying.push_back(d);
        if (varying.empty()) continue;
        std::vector<std::string> labels;
        for (const std::vector<int64_t>& i : found) {
            std::string l;
            for (const size_t d : varying) l += fmt::format("{}{}", l.empty() ? "" : ",", i[d]);
            if (l.size() > max_label) return;
            labels.push_back(l);
        }
        // "x[0, i, j]": the constant indices as they are, the varying ones as the letters a label gives.
        std::string pattern, key;
        for (size_t d = 0, v = 0; d < in.array.shape.size(); ++d) {
            const bool varies = std::find(varying.begin(), varying.end(), d) != varying.end();
            const std::string letter(1, "ijklmn"[std::min<size_t>(v, 5)]);
            if (varies) key += (v++ ? "," : "") + letter;
            pattern += (d ? ", " : "") + (varies ? letter : std::to_string(found.front()[d]));
        }
        p.source_axes = key + " stands for " + in.name + "[" + pattern + "]";
        p.source = in.name;
        p.expected.front().source.assign(labels.begin(), labels.begin() + static_cast<std::ptrdiff_t>(n));
        p.got.front().source.assign(labels.begin() + static_cast<std::ptrdiff_t>(n), labels.end());
        return;
    }
}

Grid difference(const Grid& got, const Grid& expected) {
    Grid d = got;
    d.source.clear();
    for (size_t k = 0; k < d.values.size(); ++k) d.values[k] = got.values[k] - expected.values[k];
    return d;
}

// The lengths an attention output's keys are masked by: the one int input whose name holds
// "lens" (of several, the decoder's own "dec..."); nullptr when none, or it is not clear which.
const ShownValue* lengths_input(const Counterexample& c) {
    std::vector<const ShownValue*> found;
    for (const ShownValue& v : c.inputs)
        if (v.array.dtype == npy::Dtype::int64 && !v.boolean && v.name.find("lens") != std::string::npos)
            found.push_back(&v);
    if (found.size() == 1) return found[0];
    std::erase_if(found, [](const ShownValue* v) { return v->name.rfind("dec", 0) != 0; });
    return found.size() == 1 ? found[0] : nullptr;
}

// Per row of grid `g` (the slice at first-axis index `i0`), the unmasked key count from `lens`:
// a length per first-axis index, or a (first axis, query) table of them.
std::vector<int64_t> valid_keys(const npy::Array& lens, const npy::Array& out, int64_t i0, int64_t rows) {
    if (out.shape.size() < 3 || lens.shape.empty() || lens.i64.size() != static_cast<size_t>(lens.numel())) return {};
    const int64_t n0 = out.shape[0], q = out.shape[out.shape.size() - 2];
    std::vector<int64_t> v;
    if (lens.shape.size() == 1 && lens.shape[0] == n0) {
        v.assign(static_cast<size_t>(rows), lens.i64[static_cast<size_t>(i0)]);
    } else if (lens.shape.size() == 2 && lens.shape[0] == n0 && lens.shape[1] == q) {
        for (int64_t r = 0; r < rows; ++r) v.push_back(lens.i64[static_cast<size_t>(i0 * q + r)]);
    }
    return v;
}

// The scale of values (sequential when none is negative: white at 0, dark blue at the largest;
// weights 0 to 1), or of a difference (always diverging: its sign is what it shows).
ColourScale values_scale(const std::vector<Grid>& a, const std::vector<Grid>& b, bool attention, bool difference) {
    float lo = 0, hi = 0;
    for (const auto* gs : {&a, &b})
        for (const Grid& g : *gs)
            for (float v : g.values)
                if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    ColourScale s;
    if (attention && lo >= 0 && hi <= 1) return s;  // weights: 0 to 1
    if (!difference && lo >= 0) {
        s.max = hi > 0 ? hi : 1;
        return s;
    }
    s.diverging = true;
    s.max = std::max(std::abs(lo), std::abs(hi));
    if (s.max == 0) s.max = 1;
    s.min = -s.max;
    return s;
}

}  // namespace

std::optional<Picture> output_picture(const std::string& test, const FunctionSpec& fn, const Counterexample& c,
                                      const OutputSpec& out, bool always, int64_t example,
                                      std::optional<int64_t> causal) {
    const ShownValue* e = named(c.expected, out.name);
    const ShownValue* g = named(c.got, out.name);
    if (!e || !g || !e->tensor || !g->tensor || e->array.shape != g->array.shape) return std::nullopt;
    const npy::Array ea = as_float(e->array), ga = as_float(g->array);
    // Values read back from a file (a report, a fingerprint) must fill their shape.
    if (ea.f32.size() != static_cast<size_t>(ea.numel()) || ga.f32.size() != ea.f32.size()) return std::nullopt;
    int64_t flat = -1;
    if (example < 0) {
        flat = first_difference(ea, ga);
        if (flat < 0 && !always) return std::nullopt;
        flat = std::max<int64_t>(flat, 0);
    } else {
        // That example (first-axis index): its first difference, else its first element.
        if (ea.shape.empty() || example >= ea.shape[0]) return std::nullopt;
        const auto stride = static_cast<size_t>(ea.numel() / std::max<int64_t>(ea.shape[0], 1));
        const auto from = static_cast<size_t>(example) * stride;
        flat = first_difference(ea, ga, from, from + stride);
        if (flat < 0) flat = static_cast<int64_t>(from);
    }
    Picture p;
    p.test = test;
    p.output = out.name;
    p.function = fn.name;
    const std::vector<int64_t>& shape = ea.shape;
    const size_t rank = shape.size();
    const std::vector<int64_t> at = unravel(flat, shape);
    p.row_axis = rank >= 2 ? axis_name(out.axes, rank - 2) : "";
    p.col_axis = rank >= 1 ? axis_name(out.axes, rank - 1) : "";
    p.attention = rank >= 3 && out.axes.size() == rank && out.axes[rank - 2] == "query" && out.axes[rank - 1] == "key";
    if (!p.attention) {
        Grid ge = slice(ea, at), gg = slice(ga, at);
        ge.label = gg.label = leading_words(out.axes, at, rank >= 2 ? rank - 2 : 0);
        p.where = ge.label;
        p.diff.push_back(difference(gg, ge));
        p.expected.push_back(std::move(ge));
        p.got.push_back(std::move(gg));
        trace_sources(c, out, p);
    } else {
        // One panel per head at the first differing example; without a head axis, per first-axis index.
        const int64_t head_axis = index_of(out.axes, "head");
        const size_t panel_axis = head_axis >= 0 && static_cast<size_t>(head_axis) < rank - 2 ? head_axis : 0;
        p.panel_axis = axis_name(out.axes, panel_axis);
        std::vector<size_t> fixed;
        for (size_t d = 0; d + 2 < rank; ++d)
            if (d != panel_axis) fixed.push_back(d);
        std::vector<int64_t> idx = at;
        p.where = "";
        for (size_t d : fixed)
            p.where += fmt::format("{}{} {}", p.where.empty() ? "" : ", ", axis_name(out.axes, d), at[d]);
        const ShownValue* lens = lengths_input(c);
        if (lens) p.lengths = lens->name;
        for (int64_t h = 0; h < std::min(shape[panel_axis], max_panels); ++h) {
            idx[panel_axis] = h;
            Grid ge = slice(ea, idx), gg = slice(ga, idx);
            ge.label = gg.label = fmt::format("{} {}", axis_name(out.axes, panel_axis), h);
            ge.head = gg.head = h;
            if (lens) ge.valid = gg.valid = valid_keys(lens->array, ea, idx[0], ge.rows);
            ge.causal = gg.causal = causal;
            p.diff.push_back(difference(gg, ge));
            p.expected.push_back(std::move(ge));
            p.got.push_back(std::move(gg));
        }
    }
    p.values_scale = values_scale(p.expected, p.got, p.attention, false);
    p.diff_scale = values_scale(p.diff, {}, false, true);
    return p;
}

namespace {

// The offset of the causal mask test `test` checks on `output` in case `c`: its zero_above_diagonal
// check, where its `when` input (if any) is true in `c`.
std::optional<int64_t> causal_offset(const std::string& test, const Problem& p, const Counterexample& c,
                                     const std::string& output) {
    for (const TestSpec& ts : p.tests) {
        if (ts.id != test) continue;
        for (const PropertyCheck& k : ts.checks) {
            if (k.kind != CheckKind::zero_above_diagonal || k.output != output) continue;
            if (k.when.empty()) return k.offset;
            const ShownValue* flag = named(c.inputs, k.when);
            if (flag && !flag->array.i64.empty() && flag->array.i64.front() != 0) return k.offset;
        }
    }
    return std::nullopt;
}

}  // namespace

std::vector<Picture> pictures_of(const TestOutcome& t, const Problem& p) {
    const std::optional<Counterexample>& c = t.pictured ? t.pictured : t.values ? t.values : t.counterexample;
    std::vector<Picture> out;
    if (t.passed() || !c || c->got.empty()) return out;
    const auto fn = std::find_if(p.functions.begin(), p.functions.end(),
                                 [&](const FunctionSpec& f) { return f.name == c->function; });
    if (fn == p.functions.end()) return out;  // values read back from a file may name anything
    const auto spec = std::find_if(p.tests.begin(), p.tests.end(), [&](const TestSpec& s) { return s.id == t.id; });
    for (const OutputSpec& o : fn->outputs) {
        // An output the test's inputs make the weights, drawn as such, on the test's own inputs only
        // (a counterexample's fresh ones make no weights of it).
        const std::optional<WeightsView> w =
            (t.pictured || t.values) && spec != p.tests.end() ? weights_view(*spec, o, *c) : std::nullopt;
        const Counterexample& shown = w ? w->values : *c;
        if (auto pic =
                output_picture(t.id, *fn, shown, w ? w->output : o, false, -1, causal_offset(t.id, p, *c, o.name))) {
            pic->counterexample = !t.pictured && !t.values && t.counterexample;
            out.push_back(std::move(*pic));
        }
    }
    std::stable_partition(out.begin(), out.end(), [](const Picture& x) { return x.attention; });
    return out;
}

std::vector<Picture> report_pictures(const Report& r, const Problem& p) {
    std::vector<Picture> out;
    for (const TestOutcome& t : r.tests)
        for (Picture& pic : pictures_of(t, p)) out.push_back(std::move(pic));
    return out;
}

std::string short_number(float v) {
    if (std::isnan(v)) return "NaN";
    if (v == 0) return "0";
    return fmt::format("{:.3g}", v);
}

}  // namespace judge
