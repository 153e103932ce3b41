#include "languages/cpp.hpp"

namespace judge {

BuiltProgram build_cpp(const Problem& p, const std::filesystem::path& box, const Sandbox& sandbox, Builder& builder,
                       Language /*language*/, const std::string& /*shown_name*/) {
    BuiltProgram b;
    b.build = builder.build_submission(p, box, sandbox);
    // Root's judge gives the box's user a copy it may run but not read (sandbox/sandbox.hpp).
    if (b.build.ok) b.launch = {LaunchSpec::Kind::exec, sandbox.exec_only(b.build.exe, box).string(), "", "", ""};
    return b;
}

}  // namespace judge
