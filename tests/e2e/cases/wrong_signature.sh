# shellcheck shell=bash
# labels: sanitized
# A wrong signature is a compile error that shows the declarations to define.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/wrong_signature/solution.cpp"
expect_out "undefined reference to"
expect_out "split_heads(judge::Tensor const&, long)"
expect_out "judge: your solution must define, with exactly these parameter types:"
expect_out "    judge::Tensor split_heads(const judge::Tensor& x, int64_t num_heads)"
