// judge/util/files.hpp: small file-system helpers with messages that name the path.
#pragma once

#include <filesystem>
#include <string>

namespace judge {

namespace fs = std::filesystem;

/// The whole content of `path`; throws InputError naming the path when it cannot be read.
std::string read_file(const fs::path& path);

/// Writes `content` to `path` through a temporary file and a rename, so readers never see half a file.
void write_file_atomic(const fs::path& path, const std::string& content);

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

/// The judge's build and expectation cache: $JUDGE_CACHE, else $XDG_CACHE_HOME/judge, else ~/.cache/judge.
fs::path cache_root();

}  // namespace judge
