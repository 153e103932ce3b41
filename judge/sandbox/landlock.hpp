// judge/sandbox/landlock.hpp: the fallback tier's rules for files (Landlock, Linux 5.13+).
//
// Without namespaces, a box sees the host's file system. As root the box's uid already cannot read
// what is root's alone (the cache, the course), but the places every user may write, `/tmp`,
// `/var/tmp`, `/dev/shm`, `/run/lock`, are shared by every box on the host: one submission could
// leave a file there for the next. Landlock lets a process give up access to files for itself and
// every process it starts, with no privilege (and Docker's, Podman's and containerd's default
// seccomp profiles allow it). The box's ruleset: read and run everything on the host but those
// shared places (any folder anyone may write, `/` and its folders' folders), write `/dev/null`, and
// do anything in the box's own folders (its working folder, also its TMPDIR). Everything else it
// can neither open nor write nor make nor remove, whatever the uid's permissions say.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "process/runner.hpp"

namespace judge {

/// The Landlock ABI version the kernel offers this process (1 for Linux 5.13), or 0 with why not:
/// not built in, turned off at boot (`lsm=`), or refused by a seccomp profile.
int landlock_abi(std::string* why = nullptr);

/// The places outside the box that the box's ruleset leaves closed (computed once per process):
/// the folders anyone may write, `/` and one level below it.
const std::vector<std::filesystem::path>& landlock_closed_places();

/// A ruleset for one run whose own folders are `mounts` (writable or read-only, as marked), as a
/// descriptor to hand to ProcessSpec::landlock_ruleset_fd; -1 when Landlock is not available.
/// The caller closes it after the run has started.
int landlock_ruleset(const std::vector<Mount>& mounts);

}  // namespace judge
