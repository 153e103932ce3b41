# shellcheck shell=bash
# Issue #12 (part): reference/<problem>/accepted/*.cpp (and *.py, issue #40) are other correct
# solutions validate must accept, judged as a student's file is; one that a test rejects is an
# error naming the file, the test and its trap.
C="$TMP/course"
cp -r "$ROOT/tests/hostile/course" "$C"
mkdir -p "$C/reference/probe/accepted" "$C/reference/probe/bugs"
cp "$HERE/doubled.cpp" "$C/reference/probe/bugs/doubled.cpp"
cp "$HERE/times_one.cpp" "$C/reference/probe/accepted/times_one.cpp"
cp "$HERE/plus_zero.cpp" "$C/reference/probe/accepted/plus_zero.cpp"
cp "$HERE/numpy_copy.py" "$C/reference/probe/accepted/numpy_copy.py"
expect_exit 0 "$JUDGE" --root "$C" validate probe --seeds 2
expect_out "3 accepted alternatives pass all tests"
expect_out "under 2 grading seeds, the 3 accepted alternatives pass every test"
cp "$HERE/doubled_2.cpp" "$C/reference/probe/accepted/doubled.cpp"
expect_exit 1 "$JUDGE" --root "$C" validate probe --format json
python3 "$HERE/check.py" "$TMP/out" || fail "the JSON does not name the rejected alternative"
cp "$HERE/doubled_3.cpp" "$C/reference/probe/accepted/doubled.cpp"
expect_exit 1 "$JUDGE" --root "$C" validate probe
expect_out "reference/probe/accepted/doubled.cpp: this accepted alternative (C++) does not compile:"
rm "$C/reference/probe/accepted/doubled.cpp"
# A Python one that does not load, and one whose first line states a language it cannot be.
cp "$HERE/broken.py" "$C/reference/probe/accepted/broken.py"
expect_exit 1 "$JUDGE" --root "$C" validate probe
expect_out "reference/probe/accepted/broken.py: this accepted alternative (NumPy) does not load:"
expect_out "broken.py:5"
rm "$C/reference/probe/accepted/broken.py"
{ echo "# judge: cpp"; cat "$HERE/numpy_copy.py"; } >"$C/reference/probe/accepted/stated.py"
expect_exit 1 "$JUDGE" --root "$C" validate probe
expect_out "reference/probe/accepted/stated.py:1:"
# The shipped problems have two each, in other styles: e2e validate checks it, in its one run of
# validate --all.
