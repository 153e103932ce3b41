# shellcheck shell=bash
# cost: 30
# labels: sanitized
# Issue #21: judge run --inputs with --file says whether the outputs are the reference's, also
# where the reference throws; on a student pack there is no reference to compare with.
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_masks --test bad_lens_count --outputs "$TMP/b"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_masks --inputs "$TMP/b/inputs" --outputs "$TMP/o" \
    --file "$ROOT/reference/problem_masks/accepted/loops.cpp"
expect_out "the reference throws std::invalid_argument on these inputs: valid_lens must be (B,) or (B, Lq)"
expect_out "same as the reference"
bug_source "$ROOT" problem_masks no_shape_check "$TMP/noshape.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_masks --inputs "$TMP/b/inputs" --outputs "$TMP/o2" --file "$TMP/noshape.cpp"
expect_out "not the same as the reference"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --inputs "$TMP/b/inputs" --outputs "$TMP/o3"
expect_err "judge: error: run: give --test ID, or --inputs DIR and --function NAME"
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_masks --out "$TMP/pack"
# (loops.cpp throws on these inputs, as it must: exit 1, as without a comparison before)
expect_exit 1 "$JUDGE" --root "$TMP/pack" run problem_masks --inputs "$TMP/b/inputs" --outputs "$TMP/o4" \
    --file "$ROOT/reference/problem_masks/accepted/loops.cpp"
expect_out "not compared: a student pack holds no reference to run on your own inputs"
# Issue #64, point 6: a buggy file on a pack is never said to be right: its outputs are "not
# compared" (on stdout, where a verdict would be), and a sample test, which the pack has the answer
# of, is compared.
expect_no_out "same as the reference"
expect_exit 1 "$JUDGE" --root "$TMP/pack" run problem_masks --test bad_lens_count --outputs "$TMP/o5" --file "$TMP/noshape.cpp"
expect_out "test bad_lens_count: "
expect_no_out "not compared"
