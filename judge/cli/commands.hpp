// judge/cli/commands.hpp: one function per subcommand; each returns the process exit code.
#pragma once

#include <optional>
#include <string>

namespace judge {

struct GlobalOptions {
    std::optional<std::string> root;
};

int cmd_list(const GlobalOptions& g);

}  // namespace judge
