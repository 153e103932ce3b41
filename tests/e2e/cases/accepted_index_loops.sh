# shellcheck shell=bash
# An accepted alternative written as index loops is accepted.
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/accepted/index_loops.cpp"
expect_out "problem_mha: accepted"
