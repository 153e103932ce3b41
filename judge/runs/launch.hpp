// judge/runs/launch.hpp: how a built submission's tests are started (issue #40), as data: what the
// language's build made (languages/), carried to whoever starts the tests (the judge in the fallback
// tier, the in-box runner through its plan, `judge run`, `judge heads`). Nothing reads a language
// back from the box: the launch says all there is to know.
#pragma once

#include <string>

namespace judge {

struct LaunchSpec {
    enum class Kind {
        exec,          // the program itself is run on each test (a compiled C++ submission)
        python_server  // a warm fork server runs it (runs/python_server.hpp): torch is imported once
    };
    Kind kind = Kind::exec;
    std::string program;                 // the program, or the submission's file the server runs
    std::string library, server, table;  // python_server: what it imports, the harness, the function table

    /// The same launch, its paths as a box that mounts `host_dir` at `box_dir` sees them.
    LaunchSpec seen_at(const std::string& host_dir, const std::string& box_dir) const;
};

}  // namespace judge
