# shellcheck shell=bash
# Visibility "after_due_date" (per test, or a trap's default): withheld from submit and grade until
# released with --after-due-date, left out of a pack, and shown after the due date by Gradescope.
make_course
python3 "$HERE/check.py" "$TMP/course/problems/problem_sdpa/problem.json"
bug="$TMP/no_mask.cpp"
"$JUDGE" -q --root "$ROOT" show problem_sdpa --bug no_mask >"$bug" || fail "show --bug"
expect_exit 1 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$bug"
expect_out "3 more tests are withheld until after the due date"
expect_no_out "masking_zero_weights"
expect_exit 1 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$bug" --format json
python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
ids=[t['id'] for t in r['tests']]
assert r['withheld_tests']==3 and r['max_score']==5, (r['withheld_tests'], r['max_score'])
assert 'scale_narrow' not in ids and 'masking_intervention' not in ids and 'masking_sample' in ids, ids
" "$TMP/out" || fail "the withheld tests are in the report"
expect_exit 1 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$bug" --format gradescope --after-due-date
python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
v={t['name'].split(':')[0]: t['visibility'] for t in r['tests']}
assert v=={'softmax_axis':'visible','scale':'after_due_date','masking':'after_due_date','Summary':'after_due_date'}, v
assert sum(t['max_score'] for t in r['tests'])==8, r['tests']
" "$TMP/out" || fail "Gradescope's visibility does not follow the spec"
# Issue #45, point 5: what a student sees before the due date (the top level's output and the
# visible tests, tags and data included) names no withheld trap, and gives no total, verdict or
# first fix; the full summary is a test of its own shown after the due date.
python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
visible=[r['output']]+[json.dumps(t) for t in r['tests'] if t['visibility']=='visible']
text=' '.join(visible)
for word in ('masking', 'scale', '/8', 'points', 'Fix first', 'wrong_answer', 'first_fix'):
    assert word not in text, (word, text)
assert r['output'].startswith('problem_sdpa, before the due date: of the traps shown now, 1 passes and none fails.'), r['output']
summary=[t for t in r['tests'] if t['name']=='Summary']
assert len(summary)==1 and summary[0]['visibility']=='after_due_date' and summary[0]['max_score']==0, summary
assert 'Fix first: masking' in summary[0]['output'] and '/8 points' in summary[0]['output'], summary[0]['output']
" "$TMP/out" || fail "Gradescope shows a withheld trap, or the total, before the due date"
# Issue #63, point 4: what is visible does not depend on the withheld traps' results: the
# reference (masking passes) shows the same tests and the same top-level words as the bug.
cp "$TMP/out" "$TMP/bug_gs.json"
expect_exit 0 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp" \
    --format gradescope --after-due-date
python3 -c "
import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
vis=lambda r: [(t['name'], t['visibility']) for t in r['tests']]
assert vis(a)==vis(b), (vis(a), vis(b))
assert a['output']==b['output'], (a['output'], b['output'])
" "$TMP/bug_gs.json" "$TMP/out" || fail "what Gradescope shows before the due date depends on a withheld trap's result"
    expect_exit 0 "$JUDGE" -q --root "$TMP/course" pack problem_sdpa --out "$TMP/pack"
    grep -q '"masking_zero_weights"\|"scale_narrow"' "$TMP/pack/problems/problem_sdpa/problem.json" "$TMP/pack/key/problem_sdpa/key.json" &&
        fail "a test withheld until after the due date is in the pack"
    expect_exit 1 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$bug" --format json
    cp "$TMP/out" "$TMP/full.json"
    expect_exit 1 "$JUDGE" -q --root "$TMP/pack" submit problem_sdpa --file "$bug" --format json
    diff "$TMP/full.json" "$TMP/out" >/dev/null || fail "the pack's report differs from the full root's"
    expect_exit 2 "$JUDGE" --root "$TMP/pack" submit problem_sdpa --file "$bug" --after-due-date
    expect_err "needs the full course root"
    mkdir -p "$TMP/class/ann" && cp "$bug" "$TMP/class/ann/solution.cpp"
    expect_exit 0 "$JUDGE" -q --root "$TMP/course" grade problem_sdpa --class "$TMP/class" --out "$TMP/g"
    grep -q '"withheld": 3' "$TMP/g/grade.json" || fail "grade.json does not count the withheld tests"
    expect_exit 0 "$JUDGE" -q --root "$TMP/course" grade problem_sdpa --class "$TMP/class" --out "$TMP/g" --after-due-date
    grep -q '"max_score": 8' "$TMP/g/students/ann/report.json" || fail "--after-due-date did not release the tests"
    echo "  withheld from submit, grade and the pack; released by --after-due-date; Gradescope shows them after the due date"
