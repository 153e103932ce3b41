# shellcheck shell=bash
# Issue #45, point 2: CodeGrade's custom test reads the points from descriptor 3, and shows the
# step's standard output to the student: --codegrade-fd 3 writes the points line there, the same
# line --format codegrade prints, while the text report goes to standard output in the same step.
bug="$TMP/bug.cpp"
"$JUDGE" -q --root "$ROOT" show problem_sdpa --bug no_mask >"$bug" || fail "show --bug"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$bug" --format codegrade
cp "$TMP/out" "$TMP/points"
grep -q '"tag":"points"' "$TMP/points" || fail "--format codegrade printed no points line: $(cat "$TMP/points")"
"$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$bug" --codegrade-fd 3 3>"$TMP/fd3" >"$TMP/out" 2>"$TMP/err"
status=$?
[ "$status" = 1 ] || fail "submit --codegrade-fd exited $status, expected 1 (not accepted)"
cmp -s "$TMP/fd3" "$TMP/points" || fail "descriptor 3 holds '$(cat "$TMP/fd3")', not the points line '$(cat "$TMP/points")'"
expect_out "problem_sdpa: wrong_answer"
expect_no_out '"tag":"points"'
# A descriptor that is not open, or one of the standard three, is refused before anything is judged.
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_sdpa --file "$bug" --codegrade-fd 7
expect_err "--codegrade-fd 7: expected an open descriptor above 2"
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_sdpa --file "$bug" --codegrade-fd 1
expect_err "--codegrade-fd 1: expected an open descriptor above 2"
# A student with no file still gets their points line, 0 of the maximum, as --format codegrade
# prints it, and the exit of a submission that did not pass (issue #63, point 3).
mkdir -p "$TMP/empty"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --dir "$TMP/empty" --format codegrade
cp "$TMP/out" "$TMP/none_points"
grep -q '"points":"0/' "$TMP/none_points" || fail "--format codegrade with no file: $(cat "$TMP/none_points")"
"$JUDGE" -q --root "$ROOT" submit problem_sdpa --dir "$TMP/empty" --codegrade-fd 3 3>"$TMP/fd3" >"$TMP/out" 2>"$TMP/err"
status=$?
[ "$status" = 1 ] || fail "submit --dir EMPTY --codegrade-fd exited $status, expected 1 as --format codegrade"
cmp -s "$TMP/fd3" "$TMP/none_points" || fail "no file: descriptor 3 holds '$(cat "$TMP/fd3")', not '$(cat "$TMP/none_points")'"
expect_err "no solution.cpp or solution.py in $TMP/empty"
echo "  the points line on descriptor 3, for a wrong answer and for a student with no file"
