# shellcheck shell=bash
# Issue #45, point 1: PrairieLearn's grader-host contract, run here as the host runs it: the
# question's entry point split on spaces and run with no shell, /grade/results not made for it,
# the exit code read (results.json is read only on 0), and results.json parsed for the fields
# PrairieLearn's docs give (gradable, score in [0, 1], message, output, tests[]).
G="$TMP/grade"
mkdir -p "$G/student" "$G/tests"
"$JUDGE" -q --root "$ROOT" show problem_sdpa --bug no_mask >"$G/student/solution.cpp" || fail "show --bug"
# tests/grading_seed holds the problem's key, as docs/ci.md makes it (issue #62).
PL_SECRET=$("$JUDGE" secret new) "$JUDGE" -q --root "$ROOT" secret key problem_sdpa --from-env PL_SECRET \
    >"$G/tests/grading_seed" || fail "judge secret key"
key=$(cut -d: -f3 "$G/tests/grading_seed")
entrypoint="$ROOT/scripts/prairielearn/judge-prairielearn problem_sdpa --root $ROOT"
host() {  # the grader host: the entry point split on spaces, no shell
    local argv
    read -ra argv <<<"$entrypoint"
    GRADE_DIR="$G" JUDGE="$JUDGE" "${argv[@]}" >"$TMP/out" 2>"$TMP/err"
}
chmod 755 "$G/tests"
chmod 644 "$G/tests/grading_seed"
host || fail "the entry point exited $?; PrairieLearn would read no results"
# The key and tests/ became their owner's alone before the student's program ran (issue #62).
[ "$(stat -c %a "$G/tests/grading_seed") $(stat -c %a "$G/tests")" = "600 700" ] ||
    fail "the grading seed is still readable by other users: $(stat -c %a "$G/tests/grading_seed")"
check() {  # check GRADABLE MIN_SCORE MAX_SCORE
    python3 - "$G/results/results.json" "$key" "$@" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
key = sys.argv.pop(2)
gradable, lo, hi = sys.argv[2] == "true", float(sys.argv[3]), float(sys.argv[4])
assert r["gradable"] is gradable, r
assert lo <= r["score"] <= hi and 0 <= r["score"] <= 1, r["score"]
assert isinstance(r["message"], str) and isinstance(r.get("output", ""), str), r
if gradable:
    assert all({"name", "points", "max_points"} <= set(t) for t in r["tests"]), r["tests"]
    assert key not in json.dumps(r), "the grading seed is in the results"
else:
    assert r["format_errors"], r
PY
}
check true 0 0.99 || fail "a wrong answer's results.json is not PrairieLearn's"
# The reference: full marks, exit 0 all the same.
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$G/student/solution.cpp"
rm -rf "$G/results"
host || fail "the entry point exited $? on an accepted submission"
check true 1 1 || fail "an accepted submission does not score 1"
# Judging stops at 100 s, under the question's 120 (docs/ci.md); a --deadline of the question's
# own entry point wins, given once to the judge.
printf '#!/bin/sh\necho "$@" >"%s"\nexit 3\n' "$TMP/args" >"$TMP/args-judge"
chmod +x "$TMP/args-judge"
JUDGE_SAVED=$JUDGE
JUDGE="$TMP/args-judge"
host
grep -q -- "--deadline 100" "$TMP/args" || fail "the entry point does not pass --deadline 100: $(cat "$TMP/args")"
entrypoint="$ROOT/scripts/prairielearn/judge-prairielearn problem_sdpa --root $ROOT --deadline 25"
host
[ "$(grep -o -- --deadline "$TMP/args" | wc -l)" = 1 ] && grep -q -- "--deadline 25" "$TMP/args" ||
    fail "the question's --deadline does not replace the default: $(cat "$TMP/args")"
JUDGE=$JUDGE_SAVED
host || fail "the entry point exited $? with --deadline 25"
check true 1 1 || fail "an accepted submission with --deadline 25 does not score 1"
entrypoint="$ROOT/scripts/prairielearn/judge-prairielearn problem_sdpa --root $ROOT"
# A human-sized secret is refused: not gradable, naming the command that makes a real one.
cp "$G/tests/grading_seed" "$TMP/key"
echo 482913 >"$G/tests/grading_seed"
host || fail "the entry point exited $? on a short secret"
check false 0 0 || fail "a short secret is not a not-gradable result"
grep -q 'judge secret new' "$G/results/results.json" || fail "the refusal does not say how to make a secret"
cp "$TMP/key" "$G/tests/grading_seed"
# The judge fails (here: it is not there): not gradable, with the reason, and still exit 0.
JUDGE_SAVED=$JUDGE
JUDGE="$TMP/no-such-judge"
host || fail "the entry point exited $? when the judge failed"
JUDGE=$JUDGE_SAVED
check false 0 0 || fail "a judge failure is not PrairieLearn's not-gradable result"
grep -q "judge exited 127" "$G/results/results.json" || fail "the not-gradable result does not say why"
# No problem named: not gradable, saying how the entry point is written.
entrypoint="$ROOT/scripts/prairielearn/judge-prairielearn"
host || fail "the entry point exited $? with no problem"
check false 0 0 || fail "an entry point with no problem is not not-gradable"
