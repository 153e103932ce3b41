#include "util/safe_read.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <vector>

namespace judge {

namespace fs = std::filesystem;

namespace {

// Closes a descriptor on every path out.
class Fd {
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    ~Fd() {
        if (m_fd >= 0) ::close(m_fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    Fd& operator=(Fd&& o) noexcept {
        std::swap(m_fd, o.m_fd);
        return *this;
    }
    int get() const { return m_fd; }

private:
    int m_fd;
};

// Why opening `name` in `dir` failed with `err`: a symbolic link says so whatever errno says
// (O_NOFOLLOW | O_DIRECTORY on a link gives ENOTDIR on some kernels, ELOOP on others).
ReadFault fault_at(int dir, const char* name, int err) {
    struct stat st {};
    if (::fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) return ReadFault::symlink;
    switch (err) {
        case ENOENT: return ReadFault::missing;
        case ELOOP: return ReadFault::symlink;
        case ENOTDIR: return ReadFault::not_regular;
        default: return ReadFault::unreadable;
    }
}

ReadFault fault_of(int err) {
    switch (err) {
        case ENOENT: return ReadFault::missing;
        case ELOOP: return ReadFault::symlink;  // O_NOFOLLOW met a symbolic link
        case ENOTDIR: return ReadFault::not_regular;
        default: return ReadFault::unreadable;
    }
}

// Reads the open regular file `fd` of `size` bytes as `part` asks.
SafeRead read_open(int fd, unsigned long long size, size_t max_bytes, ReadPart part) {
    SafeRead r;
    r.size = size;
    if (part == ReadPart::whole && size > max_bytes) {
        r.fault = ReadFault::too_large;
        return r;
    }
    const unsigned long long want = std::min<unsigned long long>(size, max_bytes);
    const unsigned long long start = part == ReadPart::tail ? size - want : 0;
    r.bytes.resize(static_cast<size_t>(want));
    size_t got = 0;
    while (got < r.bytes.size()) {
        const ssize_t n = ::pread(fd, r.bytes.data() + got, r.bytes.size() - got, static_cast<off_t>(start + got));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            r.fault = ReadFault::unreadable;
            r.bytes.clear();
            return r;
        }
        if (n == 0) break;  // the file shrank meanwhile
        got += static_cast<size_t>(n);
    }
    r.bytes.resize(got);
    return r;
}

SafeRead read_fd(int fd, size_t max_bytes, ReadPart part) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return {ReadFault::unreadable, "", 0};
    if (!S_ISREG(st.st_mode)) return {ReadFault::not_regular, "", 0};
    return read_open(fd, static_cast<unsigned long long>(st.st_size), max_bytes, part);
}

}  // namespace

std::string describe(ReadFault f) {
    switch (f) {
        case ReadFault::none: return "readable";
        case ReadFault::missing: return "missing";
        case ReadFault::symlink: return "a symbolic link";
        case ReadFault::not_regular: return "not a regular file";
        case ReadFault::too_large: return "too large";
        case ReadFault::unreadable: return "unreadable";
    }
    return "unreadable";
}

SafeRead read_below(const fs::path& base, const fs::path& relative, size_t max_bytes, ReadPart part) {
    Fd dir(::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dir.get() < 0) return {fault_of(errno), "", 0};
    std::vector<std::string> parts;
    for (const fs::path& p : relative) {
        const std::string s = p.string();
        if (s.empty() || s == ".") continue;
        if (s == ".." || s == "/") return {ReadFault::unreadable, "", 0};
        parts.push_back(s);
    }
    if (parts.empty()) return {ReadFault::not_regular, "", 0};
    for (size_t i = 0; i + 1 < parts.size(); ++i) {
        Fd next(::openat(dir.get(), parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (next.get() < 0) return {fault_at(dir.get(), parts[i].c_str(), errno), "", 0};
        dir = std::move(next);
    }
    const Fd file(::openat(dir.get(), parts.back().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (file.get() < 0) return {fault_at(dir.get(), parts.back().c_str(), errno), "", 0};
    return read_fd(file.get(), max_bytes, part);
}

SafeRead read_part(const std::string& bytes, size_t max_bytes, ReadPart part) {
    SafeRead r;
    r.size = bytes.size();
    if (part == ReadPart::whole && bytes.size() > max_bytes) {
        r.fault = ReadFault::too_large;
        return r;
    }
    const size_t want = std::min(bytes.size(), max_bytes);
    r.bytes = bytes.substr(part == ReadPart::tail ? bytes.size() - want : 0, want);
    return r;
}

SafeRead read_named(const fs::path& path, size_t max_bytes) {
    const Fd file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    if (file.get() < 0) return {fault_of(errno), "", 0};
    return read_fd(file.get(), max_bytes, ReadPart::whole);
}

}  // namespace judge
