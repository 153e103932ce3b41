# shellcheck shell=bash
# Issue #11: when no small case shows the difference, the report says so instead of guessing.
# Wrong only when a head is 64 wide: no small input can show it.
sed 's|    Tensor weights = judge::softmax(scores, -1);|    Tensor weights = judge::softmax(scores, -1);\n    if (dk >= 64) weights = weights * 0.5f;|' \
    "$ROOT/reference/problem_mha/solution.cpp" >"$TMP/wide.cpp"
cmp -s "$TMP/wide.cpp" "$ROOT/reference/problem_mha/solution.cpp" && fail "the edit did not apply"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/wide.cpp"
expect_out "test per_head_dk64 (hidden) in multi_head_attention_per_head: "
expect_out "no counterexample found among "
expect_no_out "counterexample:"
