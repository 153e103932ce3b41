# shellcheck shell=bash
# labels: sanitized
# judge heads: every head of the per-head weights on the D2L toy input, yours beside the
# reference's; a split bug's alike heads are named in words; the errors name what is wrong.
bugs="$ROOT/reference/problem_mha/bugs"
expect_exit 0 "$JUDGE" --root "$ROOT" heads problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
expect_out "5 heads of weights on test shapes_d2l_per_head at example 0; 5 of 5 as the reference's:"
expect_out "    head 4     expected       yours"
expect_no_out "heads are not split"
# heads_share_scores: one score matrix for every head, so all five panels are alike.
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/heads_share_scores.cpp" --html "$TMP/h.html"
expect_out "0 of 5 as the reference's"
expect_out "weights: all 5 heads attend the same way; the reference's do not: heads are not split"
grep -q 'data-role="got" data-rows="4" data-cols="6"' "$TMP/h.html" || fail "the heads page has no 4 x 6 panels"
[ "$(grep -o 'class="panel"' "$TMP/h.html" | wc -l)" = 15 ] || fail "the heads page has not 5 panels per role"
grep -q "heads are not split" "$TMP/h.html" || fail "the heads page does not say the heads are not split"
# Another head count, on a test named; a wrong mask differs without being a split bug.
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/mask_after_softmax.cpp" --test masking_sample
expect_out "4 heads of weights on test masking_sample at example 0; 0 of 4 as the reference's:"
expect_no_out "heads are not split"
# Errors.
expect_exit 2 "$JUDGE" --root "$ROOT" heads problem_mha --file "$TMP/none.cpp"
expect_err "--file: $TMP/none.cpp does not exist"
expect_exit 2 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/heads_share_scores.cpp" --test chunk_order_sample
expect_err "--test: chunk_order_sample tests split_heads, which returns no weights per head"
expect_exit 2 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/heads_share_scores.cpp" --test nope
expect_err "--test: problem_mha has no test \"nope\"; its sample tests are: "
expect_exit 2 "$JUDGE" --root "$ROOT" heads problem_sdpa --file "$bugs/heads_share_scores.cpp"
expect_err "heads: problem_sdpa has no function whose output has head, query and key axes"
# A student pack draws the sample test too, and refuses a hidden one.
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_mha --out "$TMP/pack"
expect_exit 1 "$JUDGE" --root "$TMP/pack" heads problem_mha --file "$bugs/heads_share_scores.cpp"
expect_out "weights: all 5 heads attend the same way; the reference's do not: heads are not split"
expect_exit 2 "$JUDGE" --root "$TMP/pack" heads problem_mha --file "$bugs/heads_share_scores.cpp" \
    --test per_head_random
expect_err "--test: per_head_random is a hidden test of problem_mha; its inputs are not shown"
