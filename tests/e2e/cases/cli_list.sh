# shellcheck shell=bash
# judge list shows the ten problems with their titles, from the root or from below it.
expect_exit 0 "$JUDGE" --root "$ROOT" list
expect_out "problem_attention_cost  The cost of a multi-head attention layer"
expect_out "problem_block           A pre-norm Transformer block: attention, residuals, LayerNorm and the FFN"
expect_out "problem_decoder         The two attentions of a Transformer decoder block"
expect_out "problem_kv_cache        Incremental decoding with a key-value cache"
expect_out "problem_masks           Masked softmax with padding and causal masks"
expect_out "problem_mha             Split heads and multi-head attention"
expect_out "problem_mha_d2l         Multi-head attention in D2L's layout"
expect_out "problem_norm_placement  Post-norm and pre-norm: where LayerNorm sits in a Transformer block"
expect_out "problem_posenc          Sinusoidal positional encoding, added to X"
expect_out "problem_sdpa            Scaled dot-product attention with valid_lens"
[ "$(grep -c '^problem_' "$TMP/out")" = 10 ] || fail "judge list should show ten problems"
# The course root is also found from the current directory.
(cd "$ROOT/problems" && "$JUDGE" list) >"$TMP/out" 2>"$TMP/err" || fail "list from a subdirectory failed"
expect_out "problem_mha"
