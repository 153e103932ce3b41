// judge/process/exec_parts.hpp: what run_process makes before it forks: the program's path, its
// output files, and its argv and environment as execve takes them (after the fork the child may
// only make async-signal-safe calls); and what the child does between fork and exec.
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

/// Run in the child between fork and exec (async-signal-safe calls only): a session of its own,
/// death with the judge, the caller's descriptors, the cgroups (`cgroup_procs`), every other
/// descriptor closed at exec, the rlimits, the uid dropped, and the seccomp filter last. A failure
/// ends the child with a code of its own (123 to 126).
void set_up_child(const ProcessSpec& spec, const std::vector<const char*>& cgroup_procs);

}  // namespace judge
