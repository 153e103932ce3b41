# shellcheck shell=bash
# Issue #10: a misconception is named only when exactly one seeded bug explains the trap, and an
# exception matches a bug's only when it comes from the same operation.
cp -r "$ROOT/tests/hostile/course" "$TMP/course"
B="$TMP/course/reference/probe/bugs"
mkdir -p "$B"
for b in double_a double_b; do sed "s/@BUG@/$b/" "$HERE/double.cpp.in" >"$B/$b.cpp"; done
cp "$HERE/reshape_wrong.cpp" "$B/reshape_wrong.cpp"
cp "$HERE/double.cpp" "$TMP/double.cpp"
cp "$HERE/reshape5.cpp" "$TMP/reshape5.cpp"
cp "$HERE/permute.cpp" "$TMP/permute.cpp"
# Two bugs give the same outputs on every test: neither is named.
expect_exit 1 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/double.cpp" --format json
grep -q '"misconception": {' "$TMP/out" && { cat "$TMP/out"; fail "an ambiguous misconception was named"; }
expect_out '"verdict": "wrong_answer"'
# The same exception from the same operation (other values in the message): named.
expect_exit 1 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/reshape5.cpp" --format json
expect_out '"bug": "reshape_wrong"'
expect_out '"text": "reshaping to a wrong shape"'
# The same exception type from another operation: not named.
expect_exit 1 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/permute.cpp" --format json
grep -q '"misconception": {' "$TMP/out" && { cat "$TMP/out"; fail "an exception matched by its type alone"; }
expect_out '"verdict": "runtime_error"'
