# shellcheck shell=bash
# judge pack --gradescope writes a reproducible autograder zip as Gradescope specifies.
# judge pack --gradescope: an autograder zip as Gradescope's specification has it (setup.sh and
# run_autograder at the root, executable), reproducible, whose run_autograder writes results.json
# for a submission, says what is missing when there is none, and never leaves results.json empty.
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --gradescope --out "$TMP/a.zip"
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --gradescope --out "$TMP/b.zip"
cmp -s "$TMP/a.zip" "$TMP/b.zip" || fail "two autograder zips of the same root differ"
mkdir -p "$TMP/ag/source" "$TMP/ag/submission"
python3 "$HERE/check.py" "$TMP/a.zip" "$TMP/ag/source" || fail "the zip is not as Gradescope's specification has it"
AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
grep -q "No solution.cpp or solution.py in the submission" "$TMP/ag/results/results.json" || fail "no submission is not said"
"$JUDGE" -q --root "$ROOT" show problem_sdpa --bug no_mask >"$TMP/ag/submission/solution.cpp"
AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
assert r['score']==5 and len(r['tests'])==3 and 'Fix first: masking' in r['output'], r
" "$TMP/ag/results/results.json" || fail "results.json is not the judge's Gradescope report"
    # A Python submission (issue #26): the same report, in the same format.
    rm "$TMP/ag/submission/solution.cpp"
    cp "$ROOT/tests/e2e/cases/python_submissions/problem_sdpa/torch_mask_fill_zero.py" "$TMP/ag/submission/solution.py"
    AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
    python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
assert r['score']==5 and len(r['tests'])==3 and 'Fix first: masking' in r['output'], r
assert r['extra_data']['language']=='torch', r['extra_data']
" "$TMP/ag/results/results.json" || fail "results.json is not the judge's Gradescope report of solution.py"
AUTOGRADER="$TMP/ag" JUDGE=/bin/false "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
grep -q "The judge could not grade this submission (exit 1)" "$TMP/ag/results/results.json" ||
    fail "a judge that fails leaves no word in results.json"
expect_exit 2 "$JUDGE" --root "$ROOT" pack problem_sdpa problem_mha --gradescope --out "$TMP/c.zip"
expect_err "--gradescope: name one problem"
expect_exit 2 "$JUDGE" --root "$ROOT" pack problem_sdpa --gradescope --judge-source "$TMP" --out "$TMP/c.zip"
expect_err "is not the judge's source tree"
echo "  setup.sh and run_autograder at the root; results.json for a submission, for none, for a failed judge"
