# shellcheck shell=bash
# cost: 6
# Issue #64, point 9: a judge whose box cannot start a program (the host's /dev/null made a regular
# file by another process on a shared machine) fails as the judge: doctor, submit and grade exit 3
# saying the sandbox cannot start a program, no student gets runtime_error or 0 points, and nothing
# run during the fault is kept: the same cache judges the reference accepted once the host is
# repaired. The fault is made in a mount namespace of its own, where a regular file is bound over
# /dev/null; that needs root and unshare, or the case is skipped.
: >"$TMP/not-a-device"
broken=(unshare -m sh -c 'mount --bind "$0" /dev/null && exec "$@"' "$TMP/not-a-device")
if [ "$(id -u)" != 0 ] || ! "${broken[@]}" true 2>/dev/null; then
    echo "skipped: breaking /dev/null in a mount namespace needs root and unshare -m"
    exit 77
fi
said="the sandbox cannot start a program: the judge's own test program, started in a box as a test is, failed"
expect_exit 3 "${broken[@]}" "$JUDGE" doctor
expect_out "box check:        FAILED: $said"
expect_exit 0 "$JUDGE" doctor
expect_out "box check:        starts a program as a test is started"

expect_exit 3 "${broken[@]}" "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp"
expect_err "judge: error: $said"
expect_err "the machine's fault, not the submission's, so nothing was judged or kept"
expect_no_out "runtime_error"
expect_no_out "killed by the submission"

mkdir -p "$TMP/class/ann" "$TMP/class/bob"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/class/ann/"
cp "$ROOT/reference/problem_sdpa/solution.py" "$TMP/class/bob/"
expect_exit 3 "${broken[@]}" "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g"
expect_err "the judge failed on 2 students"
for s in ann bob; do
    grep -q "^$s,judge_error,," "$TMP/g/grades.csv" || fail "$s is not judge_error without a grade: $(cat "$TMP/g/grades.csv")"
done
expect_no_out "Teach next"

# The host repaired, the cache used during the fault judges as a fresh one.
expect_exit 0 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp"
expect_out "problem_sdpa: accepted"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g2"
grep -q '^ann,accepted,' "$TMP/g2/grades.csv" || fail "ann is not accepted after the fault: $(cat "$TMP/g2/grades.csv")"
grep -q '^bob,accepted,' "$TMP/g2/grades.csv" || fail "bob is not accepted after the fault: $(cat "$TMP/g2/grades.csv")"
