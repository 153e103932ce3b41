# shellcheck shell=bash
# Issue #41, point 9: the block's expected LayerNorm outputs are as exact as float32 allows. On
# rows of tiny spread around 1 (ln_offset_rows), a float32 mean of the row is off by up to 2e-7,
# about 6e-5 once normalised: the reference shifts each row by its first feature first, so a
# solution in double precision gets the expected values to float32's rounding (it was 2.7e-5 off),
# and the test's tolerance (atol 2e-4) still accepts the plain float32 formula.
expect_exit 0 "$JUDGE" -q --root "$ROOT" run problem_block --test ln_offset_rows --outputs "$TMP/d" \
    --file "$HERE/double.py"
expect_out "test ln_offset_rows: passed"
/usr/bin/python3 - "$TMP/d" <<'PY' || fail "the expected LayerNorm outputs are not as exact as float32 allows"
import sys
import numpy as np
d = sys.argv[1]
expected, got = np.load(d + "/expected/output.npy"), np.load(d + "/got/output.npy")
off = float(np.abs(expected - got).max())
assert off <= 2.5e-7, "the expected values are %.3g off the float64 LayerNorm" % off
PY
# The plain float32 formula, (x - mean) / sqrt(var + eps), is a correct solution: accepted.
cat >"$TMP/plain.cpp" <<'CPP'
#include <judge/tensor.hpp>
using judge::Tensor;
Tensor layer_norm(const Tensor& x, const Tensor& gamma, const Tensor& beta) {
    const Tensor mean = judge::mean(x, -1, true);
    const Tensor var = judge::var(x, -1, false, true);
    return (x - mean) / judge::sqrt(var + 1e-5f) * gamma + beta;
}
Tensor feed_forward(const Tensor& x, const Tensor&, const Tensor&, const Tensor&, const Tensor&) { return x; }
Tensor transformer_block(const Tensor& X, const std::vector<int64_t>&, int64_t, const Tensor&, const Tensor&,
                         const Tensor&, const Tensor&, const Tensor&, const Tensor&, const Tensor&, const Tensor&,
                         const Tensor&, const Tensor&, const Tensor&, const Tensor&) {
    return X;
}
CPP
expect_exit 0 "$JUDGE" -q --root "$ROOT" run problem_block --test ln_offset_rows --outputs "$TMP/p" --file "$TMP/plain.cpp"
expect_out "test ln_offset_rows: passed"
# eps outside the square root is still caught there, by far.
bug_source "$ROOT" problem_block eps_outside_sqrt "$TMP/eps.cpp"
expect_exit 1 "$JUDGE" -q --root "$ROOT" run problem_block --test ln_offset_rows --outputs "$TMP/e" --file "$TMP/eps.cpp"
echo "  LayerNorm's expected outputs are exact to float32 on ill-conditioned rows; float32 solutions pass"
