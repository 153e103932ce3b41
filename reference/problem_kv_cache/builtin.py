"""problem_kv_cache through PyTorch's own modules, for `validate --cross-check` (docs/python.md).

attend_step runs torch.nn.MultiheadAttention(bias=False) with the new tokens as queries and the
grown caches as keys and values: its key and value projections are the identity (the cache holds
projected keys and values), its query projection W_q and its output projection W_o, and its
attn_mask the causal mask of positions T to T + n - 1 over all T + n. So every step is full causal
attention at the new tokens' positions, as nn.MultiheadAttention computes it.
"""
import torch


def attend_step(x, K_cache, V_cache, num_heads, W_q, W_k, W_v, W_o):
    B, n, D = x.shape
    T = K_cache.shape[1]
    K_new = torch.cat([K_cache, x @ W_k], 1)
    V_new = torch.cat([V_cache, x @ W_v], 1)
    mha = torch.nn.MultiheadAttention(D, num_heads, bias=False, batch_first=True)
    with torch.no_grad():
        eye = torch.eye(D)
        mha.in_proj_weight.copy_(torch.cat([W_q.T, eye, eye]))
        mha.out_proj.weight.copy_(W_o.T)
        later = torch.arange(T + n).reshape(1, T + n) > (T + torch.arange(n)).reshape(n, 1)
        output, _ = mha.train()(x, K_new, V_new, attn_mask=later, need_weights=False)
    return output, K_new, V_new
