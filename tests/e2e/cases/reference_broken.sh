# shellcheck shell=bash
# A reference that does not compile is the course's error (exit 2), not the student's.
make_course
echo "this is not C++" >"$TMP/course/reference/problem_mha/solution.cpp"
expect_exit 2 "$JUDGE" --root "$TMP/course" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
expect_err "judge: error: reference/problem_mha/solution.cpp: the reference does not compile:"
# A reference that throws on a test: validate names the test, its input shapes and the message,
# once (exit 2), with no per-bug warning after it.
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/course/reference/problem_mha/solution.cpp"
sed -i 's|^    const int64_t B = x.size(0), L = x.size(1), D = x.size(2);|    if (x.size(0) == 2) throw std::invalid_argument("two examples");\n&|' \
    "$TMP/course/reference/problem_mha/solution.cpp"
expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_mha
expect_err "judge: error: reference/problem_mha/solution.cpp: fails test shapes_d2l_per_head (query (2, 4, 100) from randn, key (2, 6, 100) from randn, value (2, 6, 100) from randn, num_heads = 5, valid_lens = [3, 2]): threw std::invalid_argument: two examples"
[ "$(grep -c "error\|warning\|!" "$TMP/out" "$TMP/err" | awk -F: '{s += $2} END {print s}')" = 1 ] ||
    fail "validate said more than the reference's failure"
# A reference that fails a test that expects an exception: the error names the test and its
# inputs, and the seeded bugs are not run against it (no warning per bug).
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/course/reference/problem_mha/solution.cpp"
sed -i 's|if (num_heads < 1) throw std::invalid_argument(|if (num_heads < 1) throw std::out_of_range(|' \
    "$TMP/course/reference/problem_mha/solution.cpp"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_mha
expect_out "✗ reference fails test"
expect_out "threw std::out_of_range: split_heads: num_heads must be at least 1"
expect_out "the seeded bugs and the mutants are not run until the reference passes every test"
expect_no_out "also fails trap"
expect_no_out "Kill matrix"
