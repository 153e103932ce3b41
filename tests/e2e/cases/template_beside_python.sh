# shellcheck shell=bash
# cost: 25
# Issue #63: the Classroom template keeps solution.cpp, and a Python student hands in solution.py
# beside it. The untouched template is never taken over the file the student wrote: --dir, the
# current folder and `grade` judge solution.py (accepted), and its report is no untouched template
# (summary.md counts it as an attempt). Two changed files are invalid_submission naming both, never a silent choice.
mkdir -p "$TMP/ada" "$TMP/class/ada" "$TMP/class/bo"
cp "$ROOT/student_template/problem_mha/solution.cpp" "$TMP/ada/solution.cpp"
cp "$ROOT/reference/problem_mha/accepted/numpy_arrays.py" "$TMP/ada/solution.py"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/ada"
expect_out "problem_mha: accepted, 32/32 points"
expect_out "solution.py"
(cd "$TMP/ada" && "$JUDGE" --root "$ROOT" submit problem_mha) >"$TMP/out" 2>"$TMP/err" ||
    fail "the current folder's solution.py was not judged (exit $?)"
expect_err "judging solution.py"
# A C++ student beside the untouched PyTorch template: the C++ file.
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/bo/solution.cpp"
cp "$ROOT/student_template/problem_mha/solution.py" "$TMP/class/bo/solution.py"
cp "$TMP/ada/solution.cpp" "$TMP/ada/solution.py" "$TMP/class/ada/"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/grades" --seed 11
grep -q '^ada,accepted,32' "$TMP/grades/grades.csv" || fail "ada's solution.py was not graded: $(cat "$TMP/grades/grades.csv")"
grep -q '^bo,accepted,32' "$TMP/grades/grades.csv" || fail "bo's solution.cpp was not graded: $(cat "$TMP/grades/grades.csv")"
[ -f "$TMP/grades/students/ada/report.json" ] || fail "no report for ada"
grep -q '"untouched_template"' "$TMP/grades/students/ada/report.json" &&
    fail "ada's report says untouched template: summary.md would count no attempt"
# Both files changed: no choice made for the student.
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/ada/solution.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/ada"
expect_out "invalid_submission"
expect_out "solution.cpp and solution.py both differ from the templates: hand in one file, the one you wrote, and delete the other"
(cd "$TMP/ada" && "$JUDGE" --root "$ROOT" submit problem_mha) >"$TMP/out" 2>"$TMP/err" && fail "two changed files were judged"
expect_err "judge: error: solution.cpp and solution.py both differ from the templates"
