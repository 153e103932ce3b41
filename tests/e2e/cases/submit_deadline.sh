# shellcheck shell=bash
# cost: 12
# Issue #62, point 7: a submission whose every call sleeps 5.4 s (within the wall-clock limit) and
# returns nothing useful kept `judge submit` busy 154 s, past PrairieLearn's 120 s. With --deadline
# the judge stops the box when the time is up and still writes the gradable result: the tests that
# ran, and "not run: out of time" for the rest. The sleeps make it certain that none finishes
# within the deadline on any machine, so nothing here depends on the machine's speed.
cat >"$TMP/slow.cpp" <<'CPP'
#include <judge/tensor.hpp>
#include <chrono>
#include <thread>
judge::Tensor probe(const judge::Tensor& x) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5400));
    return x * 0.0f;
}
CPP
course="$ROOT/tests/hostile/course"
expect_exit 1 timeout 100 "$JUDGE" --root "$course" submit probe --file "$TMP/slow.cpp" --deadline 2 --format json
python3 - "$TMP/out" <<'PY' || fail "the deadline did not stop the judging with a gradable result"
import json
import sys

r = json.load(open(sys.argv[1]))
assert r["verdict"] == "time_limit" and r["score"] == 0, (r["verdict"], r["score"])
said = {t["id"]: t["message"] for t in r["tests"]}
assert all(m == "not run: out of time (the time for judging this submission ran out)" for m in said.values()), said
print("every test: not run: out of time")
PY
# The platforms' formats are written the same way: a grade, not a failure of the grader.
expect_exit 1 timeout 100 "$JUDGE" --root "$course" submit probe --file "$TMP/slow.cpp" --deadline 2 --format prairielearn
python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["gradable"] is True and r["score"] == 0, r' \
    "$TMP/out" || fail "PrairieLearn's result is not gradable"
# A deadline of 0, or past a day, is refused before anything runs.
expect_exit 2 "$JUDGE" --root "$course" submit probe --file "$TMP/slow.cpp" --deadline 0
expect_err "--deadline"
