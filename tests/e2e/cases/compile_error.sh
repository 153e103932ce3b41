# shellcheck shell=bash
# labels: sanitized
# A compile error is a verdict with the compiler's words, and 0 points.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/compile_error/solution.cpp"
expect_out "Compilation failed. The compiler said:"
expect_out "solution.cpp:5:49: error: expected ';' before '}' token"
expect_out "problem_mha: compile_error, 0/32 points"
