# shellcheck shell=bash
# labels: sanitized
# A failed hidden test says its verdict and the misconception, never an output's name, a position,
# a count, a value, a shape or an input (issues #39 and #62): each depends on its inputs, which a
# grading seed draws anew, or on what the submission chose to do with them.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/bugs/scale_by_sqrt_D.cpp"
expect_out "test per_head_random (hidden) in multi_head_attention_per_head: multi_head_attention_per_head's result is wrong (hidden test: only its verdict is shown)"
expect_no_out "per_head_random (hidden): output["
expect_out "This is exactly the output of this mistake: scaling the scores by the square root of the full width D instead of d_k."
