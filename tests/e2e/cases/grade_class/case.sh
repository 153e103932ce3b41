# shellcheck shell=bash
# cost: 36
# labels: concurrent
# A class of six (correct, buggy, missing, broken, hostile) graded in parallel: every file.
make_class "$TMP/class"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 2
expect_out "problem_mha: 6 students (6 graded, 0 unchanged)"
expect_err "judge: [6/6]"
cp "$HERE/want.csv" "$TMP/want.csv"
cmp "$TMP/want.csv" "$TMP/g/grades.csv" || { diff "$TMP/want.csv" "$TMP/g/grades.csv"; fail "grades.csv differs"; }
grep -q '<failure type="wrong_answer"' "$TMP/g/junit.xml" || fail "junit.xml has no failure"
grep -q '<error type="compile_error"' "$TMP/g/junit.xml" || fail "junit.xml has no compile error"
grep -q '| `mask_head_alignment` | Each head uses its own example' "$TMP/g/summary.md" || fail "summary.md lacks the trap table"
# The outputs parse with standard tools.
python3 "$HERE/check.py" "$TMP/g" || fail "the outputs do not parse with Python's csv, xml.etree and json"
# A rerun resumes: nothing is graded again and the class files are byte-identical.
cp "$TMP/g/grades.csv" "$TMP/g/junit.xml" "$TMP/g/summary.md" "$TMP/"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g"
expect_out "problem_mha: 6 students (0 graded, 6 unchanged)"
for f in grades.csv junit.xml summary.md; do cmp "$TMP/$f" "$TMP/g/$f" || fail "$f changed on a rerun"; done
# A changed submission is graded again.
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/bob/solution.cpp"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g"
expect_out "problem_mha: 6 students (1 graded, 5 unchanged)"
grep -q "^bob,accepted,32,32" "$TMP/g/grades.csv" || fail "bob was not regraded"
# On a terminal, a live line: done/total, who is being graded now, an ETA.
if command -v script >/dev/null; then
    script -qec "'$JUDGE' --root '$ROOT' grade problem_mha --class '$TMP/class' --out '$TMP/g2'" /dev/null >"$TMP/tty" 2>&1
    grep -q "\[1/6\] alice: accepted 32/32; now: .*; ETA" "$TMP/tty" || { cat "$TMP/tty"; fail "no live progress line on a terminal"; }
fi
