# shellcheck shell=bash
# A loop is a time limit, and after two the remaining tests are not run: the work is bounded by
# what the report counts (2 tests run to their limit, 30 not run), never by a wall time, which
# depends on the machine's load.
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$SUB/time_limit/solution.cpp" --format json
expect_out '"verdict": "time_limit"'
[ -n "$(box_pids "$TMP")" ] && fail "a process of the submission survived"
python3 - "$TMP/out" <<'PY' || fail "expected 2 tests run to the time limit and 30 not run"
import json
import sys
tests = json.load(open(sys.argv[1]))["tests"]
ran = [t["id"] for t in tests if t["message"].startswith("did not finish within the time limit of 2000 ms")]
skipped = [t["id"] for t in tests if t["message"] == "not run: 2 earlier tests already hit the time limit"]
assert len(ran) == 2 and len(skipped) == 30 and all(t["verdict"] == "time_limit" for t in tests), (ran, len(skipped))
PY
echo "  2 tests ran to the time limit, 30 were not run"
return 0
