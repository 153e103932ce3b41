// judge/util/safe_read.hpp: reading files that untrusted code could have written or replaced.
//
// A path below a trusted folder is opened one component at a time, relative to the folder's
// descriptor, each with O_NOFOLLOW | O_CLOEXEC (and O_NONBLOCK for the file): a symbolic link
// anywhere below the folder is refused, never followed; a FIFO never blocks; the file must be a
// regular file (fstat) and is read only up to a cap. A refusal is a ReadFault, never an exception.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace judge {

enum class ReadFault { none, missing, symlink, not_regular, too_large, unreadable };

/// "a symbolic link", "not a regular file", ...: what a fault says in a message.
std::string describe(ReadFault f);

/// Which part of the file to read.
enum class ReadPart {
    whole,  // all of it; a file over the cap is too_large and nothing is read
    head,   // at most the cap from the start
    tail,   // at most the cap from the end
};

struct SafeRead {
    ReadFault fault = ReadFault::none;
    std::string bytes;
    unsigned long long size = 0;  // the file's size (fstat), when it was opened
    bool ok() const { return fault == ReadFault::none; }
    bool truncated() const { return ok() && bytes.size() < size; }
};

/// Reads `base / relative`, where `base` is a folder the caller trusts and no component of
/// `relative` may be a symbolic link (or ".."). See the file comment.
SafeRead read_below(const std::filesystem::path& base, const std::filesystem::path& relative, size_t max_bytes,
                    ReadPart part = ReadPart::whole);

/// `part` of `bytes` (a file's content already in memory) under the cap, as read_below reads a file.
SafeRead read_part(const std::string& bytes, size_t max_bytes, ReadPart part);

/// Reads a file the user named: symbolic links are followed (the user chose the path), but the
/// file must be regular and is checked against the cap with fstat before anything is read.
SafeRead read_named(const std::filesystem::path& path, size_t max_bytes);

}  // namespace judge
