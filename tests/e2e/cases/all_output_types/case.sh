# shellcheck shell=bash
# labels: sanitized
# Issue #12: every output type through the real harness, in a problem written in schema 2 with a
# seeded bug as a patch: a tensor, an int_tensor, an int and a float, returned as a std::tuple.
make_course
c="$TMP/course"
mkdir -p "$c/problems/types" "$c/reference/types/bugs" "$c/student_template/types"
cp "$HERE/types_problem.json" "$c/problems/types/problem.json"
echo "# Every output type" >"$c/problems/types/statement.md"
cp "$HERE/types_solution.cpp" "$c/reference/types/solution.cpp"
cp "$HERE/skip_first.patch" "$c/reference/types/bugs/skip_first.patch"
cp "$HERE/template_solution.cpp" "$c/student_template/types/solution.cpp"
expect_exit 0 "$JUDGE" --root "$c" validate types
expect_out "reference passes all 2 tests"
expect_out "skip_first [values]: caught by 2 tests"
expect_exit 0 "$JUDGE" --root "$c" show types
expect_out "std::tuple<judge::Tensor, judge::IntTensor, int64_t, float> summarize(const judge::Tensor& x, const judge::IntTensor& lens, bool flag);"
bug_source "$c" types skip_first "$TMP/skip.cpp"
expect_exit 1 "$JUDGE" --root "$c" submit types --file "$TMP/skip.cpp"
expect_out "test sample (sample): total is 20, expected 21"
expect_out "inputs: x (2, 3) from arange, lens = [[1, 2], [3, 4]], flag = true"
expect_exit 0 "$JUDGE" --root "$c" run types --test sample --file "$c/reference/types/solution.cpp" --outputs "$TMP/r"
expect_out "got/count.npy: () int64 = 4"
expect_out "got/total.npy: () float32 = 21"
expect_out "got/shifted.npy: (2, 2) int64"
expect_out "got/doubled.npy: (2, 3) float32"
