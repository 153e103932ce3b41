"""Seeded bug cross_ignores_encoder_lens in PyTorch: enc_valid_lens ignored, so queries attend to the encoder's padding."""
import math

import torch


def decoder_attention(X, enc_outputs, enc_valid_lens, dec_valid_lens):
    B, Lq, D = X.shape
    # 1. Causal self-attention: query i sees keys j <= i and j < dec_valid_lens[b, i].
    i = torch.arange(Lq).reshape(1, Lq, 1)
    j = torch.arange(Lq).reshape(1, 1, Lq)
    hidden = (j > i) | (j >= dec_valid_lens.reshape(B, Lq, 1))
    self_weights = torch.softmax((X @ X.transpose(1, 2) / math.sqrt(D)).masked_fill(hidden, -1e6), dim=-1)
    Y = X + self_weights @ X
    cross_scores = Y @ enc_outputs.transpose(1, 2) / math.sqrt(Y.shape[2])
    cross_weights = torch.softmax(cross_scores, dim=-1)
    return Y + cross_weights @ enc_outputs, self_weights, cross_weights
