# shellcheck shell=bash
# judge pack --gradescope writes a reproducible autograder zip as Gradescope specifies.
# judge pack --gradescope: an autograder zip as Gradescope's specification has it (setup.sh and
# run_autograder at the root, executable), reproducible, whose run_autograder writes results.json
# for a submission, says what is missing when there is none, and never leaves results.json empty.
# It grades with a secret seed (issue #38): the zip must be given one, and no result names it. The zip
# holds the problem's key, never the term's secret (issue #62).
GS_SEED=$("$JUDGE" secret new)
export GS_SEED
key=$("$JUDGE" -q --root "$ROOT" secret key problem_sdpa --from-env GS_SEED)
expect_exit 2 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --gradescope --out "$TMP/a.zip"
expect_err "--gradescope: give --seed-from-env VAR, the secret grading seed"
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --gradescope --out "$TMP/a.zip" --seed-from-env GS_SEED
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --gradescope --out "$TMP/b.zip" --seed-from-env GS_SEED
cmp -s "$TMP/a.zip" "$TMP/b.zip" || fail "two autograder zips of the same root differ"
grep -qF "$GS_SEED" "$TMP/out" "$TMP/err" && fail "judge pack printed the seed"
mkdir -p "$TMP/ag/source" "$TMP/ag/submission"
# (Python's zipfile, not unzip, which setup.sh does not install: without it this check passed unseen.)
python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); sys.exit(any(sys.argv[2].encode() in z.read(n) for n in z.namelist()))' \
    "$TMP/a.zip" "$GS_SEED" || fail "the zip holds the term's secret"
python3 "$HERE/check.py" "$TMP/a.zip" "$TMP/ag/source" "$key" || fail "the zip is not as Gradescope's specification has it"
no_seed() {  # the results hold neither the secret nor the seed derived from it
    if grep -qiF -e "$GS_SEED" -e "${key##*:}" "$TMP/ag/results/results.json"; then fail "results.json names the seed"; fi
}
AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
grep -q "no solution.cpp or solution.py in $TMP/ag/submission" "$TMP/ag/results/results.json" ||
    fail "no submission is not said: $(cat "$TMP/ag/results/results.json")"
# A link, to the reference or anywhere, is never read (issue #38): as the file, or as its folder.
graded_as_zero() {  # TARGET NAME WORDS: the submission NAME linking to TARGET scores 0, saying WORDS
    ln -s "$1" "$TMP/ag/submission/$2"
    AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
    python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['score']==0 and sys.argv[2] in r['output'], r" \
        "$TMP/ag/results/results.json" "$3" || fail "a linked $2 was graded: $(cat "$TMP/ag/results/results.json")"
    rm "$TMP/ag/submission/$2"
}
graded_as_zero "$ROOT/reference/problem_sdpa/solution.cpp" solution.cpp "solution.cpp is a symbolic link"
graded_as_zero "$ROOT/reference/problem_sdpa" problem_sdpa "a regular file in the student"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/ag/submission/solution.cpp"
# The judge is handed the secret in its environment, and told to read it from there.
cat >"$TMP/spy" <<SPY
#!/usr/bin/env bash
printf '%s\n' "\$*" "seed=\${GRADING_SEED:-}" >"$TMP/spied"
exec "$JUDGE" "\$@"
SPY
chmod +x "$TMP/spy"
AUTOGRADER="$TMP/ag" JUDGE="$TMP/spy" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
grep -q -- "--dir $TMP/ag/submission .*--seed-from-env GRADING_SEED" "$TMP/spied" || fail "not graded with the seed: $(cat "$TMP/spied")"
grep -qxF "seed=$key" "$TMP/spied" || fail "the judge was not handed the zip's key"
python3 -c "
import json,sys; r=json.load(open(sys.argv[1])); assert r['score']==r['extra_data']['max_score']>0, r
" "$TMP/ag/results/results.json" || fail "the reference is not accepted: $(cat "$TMP/ag/results/results.json")"
no_seed
"$JUDGE" -q --root "$ROOT" show problem_sdpa --bug no_mask >"$TMP/ag/submission/solution.cpp"
AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
assert r['score']==5 and len(r['tests'])==3 and 'Fix first: masking' in r['output'], r
" "$TMP/ag/results/results.json" || fail "results.json is not the judge's Gradescope report"
no_seed
    # A Python submission (issue #26): the same report, in the same format.
    rm "$TMP/ag/submission/solution.cpp"
    py_bug problem_sdpa "$ROOT/tests/e2e/cases/python_submissions/problem_sdpa/torch_mask_fill_zero.patch" \
        "$TMP/ag/submission/solution.py"
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
expect_exit 2 "$JUDGE" --root "$ROOT" pack problem_sdpa --gradescope --judge-source "$TMP" --out "$TMP/c.zip" \
    --seed-from-env GS_SEED
expect_err "is not the judge's source tree"
echo "  setup.sh and run_autograder at the root; results.json for a submission, for none, for a failed judge"
