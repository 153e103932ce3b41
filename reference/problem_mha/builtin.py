"""problem_mha through PyTorch's own module, torch.nn.MultiheadAttention, for `validate
--cross-check` (docs/python.md).

With bias=False the module computes D2L's multi-head attention (x @ W, as its weights hold W
transposed): multi_head_attention with the problem's projections, and multi_head_attention_per_head
with identity ones and per-head weights. Where the module does not compute what the problem asks,
this raises NotImplementedError and the case is not compared: queries narrower or wider than the
hidden width, a W_o that is not square, an example with no valid key (the module gives NaN there;
D2L's -1e6 fill gives uniform weights).
"""
import torch


def _module(E, num_heads, kdim, vdim, W_q, W_k, W_v, W_o, valid_lens, B, Lk):
    if valid_lens and min(valid_lens) <= 0:
        raise NotImplementedError("nn.MultiheadAttention gives NaN for an example with no valid key")
    mha = torch.nn.MultiheadAttention(E, num_heads, bias=False, batch_first=True, kdim=kdim, vdim=vdim)
    with torch.no_grad():
        if mha._qkv_same_embed_dim:
            mha.in_proj_weight.copy_(torch.cat([W_q.T, W_k.T, W_v.T]))
        else:
            mha.q_proj_weight.copy_(W_q.T)
            mha.k_proj_weight.copy_(W_k.T)
            mha.v_proj_weight.copy_(W_v.T)
        mha.out_proj.weight.copy_(W_o.T)
    padding = None
    if valid_lens:
        padding = torch.arange(Lk).reshape(1, Lk) >= torch.tensor(valid_lens).reshape(B, 1)
    return mha, padding


def multi_head_attention(queries, keys, values, W_q, W_k, W_v, W_o, num_heads, valid_lens):
    B, Lq, Dq = queries.shape
    E = W_q.shape[1]
    if Dq != E or tuple(W_o.shape) != (E, E):
        raise NotImplementedError("nn.MultiheadAttention needs queries as wide as the hidden width and a square W_o")
    mha, padding = _module(E, num_heads, keys.shape[2], values.shape[2], W_q, W_k, W_v, W_o, valid_lens, B,
                           keys.shape[1])
    with torch.no_grad():
        out, _ = mha(queries, keys, values, key_padding_mask=padding, need_weights=False)
    return out


def multi_head_attention_per_head(query, key, value, num_heads, valid_lens):
    B, Lq, D = query.shape
    eye = torch.eye(D)
    mha, padding = _module(D, num_heads, D, D, eye, eye, eye, eye, valid_lens, B, key.shape[1])
    with torch.no_grad():
        out, weights = mha(query, key, value, key_padding_mask=padding, need_weights=True,
                           average_attn_weights=False)
    return out.reshape(B, Lq, num_heads, D // num_heads).permute(0, 2, 1, 3), weights
