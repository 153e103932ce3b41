# shellcheck shell=bash
# Issue #41, point 8: a submission whose outputs change from run to run (dropout left on) is not
# diagnosed from one run. Every wrong answer is run again on the same inputs; when the outputs
# change, the report says so first, names no trap to fix first and no mistake, and gives no
# counterexample. A deterministic wrong answer is not told so.
for f in dropout.py dropout.cpp; do
    expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$HERE/$f"
    expect_out "Output changes: test "
    expect_out "gave other outputs when run again on the same inputs. Is dropout, or a random draw without a fixed seed, left on?"
    expect_out "the output changes from run to run on the same inputs"
    expect_no_out "Fix first"
    expect_no_out "This is exactly the output of this mistake"
    expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$HERE/$f" --format json
    python3 - "$TMP/out" <<'PY' || fail "$f: the JSON report does not say that the output changes"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["first_fix"] is None, r["first_fix"]
changing = [t for t in r["tests"] if t.get("output_changes")]
assert changing, "no test says its output changes"
for t in changing:
    assert not t.get("misconception") and not t.get("counterexample") and "values" not in t, t
PY
done
# A seeded bug's wrong answers do not change: it is diagnosed, and not told its output changes.
bug_source "$ROOT" problem_sdpa no_scale "$TMP/no_scale.cpp"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/no_scale.cpp"
expect_out "Fix first: scale"
expect_no_out "Output changes"
echo "  outputs that change from run to run are said, not diagnosed"
