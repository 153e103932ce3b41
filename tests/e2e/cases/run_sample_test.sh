# shellcheck shell=bash
# Issue #11: a failing sample test can be rerun; judge run --test writes its inputs, the expected
# outputs and the submission's; hidden tests only on the full course root.
bug="$ROOT/reference/problem_mha/bugs/fold_one_reshape.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug"
expect_out "      rerun: judge run problem_mha --test chunk_order_sample --file $bug --outputs chunk_order_sample"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_sample --file "$bug" --outputs "$TMP/s"
expect_out "test chunk_order_sample: wrong_answer: example 0, head 0, position 1 holds x[0,0,4:8]; expected x[0,1,0:4]"
for f in inputs/x.npy inputs/num_heads.npy expected/output.npy got/output.npy; do
    [ -f "$TMP/s/$f" ] || fail "judge run --test wrote no $f"
done
# The inputs it wrote are the test's: judge run --inputs on them gives the same outputs.
# Issue #21: it runs the reference on them too, and says where the two differ (exit 1).
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/s/inputs" --file "$bug" --outputs "$TMP/o"
cmp "$TMP/o/output.npy" "$TMP/s/got/output.npy" || fail "--test's inputs are not the test's"
expect_out "differs from the reference (wrong_answer): output[0,0,1,0] is 4, expected 8"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/s/inputs" \
    --file "$ROOT/reference/problem_mha/accepted/index_loops.cpp" --outputs "$TMP/o2"
expect_out "same as the reference"
# A problem with one function needs no --function.
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_masks --test pad_d2l --outputs "$TMP/m"
bug_source "$ROOT" problem_masks no_padding_mask "$TMP/nopad.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_masks --inputs "$TMP/m/inputs" --file "$TMP/nopad.cpp" --outputs "$TMP/m2"
expect_out "differs from the reference (wrong_answer): weights[0,0,0] is 0.161147, expected 0.463074"
# The reference passes it; without --file only the inputs and the expected outputs are written.
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_sample --file "$ROOT/reference/problem_mha/solution.cpp" --outputs "$TMP/r"
expect_out "test chunk_order_sample: passed"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --test masking_sample --outputs "$TMP/n"
[ -f "$TMP/n/expected/weights.npy" ] && [ ! -e "$TMP/n/got" ] || fail "without --file: expected/ only"
# Issue #24: on the full course root the instructor sees a hidden test too: inputs, expected, got.
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_arange --file "$bug" --outputs "$TMP/h"
expect_err "chunk_order_arange is a hidden test: shown because this is the full course root"
expect_out "test chunk_order_arange: wrong_answer:"
for f in inputs/x.npy expected/output.npy got/output.npy; do
    [ -f "$TMP/h/$f" ] || fail "judge run --test on a hidden test wrote no $f"
done
# A student pack has no hidden inputs: refused, naming the sample tests, and nothing written.
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_mha --out "$TMP/pack"
expect_exit 2 "$JUDGE" --root "$TMP/pack" run problem_mha --test chunk_order_arange --file "$bug" --outputs "$TMP/h2"
expect_err "judge: error: --test: chunk_order_arange is a hidden test of problem_mha; its inputs are not shown"
expect_err "Sample tests: shapes_d2l_per_head, shapes_d2l_block, chunk_order_sample, merge_order_two_heads,"
[ ! -e "$TMP/h2" ] || fail "a refused hidden test wrote files"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --test nope --outputs "$TMP/h"
expect_err 'judge: error: --test: problem_mha has no test "nope"; its sample tests are:'
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --outputs "$TMP/h"
expect_err "judge: error: run: give --test ID, or --inputs DIR and --function NAME"
