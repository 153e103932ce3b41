"""Seeded bug no_causal_mask in PyTorch: no causal mask, so a position attends to the tokens after it."""
import math

import torch


def decoder_attention(X, enc_outputs, enc_valid_lens, dec_valid_lens):
    B, Lq, D = X.shape
    Lk = enc_outputs.shape[1]
    j = torch.arange(Lq).reshape(1, 1, Lq)
    hidden = j >= dec_valid_lens.reshape(B, Lq, 1)
    self_weights = torch.softmax((X @ X.transpose(1, 2) / math.sqrt(D)).masked_fill(hidden, -1e6), dim=-1)
    Y = X + self_weights @ X
    # 2. Cross-attention: Y's queries against the encoder's outputs, within the encoder's lengths.
    k = torch.arange(Lk).reshape(1, 1, Lk)
    cross_scores = Y @ enc_outputs.transpose(1, 2) / math.sqrt(Y.shape[2])
    cross_weights = torch.softmax(cross_scores.masked_fill(k >= enc_valid_lens.reshape(B, 1, 1), -1e6), dim=-1)
    return Y + cross_weights @ enc_outputs, self_weights, cross_weights
