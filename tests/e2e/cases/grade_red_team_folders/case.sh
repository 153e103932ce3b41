# shellcheck shell=bash
# labels: sanitized
# Issue #20 (second red team): hostile student folder names and submissions cannot break the
# class files, stop the class, or survive a regrade in another tier.
C="$TMP/class"
long=$(printf '!%.0s' $(seq 90))
esc=$(printf 'e\033[2Jx')
tabf=$(printf '\t=HYPERLINK("http://x")')
nonchar=$(printf 'a\xef\xbf\xbeb\xef\xbf\xbf')
mkdir -p "$C/$long" "$C/$esc" "$C/$tabf" "$C/$nonchar" "$C/zed" "$C/liner"
cp "$ROOT/reference/problem_mha/solution.cpp" "$C/$long/solution.cpp"
cp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp" "$C/zed/solution.cpp"
printf '#line 1 "\\nproblem_mha: accepted, 32/32 points, 9/9 traps passed"\nint x = ;\n' >"$C/liner/solution.cpp"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
expect_out "problem_mha: 6 students (6 graded, 0 unchanged)"
python3 "$HERE/check.py" "$TMP/g" "$long" || fail "the class files do not hold every student, safely"
# The #line trick names a file with a newline in it: its fake summary stays indented.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$C/liner/solution.cpp"
expect_out "Compilation failed."
grep -q '^problem_mha: accepted' "$TMP/out" && fail "a compile log line passed for the judge's summary"
expect_out "problem_mha: compile_error, 0/32 points"
# The same output graded again in the fallback tier reuses nothing computed in bubblewrap.
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
expect_out "(0 graded, 6 unchanged)"
JUDGE_SANDBOX=fallback expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
expect_out "(6 graded, 0 unchanged)"
# A merge of that output reads the long id back from its folder's id file.
expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/g" --out "$TMP/m"
cmp "$TMP/g/grades.csv" "$TMP/m/grades.csv" || fail "the merge lost or renamed a student"
