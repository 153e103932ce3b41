# shellcheck shell=bash
# labels: sanitized
# judge heads: every head of the per-head weights on the D2L toy input, yours beside the
# reference's; a split bug's alike heads are named in words, the keys each head weights or masks
# against the reference, and the seeded bug whose heads they are; the errors name what is wrong.
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
[ "$(grep -o 'class="panel"' "$TMP/h.html" | wc -l)" = 30 ] || fail "the heads page has not 5 panels per role for each of 2 examples"
grep -q "heads are not split" "$TMP/h.html" || fail "the heads page does not say the heads are not split"
expect_out "Your weights are exactly those of this mistake: computing one score matrix from the full width and sharing it across heads"
grep -q "(seeded bug heads_share_scores)" "$TMP/h.html" || fail "the heads page does not name the mistake"
# Issue #42, point 3: the cause is named where the heads are not alike. The one-reshape fold's five
# heads differ from each other and look plausible; they are exactly the seeded bug's.
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/fold_one_reshape.cpp"
expect_out "The test masks with valid_lens = [3, 2]."
expect_out "Your weights are exactly those of this mistake: folding heads with one reshape (B, L, D) -> (B, H, L, d_k), without a permute (seeded bug fold_one_reshape)."
expect_no_out "heads are not split"
# repeat for repeat_interleave: heads 1 and 3 take example 1's length; said in keys, then named.
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/lens_repeat_not_interleave.cpp"
expect_out "  head 0: as the reference's"
expect_out "  head 1: masks key 2, which the reference weights"
expect_out "  head 3: masks key 2, which the reference weights"
expect_out "(seeded bug lens_repeat_not_interleave)."
# Every example is drawn and said: example 1's heads 1 and 3 weight the key example 0's length allows.
expect_out "5 heads of weights on test shapes_d2l_per_head at example 1; 3 of 5 as the reference's:"
expect_out "  head 3: weights key 2, which the reference masks"
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/lens_repeat_not_interleave.cpp" --example 1
expect_out "at example 1; 3 of 5"
expect_no_out "at example 0"
expect_exit 2 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/lens_repeat_not_interleave.cpp" --example 2
expect_err "--example: 2 is not an example of test shapes_d2l_per_head, which has 2 (0 to 1)"
# A mask no seeded bug makes (-2 for -1e6): the keys are said, and no mistake is named.
sed 's|scores.at({b, h, i, j}) = -1e6f;|scores.at({b, h, i, j}) = -2.0f;|' "$ROOT/reference/problem_mha/solution.cpp" >"$TMP/minus2.cpp"
grep -q -- '-2.0f;' "$TMP/minus2.cpp" || fail "the sed no longer matches the reference"
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$TMP/minus2.cpp"
expect_out "  head 4: weights keys 3, 4, 5, which the reference masks"
expect_out "No known mistake of this problem gives heads 0, 1, 2, 3, 4."
expect_no_out "exactly those of this mistake"
# Another head count, on a test named; a wrong mask differs without being a split bug.
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/mask_after_softmax.cpp" --test masking_sample
expect_out "4 heads of weights on test masking_sample at example 0; 0 of 4 as the reference's:"
expect_no_out "heads are not split"
# problem_mha_d2l's attention_heads returns its weights folded, (B·H, Lq, Lk), as D2L keeps them:
# heads unfolds them with the test's num_heads, and names the same three mistakes there.
expect_exit 0 "$JUDGE" --root "$ROOT" heads problem_mha_d2l --file "$ROOT/reference/problem_mha_d2l/solution.cpp"
expect_out "2 heads of weights on test heads_sample at example 1; 2 of 2 as the reference's:"
bug_source "$ROOT" problem_mha_d2l one_reshape_fold "$TMP/d2l_fold.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha_d2l --file "$TMP/d2l_fold.cpp"
expect_out "The test masks with valid_lens = [1, 3]."
expect_out "2 heads of weights on test heads_sample at example 1; 0 of 2 as the reference's:"
expect_out "Your weights are exactly those of this mistake: folding the heads with one reshape"
expect_out "(seeded bug one_reshape_fold)."
# repeat for repeat_interleave, in repeat_lens or inside the layer: the same weights, both named.
bug_source "$ROOT" problem_mha_d2l repeat_tiles "$TMP/d2l_tiles.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha_d2l --file "$TMP/d2l_tiles.cpp"
expect_out "  head 1: weights keys 1, 2, which the reference masks"
expect_out "Your weights are exactly those of each of these mistakes:"
expect_out "(seeded bug repeat_tiles)"
expect_out "(seeded bug lens_tiled_in_heads)"
# Shared heads: a transpose_qkv that gives every head the first d_k features.
sed 's|    return X.reshape({B, L, num_heads, -1}).permute({0, 2, 1, 3}).reshape({B \* num_heads, L, -1});|    const Tensor first = X.narrow(2, 0, X.size(2) / num_heads);\n    return judge::cat(std::vector<Tensor>(num_heads, first), 2).reshape({B, L, num_heads, -1}).permute({0, 2, 1, 3}).reshape({B * num_heads, L, -1});|; s|#include <tuple>|#include <tuple>\n#include <vector>|' \
    "$ROOT/reference/problem_mha_d2l/solution.cpp" >"$TMP/d2l_shared.cpp"
grep -q "const Tensor first" "$TMP/d2l_shared.cpp" || fail "the sed no longer matches the reference"
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha_d2l --file "$TMP/d2l_shared.cpp"
expect_out "weights: all 2 heads attend the same way; the reference's do not: heads are not split"
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
expect_out "(seeded bug heads_share_scores)."  # from the pack's answer key: it holds no bug's source
expect_exit 2 "$JUDGE" --root "$TMP/pack" heads problem_mha --file "$bugs/heads_share_scores.cpp" \
    --test per_head_random
expect_err "--test: per_head_random is a hidden test of problem_mha; its inputs are not shown"
