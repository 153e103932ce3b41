# shellcheck shell=bash
# labels: sanitized
# A failed hidden test names the output and the misconception, never a position, a count, a value,
# a shape or an input (issue #39): each depends on its inputs, which a grading seed draws anew.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/bugs/scale_by_sqrt_D.cpp"
expect_out "test per_head_random (hidden) in multi_head_attention_per_head: output differs from the expected values (where and by how much are shown on sample tests only)"
expect_no_out "per_head_random (hidden): output["
expect_out "This is exactly the output of this mistake: scaling the scores by the square root of the full width D instead of d_k."
