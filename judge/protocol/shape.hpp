// judge/protocol/shape.hpp: how a shape is written, shared by the student tensor, the .npy wire
// format and the judge's messages. Standard library only: it is compiled into every submission.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace judge {

/// Formats a shape the way PyTorch prints it, e.g. "(2, 5, 4, 20)", "(3,)" or "()".
inline std::string shape_str(const std::vector<int64_t>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i > 0) s += ", ";
        s += std::to_string(shape[i]);
    }
    if (shape.size() == 1) s += ",";
    return s + ")";
}

}  // namespace judge
