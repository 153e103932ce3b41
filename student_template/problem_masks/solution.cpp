// problem_masks: a masked softmax with padding and causal masks.
// Read the statement with `judge show problem_masks`; judge with `judge submit problem_masks --file solution.cpp`.
#include <judge/tensor.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>

// Returns the weights (B, Lq, Lk): the softmax over the keys of `scores`, where keys at or past
// the length (valid_lens (B,) or (B, Lq)) and, with causal, keys after the query are masked to -inf.
judge::Tensor masked_softmax(const judge::Tensor& scores, const judge::IntTensor& valid_lens, bool causal) {
    (void)scores;
    (void)valid_lens;
    (void)causal;
    throw std::logic_error("masked_softmax: not implemented yet");
}
