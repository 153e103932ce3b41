# shellcheck shell=bash
# cost: 45
# labels: sanitized
# Issue #11: a failed hidden test gets a counterexample on fresh small inputs, and it reproduces
# through judge run: the submission's outputs there are the "got", the reference's the "expected".
bug="$ROOT/reference/problem_mha/bugs/merge_without_permute.cpp" d="$TMP/cx/merge_order_arange"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --save-counterexamples "$TMP/cx"
# The trap speaks through its sample test; the hidden one's counterexample is saved.
expect_out "test merge_order_two_heads (sample) in merge_heads: example 0, position 0, feature 4:8 holds x[0,0,1,0:4]"
expect_err "saved 6 counterexamples under $TMP/cx"
[ -f "$d/inputs/x.npy" ] && [ -f "$d/expected/output.npy" ] && [ -f "$d/got/output.npy" ] ||
    fail "the counterexample's folders are incomplete"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --function merge_heads --inputs "$d/inputs" --file "$bug" --outputs "$TMP/again"
expect_out "differs from the reference (wrong_answer)"
cmp "$TMP/again/output.npy" "$d/got/output.npy" || fail "judge run does not reproduce the submission's output"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function merge_heads --inputs "$d/inputs" --outputs "$TMP/ref"
cmp "$TMP/ref/output.npy" "$d/expected/output.npy" || fail "judge run does not reproduce the expected output"
cmp -s "$TMP/ref/output.npy" "$TMP/again/output.npy" && fail "the counterexample does not tell them apart"
# The JSON has it in the documented form, and nothing of the hidden test's inputs.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format json
python3 "$HERE/check.py" "$TMP/out" || fail "the JSON counterexample is wrong"
# The same report twice: the search is deterministic.
cp "$TMP/out" "$TMP/first.json"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format json
cmp "$TMP/out" "$TMP/first.json" || fail "the counterexamples differ between two runs"
# --no-counterexamples turns the search off.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format json --no-counterexamples
grep -q '"counterexample' "$TMP/out" && fail "--no-counterexamples still searched"
# A folder that cannot be written: the report is still printed, then exit 2.
touch "$TMP/file"
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --save-counterexamples "$TMP/file"
expect_out "problem_mha: wrong_answer"
expect_err "judge: error: --save-counterexamples: cannot write $TMP/file"
