# shellcheck shell=bash
# cost: 31
# validate --seeds N (issue #38): the reference, the accepted alternatives and every seeded bug
# judged again under N grading seeds. An "alternative" that is right only on the spec's own
# inputs (a table keyed on them) passes validate, and --seeds names the seed and the test it fails.
make_course
C=$TMP/course
for t in $(python3 -c 'import json,sys; print(" ".join(t["id"] for t in json.load(open(sys.argv[1]))["tests"]))' \
    "$C/problems/problem_sdpa/problem.json"); do
    expect_exit 0 "$JUDGE" -q --root "$C" run problem_sdpa --test "$t" --outputs "$TMP/runs/$t"
done
cp "$C/reference/problem_sdpa/solution.cpp" "$C/reference/problem_sdpa/accepted/lookup.cpp"
python3 "$HERE/lookup.py" "$C/reference/problem_sdpa/accepted/lookup.cpp" "$TMP"/runs/*
expect_exit 0 "$JUDGE" --root "$C" validate problem_sdpa
expect_out "4 accepted alternatives pass all tests"
expect_exit 1 "$JUDGE" --root "$C" validate problem_sdpa --seeds 2
expect_out "Under 2 grading seeds (judge submit --seed S reproduces one):"
expect_out "reference/problem_sdpa/accepted/lookup.cpp fails test"
expect_out "under 2 grading seeds, the reference passes every test"
expect_out "no_mask [masking]: caught by its trap under 2 of 2 seeds"
seed=$(grep -o "under grading seed [0-9]*, reference/problem_sdpa/accepted/lookup.cpp" "$TMP/out" | head -1 | awk '{print $4}')
seed=${seed%,}
expect_exit 1 "$JUDGE" -q --root "$C" submit problem_sdpa --file "$C/reference/problem_sdpa/accepted/lookup.cpp" --seed "$seed"
expect_exit 0 "$JUDGE" -q --root "$C" submit problem_sdpa --file "$C/reference/problem_sdpa/accepted/lookup.cpp"
rm "$C/reference/problem_sdpa/accepted/lookup.cpp"
expect_exit 0 "$JUDGE" --root "$C" validate problem_sdpa --seeds 2 --format json
python3 - "$TMP/out" <<'PY' || fail "validate --seeds --format json is not as docs/report.md says"
import json, sys
v = json.load(open(sys.argv[1]))
s = v["seeds"]
assert v["sound"] and len(s["seeds"]) == 2 and len(set(s["seeds"])) == 2 and 0 not in s["seeds"], s
assert [b["caught"] for b in s["bugs"]] == [2] * 5 and {b["id"] for b in s["bugs"]} >= {"no_mask", "no_scale"}, s
PY
expect_exit 2 "$JUDGE" --root "$C" validate problem_sdpa --seeds -1
expect_err "--seeds: expected 0 to 1000"
echo "  validate --seeds judges everything again under fresh inputs, and names the seed and test that fail"
