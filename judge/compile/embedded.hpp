// judge/compile/embedded.hpp: files baked into the binary at build time (cmake/embed.cmake).
#pragma once

#include <string_view>
#include <vector>

namespace judge::embedded {

struct File {
    std::string_view path;  // relative to the source root, e.g. "judge/tensor.hpp"
    std::string_view content;
};

/// Every embedded file: the student tensor header, the .npy protocol and the harness support.
const std::vector<File>& files();

}  // namespace judge::embedded
