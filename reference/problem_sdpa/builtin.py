"""problem_sdpa through PyTorch's own function, torch.nn.functional.scaled_dot_product_attention
(PyTorch 2), for `validate --cross-check` (docs/python.md).

The function returns the output only; the weights are the same function applied to identity
values. Where it does not compute what the problem asks, this raises NotImplementedError and the
case is not compared: on PyTorch 1, which has no such function, and for an example with no valid
key (it gives NaN there; D2L's -1e6 fill gives uniform weights).
"""
import torch


def scaled_dot_product_attention(queries, keys, values, valid_lens):
    sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
    if sdpa is None:
        raise NotImplementedError("torch.nn.functional.scaled_dot_product_attention is PyTorch 2's; this is torch "
                                  + torch.__version__)
    B, Lq, d = queries.shape
    Lk = keys.shape[1]
    mask = None
    if valid_lens:
        if min(valid_lens) <= 0:
            raise NotImplementedError("scaled_dot_product_attention gives NaN for an example with no valid key")
        mask = (torch.arange(Lk).reshape(1, 1, Lk) < torch.tensor(valid_lens).reshape(B, 1, 1)).expand(B, Lq, Lk)
    eye = torch.eye(Lk).expand(B, Lk, Lk)
    return sdpa(queries, keys, values, attn_mask=mask), sdpa(queries, keys, eye, attn_mask=mask)
