// judge/util/files.hpp: small file-system helpers. They know nothing of the judge: a failure is a
// FileError whose message names the path, and the caller decides whose fault it is (a user's bad
// input, or the judge's own environment).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace judge {

namespace fs = std::filesystem;

/// A file or folder could not be read or written; the message names the path.
struct FileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The whole content of `path`. Throws FileError naming the path when it cannot be read.
std::string read_file(const fs::path& path);

/// At most `max_bytes` from the start of a file, with a note when it was cut; "" if unreadable.
std::string read_head(const fs::path& path, size_t max_bytes);

/// A name beside `target` that no other thread or process uses at the same time:
/// "<target>.tmp.<pid>.<n>". Write there, then publish().
fs::path staging_path(const fs::path& target);

/// Moves `staged` (a file or a folder) to `target` with one rename, so that readers see all of it
/// or nothing. A file replaces `target`. When a folder `target` already exists (another writer
/// published first), `staged` is removed and the other copy is kept. Returns true when `staged`
/// itself was published. Throws FileError when the rename fails for any other reason.
bool publish(const fs::path& staged, const fs::path& target);

/// Writes `content` to `path` through staging_path() and publish(). Throws FileError.
void write_file_atomic(const fs::path& path, const std::string& content);

/// An in-memory file (memfd) holding `text`, read from its start, close-on-exec (a child keeps it
/// through ProcessSpec::inherit_fds). Throws FileError when it cannot be made.
class MemFile {
public:
    MemFile(const char* name, const std::string& text);
    ~MemFile();
    MemFile(const MemFile&) = delete;
    MemFile& operator=(const MemFile&) = delete;
    int fd() const { return m_fd; }

private:
    int m_fd;
};

/// An exclusive lock on "<target>.lock" (flock), held while it lives: judges that share a cache
/// build one entry once, the others waiting for it and then finding it published. Best effort: when
/// the lock file cannot be made, it holds nothing, and two builders each publish() the same entry.
class BuildLock {
public:
    explicit BuildLock(const fs::path& target);
    ~BuildLock();
    BuildLock(const BuildLock&) = delete;
    BuildLock& operator=(const BuildLock&) = delete;

private:
    int m_fd = -1;
};

/// Every regular file below `dir` (links are not followed, nor listed), as paths relative to it
/// with '/', sorted: the same order on every machine. None when `dir` is not a folder.
std::vector<std::string> files_below(const fs::path& dir);

/// 32 hex digits from std::random_device (128 bits): a folder name no one can guess.
std::string random_name();

/// True when `rel`, joined to a folder, names something below it: relative, and no part of it is
/// "", "." or "..". (Links are the reader's to refuse: util/safe_read.hpp.)
bool stays_below(const std::string& rel);

/// A fresh private directory under the system temp dir; the caller removes it (see TempDir).
fs::path make_temp_dir(const std::string& prefix);

/// Owns a temporary directory and removes it on destruction.
class TempDir {
public:
    explicit TempDir(const std::string& prefix) : m_path(make_temp_dir(prefix)) {}
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const fs::path& path() const { return m_path; }

private:
    fs::path m_path;
};

}  // namespace judge
