# shellcheck shell=bash
# cost: 40
# Issue #43, point 2: a sequence in the spec (problem/sequence.hpp), push_twice, calls the
# solution's push twice in one run, the second call reading the cache the first returned. A
# mistake no single call shows (returning the old cache) is caught by the sequence's tests and
# named, in C++, PyTorch and NumPy, on the full root and on a pack; judge show prints the calls, and
# judge run writes each kept result.
c="$TMP/course"
mkdir -p "$c/problems/cache" "$c/reference/cache/bugs" "$c/student_template/cache"
cp "$HERE/problem.json" "$c/problems/cache/problem.json"
echo "# A running mean over a growing cache" >"$c/problems/cache/statement.md"
cp "$HERE/solution.cpp" "$HERE/solution.py" "$c/reference/cache/"
cp "$HERE"/*.patch "$c/reference/cache/bugs/"
cp "$HERE/template.cpp" "$c/student_template/cache/solution.cpp"

expect_exit 0 "$JUDGE" --root "$c" validate cache --cross-check --seeds 1
expect_out "reference passes all 4 tests"
expect_out "returns_old_cache [history]: caught by 2 tests, 2 of them history; fails 1 trap, blocks 0"
expect_out "mean_over_features [mean]: caught by 4 tests, 2 of them mean; fails 1 trap, blocks 1"
# The Python reference runs the sequence too, through the box's Python server.
expect_out "cross-check: reference/cache/solution.py (the Python reference; Python 3."
expect_out "agrees with the C++ reference on 4 tests and 6 small inputs"

expect_exit 0 "$JUDGE" --root "$c" show cache
expect_out "Tests of a sequence call your functions in turn, in one run, each call reading your own earlier results:"
expect_out "    push_twice: returns cache1, mean1, cache2, mean2"
expect_out "        cache1, mean1 = push(cache0, x1)"
expect_out "        cache2, mean2 = push(cache1, x2)"
expect_no_out "push_twice(const"  # nothing to implement: the judge calls push

# The old cache handed back: every single push is right, the second push of the sequence is not.
bug_source "$c" cache returns_old_cache "$TMP/old.cpp"
sed 's/return grown, grown.mean/return cache, grown.mean/' "$HERE/solution.py" >"$TMP/old.py"
{
    echo "# judge: numpy"
    echo "import numpy as np"
    echo "def push(cache, x):"
    echo "    grown = np.concatenate([cache, x], 0)"
    echo "    return cache, grown.mean(axis=0, keepdims=True)"
} >"$TMP/old_numpy.py"
for f in old.cpp old.py old_numpy.py; do
    expect_exit 1 "$JUDGE" --root "$c" submit cache --file "$TMP/$f"
    expect_out "cache: wrong_answer, 2/4 points, 1/2 traps passed"
    expect_out "✓ mean     The mean is over the cache's rows"
    expect_out "test two_pushes (sample) in push_twice: cache2 has shape (0, 3); expected (2, 3)"
    expect_out "This is exactly the output of this mistake: returning the cache as it was given instead of the grown cache"
done

# A pack gives the same report, and judge run writes what each call kept.
expect_exit 0 "$JUDGE" -q --root "$c" pack cache --out "$TMP/pack"
expect_exit 1 "$JUDGE" --root "$c" submit cache --file "$TMP/old.cpp" --format json
cp "$TMP/out" "$TMP/full.json"
expect_exit 1 "$JUDGE" --root "$TMP/pack" submit cache --file "$TMP/old.cpp" --format json
cmp -s "$TMP/out" "$TMP/full.json" || fail "the pack's report of the sequence differs"
expect_exit 1 "$JUDGE" --root "$TMP/pack" run cache --test two_pushes --file "$TMP/old.py" --outputs "$TMP/r"
expect_out "$TMP/r/got/cache1.npy: (0, 3) float32"
expect_out "$TMP/r/expected/cache1.npy: (1, 3) float32"
expect_out "$TMP/r/got/mean2.npy: (1, 3) float32"

# A call that throws: the sequence's test reports the exception, with what it says.
sed 's|    const Tensor grown = judge::cat({cache, x}, 0);|    if (cache.size(0) == 1) throw std::invalid_argument("push: a cache of one row");\n    const Tensor grown = judge::cat({cache, x}, 0);|' \
    "$HERE/solution.cpp" | sed 's|#include <tuple>|#include <stdexcept>\n#include <tuple>|' >"$TMP/throws.cpp"
expect_exit 1 "$JUDGE" --root "$c" submit cache --file "$TMP/throws.cpp"
expect_out "test two_pushes (sample, runtime_error) in push_twice: threw std::invalid_argument: push: a cache of one row"

# The unchanged check: the second call's cache keeps the first call's entries exactly.
sed 's|judge::cat({cache, x}, 0)|judge::cat({cache * 2.0f, x}, 0)|' "$HERE/solution.cpp" >"$TMP/doubles.cpp"
expect_exit 1 "$JUDGE" --root "$c" run cache --test two_pushes --file "$TMP/doubles.cpp" --outputs "$TMP/d"
expect_out "test two_pushes: wrong_answer: cache2[0, 0] is "
expect_out "but cache1 held"
expect_out "(at position 0, feature 0): kept entries must not change (3 of 3 changed)"
