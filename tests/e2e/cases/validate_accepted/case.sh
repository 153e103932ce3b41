# shellcheck shell=bash
# Issue #12 (part): reference/<problem>/accepted/*.cpp are other correct solutions validate must
# accept; one that a test rejects is an error naming the file, the test and its trap.
C="$TMP/course"
cp -r "$ROOT/tests/hostile/course" "$C"
mkdir -p "$C/reference/probe/accepted" "$C/reference/probe/bugs"
cp "$HERE/doubled.cpp" "$C/reference/probe/bugs/doubled.cpp"
cp "$HERE/times_one.cpp" "$C/reference/probe/accepted/times_one.cpp"
cp "$HERE/plus_zero.cpp" "$C/reference/probe/accepted/plus_zero.cpp"
expect_exit 0 "$JUDGE" --root "$C" validate probe
expect_out "2 accepted alternatives pass all tests"
cp "$HERE/doubled_2.cpp" "$C/reference/probe/accepted/doubled.cpp"
expect_exit 1 "$JUDGE" --root "$C" validate probe --format json
python3 "$HERE/check.py" "$TMP/out" || fail "the JSON does not name the rejected alternative"
cp "$HERE/doubled_3.cpp" "$C/reference/probe/accepted/doubled.cpp"
expect_exit 1 "$JUDGE" --root "$C" validate probe
expect_out "reference/probe/accepted/doubled.cpp: this accepted alternative does not compile:"
# The shipped problems have two each, in other styles: e2e validate checks it, in its one run of
# validate --all.
