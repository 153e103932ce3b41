# shellcheck shell=bash
# judge show prints the statement, the signatures and the traps in order.
expect_exit 0 "$JUDGE" --root "$ROOT" show problem_mha
expect_out "Split heads and multi-head attention"
expect_out "judge::Tensor split_heads(const judge::Tensor& x, int64_t num_heads);"
expect_out "mask_head_alignment"
expect_out "(2, 5, 4, 20)"
expect_out "Traps, in the order they are assessed"
expect_out "Each head uses its own example's valid length (after masking)"
