# shellcheck shell=bash
# NaN outputs are a wrong answer that counts them.
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/nan_output/solution.cpp"
    expect_out "output[0,0,0,0] is NaN (16 NaN values; 16 of 16 elements differ); NaN never matches"
    expect_out "problem_mha: wrong_answer"
