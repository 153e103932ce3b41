# shellcheck shell=bash
# cost: 35
# labels: concurrent sanitized
# Issue #10: `validate` says how far the tests can be trusted. A course built to trip each warning:
# a function whose two tensors hold the same data in every test, a head count equal to the batch in
# every test of one trap, a trap without a sample test and one without a hidden test, two seeded
# bugs no test tells apart, a bug that also fails other traps, a test that catches no bug, one that
# keeps its inputs under every grading seed ("keep": "all": a pack's table passes it, issue #38), an
# int with one value in every test, and a bug only one hidden test catches (issue #43).
C="$TMP/course"
cp -r "$ROOT/tests/hostile/course" "$C"
python3 "$HERE/check.py" "$C/problems/probe/problem.json"
cp "$HERE/reference_solution.cpp" "$C/reference/probe/solution.cpp"
cp "$HERE/template_solution.cpp" "$C/student_template/probe/solution.cpp"
mkdir -p "$C/reference/probe/bugs"
for b in double_a double_b; do sed "s/@BUG@/$b/" "$HERE/double.cpp.in" >"$C/reference/probe/bugs/$b.cpp"; done
cp "$HERE/both_wrong.cpp" "$C/reference/probe/bugs/both_wrong.cpp"
cp "$HERE/twelve_only.cpp" "$C/reference/probe/bugs/twelve_only.cpp"
expect_exit 0 "$JUDGE" --root "$C" validate probe
expect_out "pair: a and b hold the same data in every test, so a solution that uses one for the other passes"
expect_out "trap diff: a batch = k in every test of pair there, so mistakes that confuse them give the same output"
expect_out "trap diff: b batch = k in every test of pair there"
expect_out "trap diff has no sample test"
expect_out "trap extra has no hidden test"
expect_out "no test tells double_a from double_b: neither can be named to a student"
expect_out "both_wrong (trap identity) also fails traps diff, extra"
expect_out "test zeros rejects no seeded bug"
# Issue #43, point 3: an int that is 2 in both tests of pair; a bug that only the hidden test
# random rejects (notes, which --strict does not count).
expect_out "pair: k is 2 in all 2 of its tests, so a solution that writes 2 in for it passes"
expect_out "twelve_only is rejected by one test only (random): another test of trap identity"
expect_out "twelve_only is rejected only by hidden tests (random): a student with this mistake has no failing sample"
expect_out "1 of 6 points (1 of 6 tests: zeros) keep their sizes and stated values under a grading seed"
expect_out "validate: ok (1 problem, 9 warnings)"
# --strict fails on warnings; --format json carries them with their kinds.
expect_exit 1 "$JUDGE" --root "$C" validate probe --strict --seeds 0
expect_out "validate: 9 warnings (--strict)"
expect_exit 0 "$JUDGE" --root "$C" validate probe --format json
python3 "$HERE/check_2.py" "$TMP/out" || fail "validate --format json does not match docs/report.md"
expect_exit 2 "$JUDGE" --root "$C" validate probe --format xml
expect_err 'validate --format: expected text or json, got "xml"'
# --mutants: a mutant of `a - b` is killed; the literal of an unused constant survives, with its
# diff, until the spec declares it equivalent (then it is listed apart, with the reason).
cp "$HERE/mutants_solution.cpp" "$C/reference/probe/solution.cpp"
expect_exit 0 "$JUDGE" --root "$C" validate probe --mutants --format json
python3 "$HERE/check_3.py" "$TMP/out" "$C/problems/probe/problem.json" || fail "the mutation report is not as documented"
expect_exit 0 "$JUDGE" --root "$C" validate probe --mutants
# Progress: in a log, a line per tenth of the way at most (not one per mutant)...
n=$(grep -c 'judge: info: mutants: ' "$TMP/err" || true)
[ "$n" -ge 1 ] && [ "$n" -le 10 ] || fail "validate --mutants wrote $n progress lines to a log"
# ...and on a terminal one line, rewritten in place.
script -qec "$(printf '%q ' "$JUDGE" --root "$C" validate probe --mutants)" /dev/null >"$TMP/tty" 2>&1 || true
[ "$(grep -c 'mutants: [0-9]*/[0-9]*' "$TMP/tty")" = 1 ] || fail "on a terminal, the mutants' progress is not one line"
grep -q $'\r' "$TMP/tty" || fail "on a terminal, the progress line is not rewritten in place"
expect_out "Mutants of reference/probe/solution.cpp:"
expect_out "3 declared equivalent"
expect_out "(100.0%)"
expect_out "    = int:3:28:0: unused"
# An equivalent_mutants id that matches nothing is a warning on every validate, --mutants or not.
python3 - "$C/problems/probe/problem.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["equivalent_mutants"].append({"id": "int:30:5:0", "reason": "a line the reference does not have"})
json.dump(spec, open(sys.argv[1], "w"))
PY
expect_exit 1 "$JUDGE" --root "$C" validate probe --strict --seeds 0
expect_out 'equivalent_mutants[3] "int:30:5:0" matches no mutant of reference/probe/solution.cpp; remove it'
# --changed and --survivors (issue #43, point 1): the last --mutants run's record answers for the
# mutants of unchanged lines, and for all but its survivors. Nothing changed: nothing runs.
expect_exit 0 "$JUDGE" --root "$C" validate probe --changed --jobs 1
expect_out "    0 run now; "
expect_out " as the last --mutants run of this reference found them"
# One line changed: only its mutants run, each killed.
sed -i 's/^    return a - b;$/    return (a - b);/' "$C/reference/probe/solution.cpp"
expect_exit 0 "$JUDGE" --root "$C" validate probe --changed --format json
python3 - "$TMP/out" <<'PY' || fail "--changed ran other mutants than those of the changed line"
import json, sys
m = json.load(open(sys.argv[1]))["mutants"]
ran = m["total"] - m["reused"]
assert 0 < ran < m["total"] and sorted(e["id"] for e in m["equivalent"]) == ["delete:4:5", "int:3:28:0", "int:3:28:1"], m
PY
# --survivors: the three that passed every test run again, nothing else.
expect_exit 0 "$JUDGE" --root "$C" validate probe --survivors --format json
python3 - "$TMP/out" <<'PY' || fail "--survivors did not run exactly the last run's survivors"
import json, sys
m = json.load(open(sys.argv[1]))["mutants"]
assert m["total"] - m["reused"] == 3 and len(m["equivalent"]) == 3 and m["survivors"] == [], m
PY
# No earlier run (another copy of the reference): every mutant runs, and the summary says why.
mkdir -p "$TMP/c2" && cp -r "$C/." "$TMP/c2/"
expect_exit 0 "$JUDGE" --root "$TMP/c2" validate probe --survivors
expect_out "no record of an earlier validate --mutants of this reference: every mutant ran"
expect_exit 2 "$JUDGE" --root "$C" validate probe --changed --survivors
expect_exit 2 "$JUDGE" --root "$C" validate probe --mutants --jobs 0
