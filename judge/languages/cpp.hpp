// judge/languages/cpp.hpp: a C++ submission, against the judge's tensor header: compiled and linked
// with the spec's harness by the Builder (compile/builder.hpp), in the sandbox; its tests run the
// program itself.
#pragma once

#include <filesystem>

#include "languages/build.hpp"

namespace judge {

/// (The compiler's log names the box's file; the caller gives it the user's name, with_file_name.)
BuiltProgram build_cpp(const Problem& p, const std::filesystem::path& box, const Sandbox& sandbox, Builder& builder,
                       Language language, const std::string& shown_name);

}  // namespace judge
