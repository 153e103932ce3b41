// judge/problem/agreement.hpp: where two float32 arrays first disagree under a tolerance
// (Tolerance::agrees). One rule for the comparison of outputs (checks/compare), the behaviour a
// class view groups wrong answers by (pipeline/judge) and the element a picture is drawn around
// (report/pictures, with a zero tolerance: the first element that is not the same).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "judge/protocol/npy.hpp"
#include "problem/spec.hpp"

namespace judge {

/// The flat index of the first element in [from, to) where `got` and `want` disagree; none when
/// every element there agrees. Only the elements both arrays have are read.
inline std::optional<size_t> first_disagreement(const npy::Array& got, const npy::Array& want, const Tolerance& tol,
                                                size_t from = 0, size_t to = SIZE_MAX) {
    for (size_t k = from; k < got.f32.size() && k < want.f32.size() && k < to; ++k)
        if (!tol.agrees(got.f32[k], want.f32[k])) return k;
    return std::nullopt;
}

}  // namespace judge
