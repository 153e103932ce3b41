# shellcheck shell=bash
# cost: 35
# labels: sanitized
# Issue #21: what a student reads. A failing sample test shows its values when they are small; a
# compile error names the student's own file; NaN prints as PyTorch prints it; the overall line
# names the test behind a crash verdict; a hidden test's crash says which function threw.
bug_source "$ROOT" problem_masks d2l_fill "$TMP/d2l.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_masks --file "$TMP/d2l.cpp"
expect_out "      values:"
expect_out "        expected weights (2, 2, 3) = [[[nan, nan, nan],"
expect_out "        got      weights (2, 2, 3) = [[[0.3333, 0.3333, 0.3333],"
expect_no_out "-nan"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_masks --file "$TMP/d2l.cpp" --format json
python3 "$HERE/check.py" "$TMP/out" || fail "a sample test's values are not in the JSON"
cp "$HERE/bad.cpp" "$TMP/bad.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/bad.cpp"
expect_out "    $TMP/bad.cpp:2:"
expect_no_out " solution.cpp:"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --test merge_order_two_heads --file "$TMP/bad.cpp" --outputs "$TMP/r"
expect_err "$TMP/bad.cpp:2:"
# A crash in the cross-attention: every test of the one function throws. The overall line
# names the test, and a hidden test says which function failed, not the student's words, nor
# which exception it threw.
sed 's|    Tensor cross_scores = scores_of(Y, enc_outputs);|    throw std::runtime_error("secret " + std::to_string(X.at({0, 0, 0})));\n    Tensor cross_scores = scores_of(Y, enc_outputs);|' \
    "$ROOT/reference/problem_decoder/solution.cpp" >"$TMP/throws.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_decoder --file "$TMP/throws.cpp"
expect_out "Fix first: test causal_small of trap causal_leak fails (runtime_error); no known mistake of causal_leak explains it"
expect_out "test causal_batch (hidden, runtime_error): decoder_attention stopped with an error (hidden test: only its verdict is shown)"
expect_out "problem_decoder: runtime_error (test causal_small), 0/18 points"
expect_no_out "    hint: "
[ "$(grep -c 'secret' "$TMP/out")" = 1 ] || fail "a hidden test showed the submission's words"
