# shellcheck shell=bash
# labels: sanitized
# A failed hidden test shows positions and the misconception, never values or inputs.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/bugs/scale_by_sqrt_D.cpp"
expect_out "test per_head_random (hidden): output[0,0,0,0] differs from the expected value"
expect_no_out "per_head_random (hidden): output[0,0,0,0] is"
expect_out "This is exactly the output of this mistake: scaling the scores by the square root of the full width D instead of d_k."
