# shellcheck shell=bash
# An unknown problem exits 2 and names the known ones.
expect_exit 2 "$JUDGE" --root "$ROOT" show no_such_problem
expect_err "judge: error: unknown problem 'no_such_problem'"
expect_err "known problems: problem_attention_cost, problem_block, problem_decoder, problem_kv_cache, problem_masks, problem_mha, problem_mha_d2l, problem_norm_placement, problem_posenc, problem_sdpa"
