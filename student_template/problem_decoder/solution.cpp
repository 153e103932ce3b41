// problem_decoder: the causal self-attention and the cross-attention of a Transformer decoder block.
// Read the statement with `judge show problem_decoder`; judge with `judge submit problem_decoder --file solution.cpp`.
#include <judge/tensor.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <tuple>

using judge::IntTensor;
using judge::Tensor;

// Returns {output (B, Lq, D), self_weights (B, Lq, Lq), cross_weights (B, Lq, Lk)}.
std::tuple<Tensor, Tensor, Tensor> decoder_attention(const Tensor& X, const Tensor& enc_outputs,
                                                     const IntTensor& enc_valid_lens,
                                                     const IntTensor& dec_valid_lens) {
    (void)X;
    (void)enc_outputs;
    (void)enc_valid_lens;
    (void)dec_valid_lens;
    throw std::logic_error("decoder_attention: not implemented yet");
}
