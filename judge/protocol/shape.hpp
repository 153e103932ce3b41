// judge/protocol/shape.hpp: how a shape is written, shared by the student tensor, the .npy wire
// format and the judge's messages. Standard library only: it is compiled into every submission.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace judge {

/// Formats a shape the way PyTorch prints it, e.g. "(2, 5, 4, 20)", "(3,)" or "()". A template
/// called as a plain function, as the tensor header's free functions are: a solution's own
/// shape_str is preferred over it.
template <int = 0>
std::string shape_str(const std::vector<int64_t>& shape);

}  // namespace judge

// The definition, once per program: where JUDGE_TENSOR_IMPLEMENTATION is defined (the harness, or
// a student's own test program) or JUDGE_SHAPE_IMPLEMENTATION (the judge, protocol/shape.cpp). Not
// inline on purpose: a body in every submission's translation unit costs about 40 ms of compile.
#if (defined(JUDGE_TENSOR_IMPLEMENTATION) || defined(JUDGE_SHAPE_IMPLEMENTATION)) && !defined(JUDGE_SHAPE_DEFINED)
#define JUDGE_SHAPE_DEFINED

template <int>
std::string judge::shape_str(const std::vector<int64_t>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i > 0) s += ", ";
        s += std::to_string(shape[i]);
    }
    if (shape.size() == 1) s += ",";
    return s + ")";
}
template std::string judge::shape_str<0>(const std::vector<int64_t>&);

#endif
