# shellcheck shell=bash
# A submission that calls exit() is a runtime error that says so.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/exit_early/solution.cpp"
expect_out "exited (code 0) without finishing the call; is exit() or quick_exit() called?"
