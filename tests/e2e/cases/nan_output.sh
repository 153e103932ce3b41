# shellcheck shell=bash
# labels: sanitized
# NaN outputs are a wrong answer that counts them.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/nan_output/solution.cpp"
expect_out "output[0,0,0,0] is NaN (at example 0, head 0, position 0, feature 0; 16 NaN values; 16 of 16 elements differ); NaN never matches"
expect_out "problem_mha: wrong_answer"
