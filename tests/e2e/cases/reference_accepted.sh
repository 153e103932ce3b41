# shellcheck shell=bash
# The reference is accepted with every point and every trap.
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
expect_out "problem_mha: accepted, 32/32 points, 9/9 traps passed"
expect_out "✓ chunk_order"
