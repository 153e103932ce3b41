# shellcheck shell=bash
# cost: 36
# Issue #11: a mistake fails its own trap; what comes after it is blocked, not failed.
bug="$ROOT/reference/problem_mha/bugs/fold_one_reshape.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug"
expect_out "Fix first: chunk_order (Each head holds one consecutive chunk of features)"
expect_out "· per_head_loop"
expect_out "    not assessed until chunk_order passes (0 of 4 points until then)"
expect_out "problem_mha: wrong_answer, 13/32 points, 3/9 traps passed (5 not assessed yet)"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format json
python3 "$HERE/check.py" "$TMP/out" || fail "the JSON statuses are wrong"
# A blocked trap scores 0 (report.md, "Points"): per_head_loop's passing test gives nothing.
grep -q '"score": 13' "$TMP/out" || fail "the score is not 13: a blocked trap scored"
# The template: nothing implemented; the first trap fails, everything after it is blocked.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --format json
grep -q '"first_fix": "shapes"' "$TMP/out" || fail "the template's first fix is not shapes"
# An accepted submission has no first fix.
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp" --format json
grep -q '"first_fix": null' "$TMP/out" || fail "an accepted report names a first fix"
