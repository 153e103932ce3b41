# shellcheck shell=bash
# Every submission a problem ships, judged once on the full root, with what each must give
# (check.py), and again on a student pack, which gives the same report byte for byte; a cold cache
# builds nothing trusted for the pack. Run as pack_same_reports:<problem>, one ctest test each:
#   - each seeded bug (a .cpp, or a .patch applied by judge show --bug) is rejected, fails its own
#     trap and no other, is the one to fix first, and is named as itself;
#   - the accepted alternatives (C++, and NumPy: numpy_arrays.py, accepted as NumPy) and the C++
#     and Python references are accepted, the template not;
#   - the Python files of tests/e2e/cases/python_submissions/<problem>/ (docs/python.md): each
#     torch_<bug>.patch, a PyTorch
#     translation of a seeded bug (a patch of the Python reference, py_bug), is judged as PyTorch and named as that bug, from the C++ bug's
#     runs in the answer key, and is the C++ bug's twin: the same verdict, points, traps, fix-first
#     trap and misconceptions (issue #40);
#   - problem_mha: the e2e submissions.
# The pack judges every C++ file and two Python ones (the NumPy alternative and the first PyTorch bug):
# a Python file costs several times a C++ one, and the answer key is the same for all of them.
p=$PROBLEM n=0
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack "$p" --out "$TMP/pack"
mkdir -p "$TMP/subs"
# expect/<file>: what check.py asserts of it (a bug id, accepted, rejected).
mkdir -p "$TMP/expect"
for f in "$ROOT"/reference/"$p"/bugs/*; do
    b=$(basename "${f%.*}")
    "$JUDGE" -q --root "$ROOT" show "$p" --bug "$b" >"$TMP/subs/bug_$b.cpp" || fail "show --bug $b"
    echo "bug $b $(sed -n 's|^// trap: ||p' "$f" | head -1)" >"$TMP/expect/bug_$b.cpp"
done
on_pack=()
for f in "$ROOT"/reference/"$p"/accepted/*; do
    cp "$f" "$TMP/subs/accepted_$(basename "$f")"
    case $f in
    *.cpp) echo "accepted cpp" >"$TMP/expect/accepted_$(basename "$f")" ;;
    */numpy_*.py)
        echo "accepted numpy" >"$TMP/expect/accepted_$(basename "$f")"
        on_pack+=("accepted_$(basename "$f")")
        ;;
    *) fail "$f: an accepted alternative this case does not know the language of" ;;
    esac
done
cp "$ROOT/student_template/$p/solution.cpp" "$TMP/subs/template.cpp"
echo "rejected cpp" >"$TMP/expect/template.cpp"
if [ "$p" = problem_mha ]; then
    for f in "$ROOT"/tests/e2e/submissions/*/solution.cpp; do cp "$f" "$TMP/subs/e2e_$(basename "$(dirname "$f")").cpp"; done
fi
py=$ROOT/tests/e2e/cases/python_submissions/$p
cp "$ROOT/reference/$p/solution.py" "$TMP/subs/py_reference.py"
echo "accepted torch" >"$TMP/expect/py_reference.py"
if [ -d "$py" ]; then
    for f in "$py"/torch_*.patch; do
        b=$(basename "$f" .patch); b=${b#torch_}
        h="$ROOT/reference/$p/bugs/$b.cpp"
        [ -f "$h" ] || h="$ROOT/reference/$p/bugs/$b.patch"
        [ -f "$h" ] || fail "$f translates no seeded bug (no bugs/$b.cpp or .patch)"
        py_bug "$p" "$f" "$TMP/subs/py_torch_$b.py"
        echo "bug $b $(sed -n 's|^// trap: ||p' "$h" | head -1) torch twin $TMP/reports/bug_$b.cpp.json" \
            >"$TMP/expect/py_torch_$b.py"
        [ ${#on_pack[@]} = 1 ] && on_pack+=("py_torch_$b.py")
    done
    [ "$(ls "$py"/torch_*.patch | wc -l)" -ge 3 ] || fail "$p: fewer than 3 PyTorch seeded bugs in $py"
fi
mkdir -p "$TMP/cold" "$TMP/reports"
for f in "$TMP"/subs/*.cpp "$TMP"/subs/*.py; do
    [ -e "$f" ] || continue
    name=$(basename "$f")
    # A PyTorch twin judged on the full root only skips the counterexample search (a second box
    # that imports torch again): the twin check compares verdicts, points, traps and names, and
    # the twin judged on the pack too searches, as a student's would.
    cx=()
    [ "${name#py_torch_}" != "$name" ] && [[ " ${on_pack[*]} " != *" $name "* ]] && cx=(--no-counterexamples)
    "$JUDGE" -q --root "$ROOT" submit "$p" --file "$f" --format json "${cx[@]}" >"$TMP/full.json" 2>"$TMP/err"
    # Issue #21: a counterexample (or a failed sample test's values) always shows a difference.
    # shellcheck disable=SC2046  # the expectation's words are check.py's arguments
    python3 "$HERE/check.py" "$TMP/full.json" $(cat "$TMP/expect/$name" 2>/dev/null) ||
        { head -c 2000 "$TMP/err"; fail "$name: the report is not what it should be (above)"; }
    cp "$TMP/full.json" "$TMP/reports/$name.json"
    if [ "${name%.py}" != "$name" ] && [[ " ${on_pack[*]} " != *" $name "* ]]; then continue; fi
    JUDGE_CACHE="$TMP/cold" "$JUDGE" -q --root "$TMP/pack" submit "$p" --file "$f" --format json >"$TMP/packed.json" 2>"$TMP/err"
    diff "$TMP/full.json" "$TMP/packed.json" >"$TMP/diff" || { head -30 "$TMP/diff"; fail "$name: the pack's report differs"; }
    n=$((n + 1))
done
# Nothing trusted was compiled or run for the pack: no program but the submissions' own objects.
[ -d "$TMP/cold/runs" ] && fail "a submit on the pack ran a trusted program (cache runs/)"
[ -d "$TMP/cold/bin" ] && [ -n "$(ls -A "$TMP/cold/bin")" ] && fail "a submit on the pack built a trusted program (cache bin/)"
echo "  $(ls "$TMP/subs" | wc -l) submissions of $p judged as they should be; $n give the same JSON report on the pack"
