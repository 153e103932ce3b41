"""problem_norm_placement through PyTorch's own modules, for `validate --cross-check` (docs/python.md).

post_norm_block is torch.nn.TransformerEncoderLayer(norm_first=False) and pre_norm_block the same
with norm_first=True, both with ReLU, no dropout, no mask and the attention's biases at zero (the
C++ blocks have none); layer_norm is torch.nn.functional.layer_norm.
"""
import torch


def layer_norm(x, gamma, beta, eps):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), gamma, beta, eps=eps)


def _layer(norm_first, X, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2, eps):
    layer = torch.nn.TransformerEncoderLayer(X.shape[2], num_heads, dim_feedforward=W1.shape[1], dropout=0.0,
                                             activation="relu", layer_norm_eps=eps, batch_first=True,
                                             norm_first=norm_first)
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
        # Training mode (dropout 0): the module's fused inference path is not taken.
        return layer.train()(X)


def post_norm_block(*args):
    return _layer(False, *args)


def pre_norm_block(*args):
    return _layer(True, *args)
