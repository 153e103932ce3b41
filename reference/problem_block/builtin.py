"""problem_block through PyTorch's own modules, for `validate --cross-check` (docs/python.md).

transformer_block is torch.nn.TransformerEncoderLayer(norm_first=True) with ReLU, no dropout and
the attention's biases at zero (the C++ block has none); layer_norm is torch.nn.functional.layer_norm.
Where a module does not compute what the problem asks, this raises NotImplementedError and the
case is not compared: an example with no valid key (the module gives NaN there; the -1e6 fill of
D2L gives uniform weights).
"""
import torch


def layer_norm(x, gamma, beta):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), gamma, beta, eps=1e-5)


def transformer_block(X, valid_lens, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2):
    B, L, D = X.shape
    if min(valid_lens) <= 0:
        raise NotImplementedError("nn.TransformerEncoderLayer gives NaN for an example with no valid key")
    layer = torch.nn.TransformerEncoderLayer(D, num_heads, dim_feedforward=W1.shape[1], dropout=0.0,
                                             activation="relu", layer_norm_eps=1e-5, batch_first=True,
                                             norm_first=True)
    with torch.no_grad():
        layer.self_attn.in_proj_weight.copy_(torch.cat([W_q.T, W_k.T, W_v.T]))
        layer.self_attn.in_proj_bias.zero_()
        layer.self_attn.out_proj.weight.copy_(W_o.T)
        layer.self_attn.out_proj.bias.zero_()
        layer.linear1.weight.copy_(W1.T)
        layer.linear1.bias.copy_(b1)
        layer.linear2.weight.copy_(W2.T)
        layer.linear2.bias.copy_(b2)
        layer.norm1.weight.copy_(gamma1)
        layer.norm1.bias.copy_(beta1)
        layer.norm2.weight.copy_(gamma2)
        layer.norm2.bias.copy_(beta2)
        padding = torch.arange(L).reshape(1, L) >= torch.tensor(valid_lens).reshape(B, 1)
        # Training mode (dropout 0): the module's fused inference path is not taken.
        return layer.train()(X, src_key_padding_mask=padding)
