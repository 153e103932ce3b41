// judge/checks/compare.hpp: comparing a submission's outputs with the reference, and properties.
//
// Tolerance and NaN policy: an element passes when |got - want| <= atol + rtol * |want|, in
// double precision. NaN never compares equal, not even to NaN, unless the output's policy is
// `match`: then an expected NaN must be found as NaN. An infinity equals only the same infinity.
// Integer outputs (int64) are compared exactly. Shapes must match exactly before any value is compared. The defaults,
// rtol 1e-4 and atol 1e-5, admit any float32 order of summation (index loops, double accumulation, folded or per-head
// layouts) at the sizes the tests use, while every seeded bug misses them by orders of magnitude.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "judge/protocol/npy.hpp"
#include "problem/spec.hpp"

namespace judge {

/// The outcome of one comparison or property check; `message` says what differs.
struct CheckResult {
    bool passed = true;
    std::string message;
};

/// How to describe positions: the output's axis names, and whether values may be shown.
struct DescribeOptions {
    std::vector<std::string> axes;
    bool show_values = false;  // sample tests show values; hidden tests show positions only
    bool nan_match = false;    // the output's NaN policy is `match`
};

/// An arange input used to trace where each output element came from.
struct TraceSource {
    std::string name;            // e.g. "x"
    std::vector<int64_t> shape;  // its shape
    double start = 0.0, step = 1.0;
};

/// What a failed check says. On a hidden test (`how.show_values` false) it names the output and the
/// check, never a position, a count, a shape or a value: each of those depends on the hidden inputs
/// (or is the submission's own choice, which could carry them out).
std::string differs_words(const std::string& name);
std::string shape_words(const std::string& name, const std::vector<int64_t>& got, const std::vector<int64_t>& want,
                        const DescribeOptions& how);
std::string too_few_axes(const std::string& name, const std::vector<int64_t>& shape, const DescribeOptions& how);

/// Compares one output array with the expected array under `tol`.
CheckResult compare_output(const std::string& name, const npy::Array& got, const npy::Array& want, const Tolerance& tol,
                           const DescribeOptions& how, const std::optional<TraceSource>& trace);

/// True when both arrays have the same dtype and shape and every element is within `tol`, NaN
/// matching NaN (used to recognise a seeded bug's output, NaNs included, in a submission's output).
bool arrays_close(const npy::Array& got, const npy::Array& want, const Tolerance& tol);

/// The lengths a zero_beyond_lens check reads: one per example (1-D) or one per example and query
/// (2-D), from the parameter `name`.
struct Lengths {
    std::string name;
    std::vector<int64_t> shape;
    std::vector<int64_t> values;
};

/// Every element whose last-axis index k is >= the length must be exactly 0: lens[i0] with 1-D
/// lengths, lens[i0, q] with 2-D ones (i0 = index on axis 0, q = index on the second-to-last axis).
CheckResult check_zero_beyond_lens(const std::string& name, const npy::Array& got, const Lengths& lens,
                                   const DescribeOptions& how);

/// Every element (..., q, k) with k > q + offset must be exactly 0: no query sees a later key.
CheckResult check_zero_above_diagonal(const std::string& name, const npy::Array& got, int64_t offset,
                                      const DescribeOptions& how);

/// Every row along the last axis must sum to 1, within `tolerance` (absolute); a NaN row fails.
/// `name` keeps every entry of `from_name` exactly, at the same positions: the block of `got` of
/// `from`'s shape (same rank, no extent larger) equals `from`, NaN for NaN. In a sequence: the
/// entries already in a cache are what the next call's cache holds.
CheckResult check_unchanged(const std::string& name, const npy::Array& got, const std::string& from_name,
                            const npy::Array& from, const DescribeOptions& how);

CheckResult check_rows_sum_to_one(const std::string& name, const npy::Array& got, double tolerance,
                                  const DescribeOptions& how);

/// Whether head `ha` of `a` and head `hb` of `b` (arrays of one shape, float32, heads on axis
/// `head_axis`) agree within `tol` in every slice of the other axes; NaN agrees only with NaN.
bool head_agrees(const npy::Array& a, int64_t ha, const npy::Array& b, int64_t hb, int64_t head_axis,
                 const Tolerance& tol);

/// When the reference's heads (axis `head_axis` of `want`) differ from one another somewhere but
/// the submission's are all alike within `tol` in every slice: "weights: all 4 heads attend the same
/// way; the reference's do not: heads are not split". Passes otherwise, and when `got` is not
/// `want`'s shape (the shape check speaks first).
CheckResult check_heads_differ(const std::string& name, const npy::Array& got, const npy::Array& want,
                               int64_t head_axis, const Tolerance& tol, const DescribeOptions& how);

}  // namespace judge
