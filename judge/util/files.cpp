#include "util/files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string_view>

namespace judge {

std::vector<std::string> files_below(const fs::path& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && !e.is_symlink()) out.push_back(fs::relative(e.path(), dir).generic_string());
    std::sort(out.begin(), out.end());
    return out;
}

std::string random_name() {
    std::random_device rd;
    std::string out;
    for (int i = 0; i < 4; ++i) {
        char word[9];
        std::snprintf(word, sizeof word, "%08x", static_cast<unsigned>(rd()));
        out += word;
    }
    return out;
}

std::string read_file(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw FileError(path.string() + ": is a directory, expected a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(path.string() + ": cannot read: " + std::strerror(errno));
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string read_head(const fs::path& path, size_t max_bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    std::string s(max_bytes, '\0');
    in.read(s.data(), static_cast<std::streamsize>(max_bytes));
    s.resize(static_cast<size_t>(in.gcount()));
    if (s.size() == max_bytes && in.peek() != EOF)
        s += "\n[... output cut at " + std::to_string(max_bytes) + " bytes]\n";
    return s;
}

fs::path staging_path(const fs::path& target) {
    static std::atomic<unsigned long> counter{0};
    return target.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

bool publish(const fs::path& staged, const fs::path& target) {
    std::error_code ec;
    fs::rename(staged, target, ec);
    if (!ec) return true;
    std::error_code ignored;
    if (fs::is_directory(target, ignored)) {
        fs::remove_all(staged, ignored);
        return false;
    }
    fs::remove_all(staged, ignored);
    throw FileError(target.string() + ": cannot publish " + staged.filename().string() + ": " + ec.message());
}

MemFile::MemFile(const char* name, const std::string& text) : m_fd(::memfd_create(name, MFD_CLOEXEC)) {
    if (m_fd < 0 || ::write(m_fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()) ||
        ::lseek(m_fd, 0, SEEK_SET) != 0) {
        const int err = errno;
        if (m_fd >= 0) ::close(m_fd);
        throw FileError(std::string("cannot make an in-memory file for ") + name + ": " + std::strerror(err));
    }
}

MemFile::~MemFile() { ::close(m_fd); }

BuildLock::BuildLock(const fs::path& target) {
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    const std::string path = target.string() + ".lock";
    m_fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (m_fd < 0) return;
    while (::flock(m_fd, LOCK_EX) != 0) {
        if (errno == EINTR) continue;
        ::close(m_fd);
        m_fd = -1;
        return;
    }
}

BuildLock::~BuildLock() {
    if (m_fd >= 0) ::close(m_fd);  // closing the file releases the lock
}

void write_file_atomic(const fs::path& path, const std::string& content) {
    std::error_code ec;
    // A bare file name ("summary.md") is in the current folder, which exists.
    if (!path.parent_path().empty()) fs::create_directories(path.parent_path(), ec);
    if (ec) throw FileError(path.parent_path().string() + ": cannot create: " + ec.message());
    const fs::path tmp = staging_path(path);
    // A new file, never an existing one: in a folder a sandboxed program can write, a link planted
    // at the staging name would otherwise be followed (as root, in the fallback tier).
    constexpr int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    int fd = ::open(tmp.c_str(), flags, 0644);
    if (fd < 0 && errno == EEXIST && ::unlink(tmp.c_str()) == 0) fd = ::open(tmp.c_str(), flags, 0644);
    if (fd < 0) throw FileError(tmp.string() + ": cannot create: " + std::strerror(errno));
    size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            throw FileError(tmp.string() + ": cannot write: " + std::strerror(err));
        }
        done += static_cast<size_t>(n);
    }
    ::close(fd);
    publish(tmp, path);
}

fs::path make_temp_dir(const std::string& prefix) {
    std::string templ = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (::mkdtemp(templ.data()) == nullptr) {
        throw FileError("cannot create a temporary directory in " + fs::temp_directory_path().string() + ": " +
                        std::strerror(errno));
    }
    return templ;
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(m_path, ec);
}

bool stays_below(const std::string& rel) {
    if (rel.empty() || rel.front() == '/' || rel.find('\0') != std::string::npos) return false;
    for (size_t start = 0; start <= rel.size();) {
        const size_t end = std::min(rel.find('/', start), rel.size());
        const std::string_view part = std::string_view(rel).substr(start, end - start);
        if (part.empty() || part == "." || part == "..") return false;
        start = end + 1;
    }
    return true;
}

}  // namespace judge
