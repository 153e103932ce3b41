# shellcheck shell=bash
# A student pack gives the full root's report, byte for byte, for every seeded bug, accepted
# alternative, the template, a NumPy and a PyTorch file, and (problem_mha) the e2e submissions; a
# cold cache builds nothing trusted for it. Run as pack_same_reports:<problem>.
p=$PROBLEM n=0
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack "$p" --out "$TMP/pack"
mkdir -p "$TMP/subs"
for f in "$ROOT"/reference/"$p"/bugs/*; do
    b=$(basename "${f%.*}")
    "$JUDGE" -q --root "$ROOT" show "$p" --bug "$b" >"$TMP/subs/bug_$b.cpp" || fail "show --bug $b"
done
for f in "$ROOT"/reference/"$p"/accepted/*.cpp; do cp "$f" "$TMP/subs/accepted_$(basename "$f")"; done
cp "$ROOT/student_template/$p/solution.cpp" "$TMP/subs/template.cpp"
if [ "$p" = problem_mha ]; then
    for f in "$ROOT"/tests/e2e/submissions/*/solution.cpp; do cp "$f" "$TMP/subs/e2e_$(basename "$(dirname "$f")").cpp"; done
fi
# Python (issue #26): the NumPy translation of the reference and one PyTorch seeded bug, where
# the e2e case python_submissions has them; the misconception comes from the answer key too.
py=$ROOT/tests/e2e/cases/python_submissions/$p
if [ -d "$py" ]; then
    cp "$py/numpy_reference.py" "$TMP/subs/py_numpy_reference.py"
    f=$(ls "$py"/torch_*.py | head -1)
    cp "$f" "$TMP/subs/py_$(basename "$f")"
fi
mkdir -p "$TMP/cold"
for f in "$TMP"/subs/*.cpp "$TMP"/subs/*.py; do
    [ -e "$f" ] || continue
    "$JUDGE" -q --root "$ROOT" submit "$p" --file "$f" --format json >"$TMP/full.json" 2>/dev/null
    JUDGE_CACHE="$TMP/cold" "$JUDGE" -q --root "$TMP/pack" submit "$p" --file "$f" --format json >"$TMP/packed.json" 2>"$TMP/err"
    diff "$TMP/full.json" "$TMP/packed.json" >"$TMP/diff" || { head -30 "$TMP/diff"; fail "$(basename "$f"): the pack's report differs"; }
    # Issue #21: a counterexample (or a failed sample test's values) always shows a difference.
    python3 "$HERE/check.py" "$TMP/full.json" || fail "$(basename "$f"): a counterexample shows expected == got"
    n=$((n + 1))
done
# Nothing trusted was compiled or run for the pack: no program but the submissions' own objects.
[ -d "$TMP/cold/runs" ] && fail "a submit on the pack ran a trusted program (cache runs/)"
[ -d "$TMP/cold/bin" ] && [ -n "$(ls -A "$TMP/cold/bin")" ] && fail "a submit on the pack built a trusted program (cache bin/)"
echo "  $n submissions of $p: the same JSON report on the pack as on the full root, no counterexample without a difference"
