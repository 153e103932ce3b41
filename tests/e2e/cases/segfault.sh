# shellcheck shell=bash
# labels: sanitized
# A segmentation fault is a runtime error that names the signal.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/segfault/solution.cpp"
expect_out "crashed with SIGSEGV (segmentation fault: an invalid memory access)"
expect_out "problem_mha: runtime_error"
