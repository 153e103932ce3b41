# shellcheck shell=bash
# Issue #41, point 1: the gaps a fourth set of student mistakes found, each closed by a test that
# rejects the mistake under its own trap.
B=$ROOT/reference/problem_block/solution.cpp
# edited SRC OUT SED_EXPR PATTERN: SRC with SED_EXPR applied, in OUT, which must then hold PATTERN
# (when a reference changes, the case says the edit no longer applies instead of testing nothing).
edited() {
    sed "$3" "$1" >"$2"
    grep -q -- "$4" "$2" || fail "the edit $3 no longer applies to $1"
}
# problem_block: num_heads that does not divide D must throw (the statement says so); a block that
# never checks it fails block_heads_not_dividing, not 17/17.
edited "$B" "$TMP/no_divides.cpp" 's/if (num_heads < 1 || X.size(2) % num_heads != 0)/if (num_heads < 1)/' \
    "if (num_heads < 1) throw"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_block --file "$TMP/no_divides.cpp"
expect_out "test block_heads_not_dividing (hidden) in transformer_block: "
expect_out "Fix first: input_checks"
# ... and more lengths than examples must throw too.
sed '/valid_lens.size()) != X.size(0)) throw/d' "$B" >"$TMP/no_count.cpp"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_block --file "$TMP/no_count.cpp" --format json
python3 - "$TMP/out" <<'PY' || fail "block_long_lens does not reject a block that never counts the lengths"
import json, sys
t = {t["id"]: t for t in json.load(open(sys.argv[1]))["tests"]}["block_long_lens"]
assert t["verdict"] == "wrong_answer" and t["evidence"] == "throws", t
assert t["message"] == ("transformer_block did not throw std::invalid_argument as the spec asks "
                        "(hidden test: only its verdict is shown)"), t
PY

# An attention sub-layer that projects with x W^T (F.linear's convention) was blamed on the
# residual; the attention trap sees it, with W_o = 0 in the residual tests.
edited "$B" "$TMP/linear.cpp" 's/const Tensor q = split(judge::matmul(x, W_q));/const Tensor q = split(judge::matmul(x, W_q.transpose(0, 1)));/' \
    "W_q.transpose(0, 1)"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_block --file "$TMP/linear.cpp"
expect_out "Fix first: test block_attention_sample in transformer_block of trap attention fails"
expect_out "✓ residual"
# A second LayerNorm that takes LN1's gamma (but its own beta) was blamed on the padding mask.
edited "$B" "$TMP/ln_gamma.cpp" 's/layer_norm(Y, gamma2, beta2)/layer_norm(Y, gamma1, beta2)/' \
    "layer_norm(Y, gamma1, beta2)"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_block --file "$TMP/ln_gamma.cpp"
expect_out "Fix first: test block_ln_params_sample in transformer_block of trap ln_params fails"
expect_out "✓ attention"

# problem_decoder: a self-attention that reads each key's length instead of each query's hides
# keys inside the lengths; self_lens_inside sees it (X = 1: the weights inside are 1 / count), and
# the seeded bug self_lens_per_key names it. It was blamed on the residual.
edited "$ROOT/reference/problem_decoder/accepted/numpy_arrays.py" "$TMP/per_key.py" \
    's/(j >= dec_valid_lens.reshape(B, Lq, 1))/(j >= dec_valid_lens.reshape(B, 1, Lq))/' "reshape(B, 1, Lq)"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_decoder --file "$TMP/per_key.py"
expect_out "Fix first: self_lengths (The self-attention uses dec_valid_lens, one length per query)"
expect_out "exactly the output of this mistake: reading the length of each key, dec_valid_lens[b, j], where query i has its own"
# Counterexamples (point 2): the search reaches what a hidden test sees. problem_attention_cost's
# small inputs hold counts past 2^53, so counts in double get one on the hidden large tests...
bug_source "$ROOT" problem_attention_cost counts_in_double "$TMP/double.cpp"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_attention_cost --file "$TMP/double.cpp" --format json
python3 - "$TMP/out" <<'PY' || fail "a hidden large_counts failure has no counterexample"
import json, sys
failed = [t for t in json.load(open(sys.argv[1]))["tests"] if t["hidden"] and not t["passed"]]
assert failed and all(t.get("counterexample") for t in failed), [(t["id"], t.get("counterexample")) for t in failed]
PY
# ... and problem_masks' NumPy `valid_lens[..., None]`, which raises on B != Lq, gets one where it
# raises; a case where it fails otherwise would do, when none raises.
edited "$ROOT/reference/problem_masks/accepted/numpy_arrays.py" "$TMP/ellipsis.py" \
    's/    lens = valid_lens.reshape(B, Lq, 1) if per_query else valid_lens.reshape(B, 1, 1)/    lens = valid_lens[..., None]/' \
    "valid_lens\[..., None\]"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_masks --file "$TMP/ellipsis.py"
expect_out "test axis_square (hidden, runtime_error): masked_softmax stopped with an error (hidden test: only its verdict is shown)"
expect_out "counterexample: masked_softmax(scores, valid_lens, causal) on fresh small inputs:"
expect_out "raised an exception: ValueError: operands could not be broadcast together"
# Misconceptions per function (point 6): two mistakes in two functions match no one seeded bug,
# but each function's outputs are exactly one bug's on every test of that function: each is named
# there, and the report says which function.
bug_source "$ROOT" problem_mha_d2l interleave_flattened "$TMP/one.cpp"
edited "$TMP/one.cpp" "$TMP/two.cpp" \
    's/    return X.reshape({-1, num_heads, L, X.size(2)}).permute({0, 2, 1, 3}).reshape({X.size(0) \/ num_heads, L, -1});/    return X.reshape({X.size(0) \/ num_heads, L, -1});/' \
    "return X.reshape({X.size(0) / num_heads, L, -1});"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_mha_d2l --file "$TMP/two.cpp"
expect_out "Fix first: unfold_heads (transpose_output puts every head back where transpose_qkv took it) in transpose_output"
expect_out "test unfold_small (sample) in transpose_output: "
expect_out "This is exactly the output of this mistake: unfolding the heads with one reshape"
expect_out "test lens_per_query (sample) in repeat_lens: "
expect_out "This is exactly the output of this mistake: calling repeat_interleave without dim=0"
echo "  the gaps of issue #41 are each closed by a test of their own trap"
