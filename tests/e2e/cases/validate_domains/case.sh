# shellcheck shell=bash
# cost: 75
# Issue #21: the domain lint finds the boundaries no test reaches. A copy of problem_masks whose
# causal tests are all square, a copy of problem_mha_d2l with no length 0, and a copy of
# problem_attention_cost whose counts stay under 2^31: each is a warning, and --strict fails.
make_course
python3 "$HERE/check.py" "$TMP/course/problems"
rm "$TMP"/course/reference/problem_masks/bugs/causal_bottom_right.patch
rm "$TMP"/course/reference/problem_mha_d2l/bugs/neg_inf_fill.patch
rm "$TMP"/course/reference/problem_attention_cost/bugs/counts_in_*.patch
expect_exit 0 "$JUDGE" --root "$TMP/course" validate problem_masks
expect_out "! trap causal: every causal test of it, and of the traps after it, has scores[1] = scores[2], though its domain lets them differ: a causal mask aligned bottom-right would pass"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_masks --strict --seeds 0
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_mha_d2l --strict --seeds 0
expect_out "! trap folded_masking: no test of it, or of a trap after it, has a length 0 in valid_lens of folded_attention, which its domain allows (min 0): a wrong fill value (-inf for -1e6) would pass"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_attention_cost --strict --seeds 0 --format json
python3 "$HERE/check_2.py" "$TMP/out" || fail "the count warnings are not in the JSON"
# A test outside the domain is a warning too; a domain that names no parameter is a spec error.
make_course
python3 "$HERE/check_3.py" "$TMP/course/problems/problem_masks/problem.json"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_masks --strict --seeds 0
expect_out "! test pad_mixed: valid_lens holds 7, outside its domain (0 to scores[2])"
python3 "$HERE/check_4.py" "$TMP/course/problems/problem_masks/problem.json"
expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_masks
expect_err "problem.json: functions[0].domain.lengths.valid_lens.max: expected a tensor parameter of masked_softmax and an axis, e.g. \"scores[2]\", got \"scores[x]\""
