// judge/process/exec_parts.hpp: what run_process makes before it forks: the program's path, its
// output files, and its argv and environment as execve takes them (after the fork the child may
// only make async-signal-safe calls).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "process/process.hpp"

namespace judge {

/// `program` as the shell finds it: the first executable regular file of that name in $PATH; ""
/// when there is none.
std::filesystem::path search_path(const std::string& program);

/// A file for the child's stdout or stderr (/dev/null when `f` is empty), emptied, never reached
/// through a link, never a FIFO that blocks; -1 with errno on failure. Close-on-exec: only the
/// child's dup2 passes it on.
int open_output(const std::filesystem::path& f);

/// The strings of an argv or envp, and the null-terminated array of pointers execve takes.
struct CStrings {
    std::vector<std::string> strings;
    std::vector<char*> pointers;
    char** array();
};

/// The child's environment: the judge's own (unless spec.clear_env), with spec.env set over it.
CStrings child_environment(const ProcessSpec& spec);

}  // namespace judge
