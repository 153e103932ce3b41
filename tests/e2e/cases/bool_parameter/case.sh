# shellcheck shell=bash
# Issue #12 (part 1): a bool parameter is a C++ bool in the signature, true/false in the spec and
# the reports, and NumPy's bool (or 0/1) on the wire for judge run.
C="$TMP/course"
mkdir -p "$C/problems/flip" "$C/reference/flip"
cp "$HERE/flip_problem.json" "$C/problems/flip/problem.json"
echo "Negate x when asked." >"$C/problems/flip/statement.md"
cp "$HERE/flip_solution.cpp" "$C/reference/flip/solution.cpp"
cp "$HERE/ignores.cpp" "$TMP/ignores.cpp"
expect_exit 0 "$JUDGE" --root "$C" show flip
expect_out "judge::Tensor flip(const judge::Tensor& x, bool negate);"
expect_exit 0 "$JUDGE" --root "$C" submit flip --file "$C/reference/flip/solution.cpp"
expect_exit 1 "$JUDGE" --root "$C" submit flip --file "$TMP/ignores.cpp" --format json
python3 "$HERE/check.py" "$TMP/out" || fail "the bool is not shown as true/false"
# judge run takes NumPy's bool, and 0/1 as int64; anything else is refused by the harness.
mkdir -p "$TMP/in"
python3 "$HERE/check_2.py" "$TMP/in"
expect_exit 0 "$JUDGE" --root "$C" run flip --function flip --inputs "$TMP/in" --outputs "$TMP/o"
expect_err "negate.npy: converted bool to int64 (exactly)"
python3 -c "import sys; d=open('$TMP/o/output.npy','rb').read(); assert d.endswith(bytes.fromhex('0000c0bf00000040')), d[-8:]" ||
    fail "negate = True did not negate"
cp "$TMP/in/two.npy" "$TMP/in/negate.npy"
expect_exit 1 "$JUDGE" --root "$C" run flip --function flip --inputs "$TMP/in" --outputs "$TMP/o2"
expect_out "expected 0 or 1 for a bool"
