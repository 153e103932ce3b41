# shellcheck shell=bash
# labels: sanitized
# Issue #22: the judge's own files, read back, name their path when damaged. A report.json that
# grade would reuse (its key unchanged) but that no judging wrote (invalid JSON, a forged score) is
# graded again, with a warning naming the file; merge refuses it, naming the file.
mkdir -p "$TMP/class/ada" "$TMP/class/bob"
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/ada/"
cp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp" "$TMP/class/bob/solution.cpp"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 2
cp "$TMP/g/grades.csv" "$TMP/grades.before"
printf '{"verdict": ' >"$TMP/g/students/ada/report.json"
sed -i 's/"score": [0-9]*/"score": 999/' "$TMP/g/students/bob/report.json"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 2
expect_err "judge: warning: $TMP/g/students/ada/report.json: invalid JSON: "
expect_err "; grading this student again"
expect_err "judge: warning: $TMP/g/students/bob/report.json: score 999 is outside 0..32; grading this student again"
expect_err "/2] ada: accepted 32/32"  # --jobs 2: either student may finish first
cmp -s "$TMP/grades.before" "$TMP/g/grades.csv" || fail "the regraded class files differ from the first run's"
# A damaged report with no key to reuse it still names its file when the class files are rebuilt.
printf 'not json' >"$TMP/g/students/ada/report.json"
rm -f "$TMP/g/students/ada/key"
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/g" --out "$TMP/m"
expect_err "judge: error: $TMP/g/students/ada/report.json: invalid JSON: "
[ -e "$TMP/m/grades.csv" ] && fail "merge wrote class files from a damaged report"
return 0
