# shellcheck shell=bash
# labels: sanitized
# Issue #9: links in the class folder, a Latin-1 student id and a formula id. Each student's result
# stays that student's, nothing outside the class is read, and the class files still parse.
C="$TMP/class"
mkdir -p "$C/ada" "$C/eve" "$C/env" "$C/=1+2" "$C/caf"$'\xe9'
cp "$ROOT/reference/problem_mha/solution.cpp" "$C/ada/solution.cpp"
cp "$ROOT/reference/problem_mha/solution.cpp" "$C/caf"$'\xe9'/solution.cpp
cp "$ROOT/reference/problem_mha/bugs/no_mask.cpp" "$C/=1+2/solution.cpp"
ln -s "$ROOT/reference/problem_mha/solution.cpp" "$C/eve/solution.cpp"   # the reference itself
ln -s "$C/ada" "$C/mal"                                                  # a classmate's folder
ln -s /proc/self/environ "$C/env/solution.cpp"                           # CI secrets in the environment
JUDGE_TEST_SECRET=SECRET_9_ENV expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
expect_out "problem_mha: 6 students (6 graded, 0 unchanged)"
grep -q "^ada,accepted,32,32," "$TMP/g/grades.csv" || fail "ada's grade changed"
for s in eve mal env; do
    grep -q "^$s,invalid_submission,0,32," "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; fail "$s is not invalid_submission"; }
done
grep -q "^'=1+2,wrong_answer," "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; fail "a formula id stays a formula"; }
grep -q "eve/solution.cpp is a symbolic link (or lies behind one); a submission must be a regular file" "$TMP/g/students/eve/report.json" ||
    fail "eve's report does not say why"
if grep -rq "SECRET_9_ENV" "$TMP/g"; then fail "the environment leaked into the outputs"; fi
if grep -q "float\* \|judge::Tensor mha" "$TMP/g/students/mal/report.json"; then fail "a classmate's code leaked"; fi
python3 "$HERE/check.py" "$TMP/g" || fail "the outputs do not parse"
# submit --file follows a link the user names on purpose.
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$C/eve/solution.cpp"
expect_out "problem_mha: accepted, 32/32 points"
