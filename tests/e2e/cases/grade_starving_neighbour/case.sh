# shellcheck shell=bash
# Issue #9: boxes graded side by side never share a process limit. A fork bomb holds every process
# its box may have while its neighbours compile and run: with one uid for all boxes, they failed
# ("vfork: Resource temporarily unavailable"). Each box now runs as a uid of its own.
[ "$(id -u)" = 0 ] || { echo "skipped: distinct box uids need root"; return 0; }
"$JUDGE" doctor | grep "tier:             bubblewrap" >/dev/null || { echo "skipped: no bubblewrap here"; return 0; }
cp -r "$ROOT/tests/hostile/course" "$TMP/course"
C="$TMP/class"
for s in n1 n2 n3 n4 n5; do
    mkdir -p "$C/$s"
    cp "$TMP/course/reference/probe/solution.cpp" "$C/$s/solution.cpp"
done
mkdir -p "$C/bomb"
cp "$HERE/bomb_solution.cpp" "$C/bomb/solution.cpp"
JUDGE_SANDBOX=bubblewrap expect_exit 0 "$JUDGE" --root "$TMP/course" grade probe --class "$C" --out "$TMP/g" --jobs 3
grep -q "^bomb,time_limit," "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; fail "the bomb was not stopped by the time limit"; }
for s in n1 n2 n3 n4 n5; do
    grep -q "^$s,accepted," "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; cat "$TMP/g/students/$s/report.json"; fail "$s was starved by the bomb"; }
done
