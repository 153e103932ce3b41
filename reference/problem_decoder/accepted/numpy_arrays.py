"""problem_decoder in NumPy: the two attentions of D2L's decoder block."""
import math

import numpy as np


def _softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def decoder_attention(X, enc_outputs, enc_valid_lens, dec_valid_lens):
    B, Lq, D = X.shape
    Lk = enc_outputs.shape[1]
    i = np.arange(Lq).reshape(1, Lq, 1)
    j = np.arange(Lq).reshape(1, 1, Lq)
    hidden = (j > i) | (j >= dec_valid_lens.reshape(B, Lq, 1))
    self_scores = X @ X.transpose(0, 2, 1) / np.float32(math.sqrt(D))
    self_weights = _softmax(np.where(hidden, np.float32(-1e6), self_scores))
    Y = X + self_weights @ X
    k = np.arange(Lk).reshape(1, 1, Lk)
    cross_scores = Y @ enc_outputs.transpose(0, 2, 1) / np.float32(math.sqrt(D))
    cross_weights = _softmax(np.where(k >= enc_valid_lens.reshape(B, 1, 1), np.float32(-1e6), cross_scores))
    return Y + cross_weights @ enc_outputs, self_weights, cross_weights
