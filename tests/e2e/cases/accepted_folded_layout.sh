# shellcheck shell=bash
# An accepted alternative in another layout (heads folded into the batch) is accepted.
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/accepted/folded_layout.cpp"
expect_out "problem_mha: accepted"
