// judge/pipeline/heads_words.hpp: what `judge heads` says of a submission's attention heads, in
// words: the test's lengths, each drawn example's heads against the reference's and the keys each
// head masks differently, a split bug (all heads alike), and the known mistake whose heads the
// submission's are (each seeded bug's weights on the same test, from the answer key, so a student
// pack answers too).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pipeline/judge.hpp"
#include "report/pictures.hpp"

namespace judge {

/// Whether output `o` of `fn` is attention weights D2L keeps folded: axes (example·head, query,
/// key), head h of example b in row b·H + h, of a function told the number of heads (its int
/// parameter num_heads).
bool folded_weights(const FunctionSpec& fn, const OutputSpec& o);

/// Folded weights of `heads` heads, (B·H, Lq, Lk), as (B, H, Lq, Lk): the same values in the same
/// order (head h of example b is row b·H + h). Any other array is returned as it is.
npy::Array unfold_heads(npy::Array a, int64_t heads);

/// What the heads of one drawn example say (`pic`, of output `out` on test `ts`): per head, the
/// reference's, or how far from it; a head matches as arrays_close judges the whole output (a
/// NaN agrees only with a NaN).
std::string example_heads_words(const Picture& pic, const TestSpec& ts, const OutputSpec& out);

/// The words for test `t` (spec `ts`), output `out` (axes with head, query and key, as drawn):
/// `pics` are the drawn examples of the case `c`, `got` and `want` the submission's and the
/// reference's whole outputs, as drawn. `fold` > 0: the function returns them folded, (B·H, Lq,
/// Lk) for `fold` heads, and a seeded bug's run is unfolded the same way. Empty parts say nothing.
std::string heads_diagnosis(Judge& judge, size_t t, const TestSpec& ts, const OutputSpec& out, int64_t fold,
                            const std::vector<Picture>& pics, const Counterexample& c, const npy::Array& got,
                            const npy::Array& want);

}  // namespace judge
