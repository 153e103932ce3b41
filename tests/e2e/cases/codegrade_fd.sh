# shellcheck shell=bash
# Issue #45, point 2: CodeGrade's custom test reads the points from descriptor 3, and shows the
# step's standard output to the student: --codegrade-fd 3 writes the points line there, the same
# line --format codegrade prints, while the text report goes to standard output in the same step.
bug="$TMP/bug.cpp"
"$JUDGE" -q --root "$ROOT" show problem_sdpa --bug no_mask >"$bug" || fail "show --bug"
# same_line_on_fd3 WANT SUBMISSION...: --format codegrade prints a line matching WANT (exit 1), and
# --codegrade-fd 3 writes that same line to descriptor 3, with the same exit; $TMP/out and
# $TMP/err are then the --codegrade-fd run's.
same_line_on_fd3() {
    local want=$1 status
    shift
    expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa "$@" --format codegrade
    cp "$TMP/out" "$TMP/points"
    grep -q "$want" "$TMP/points" || fail "--format codegrade $*: no line like $want: $(cat "$TMP/points")"
    "$JUDGE" -q --root "$ROOT" submit problem_sdpa "$@" --codegrade-fd 3 3>"$TMP/fd3" >"$TMP/out" 2>"$TMP/err"
    status=$?
    [ "$status" = 1 ] || fail "submit $* --codegrade-fd exited $status, expected 1 (not accepted), as --format codegrade"
    cmp -s "$TMP/fd3" "$TMP/points" || fail "$*: descriptor 3 holds '$(cat "$TMP/fd3")', not '$(cat "$TMP/points")'"
}
same_line_on_fd3 '"tag":"points"' --file "$bug"
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
same_line_on_fd3 '"points":"0/' --dir "$TMP/empty"
expect_err "no solution.cpp or solution.py in $TMP/empty"
echo "  the points line on descriptor 3, for a wrong answer and for a student with no file"
