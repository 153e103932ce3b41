#include "sandbox/uid_lease.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "core/errors.hpp"

namespace judge {

namespace fs = std::filesystem;

UidRange box_uid_range() {
    UidRange r;
    const char* env = std::getenv("JUDGE_BOX_UIDS");
    if (env == nullptr || *env == '\0') return r;
    int first = 0, last = 0;
    char extra = 0;
    if (std::sscanf(env, "%d-%d%c", &first, &last, &extra) != 2 || first < 1000 || last < first) {
        throw InputError(std::string("--box-uids (JUDGE_BOX_UIDS): expected FIRST-LAST with 1000 <= FIRST <= LAST, "
                                     "got \"") +
                         env + "\"");
    }
    return {first, last - first + 1};
}

std::unique_ptr<UidLease> UidLease::acquire(const UidRange& range, const fs::path& lock_dir) {
    std::error_code ec;
    fs::create_directories(lock_dir, ec);
    ::chmod(lock_dir.c_str(), 0700);
    const auto open_lock = [&](int uid) {
        const fs::path f = lock_dir / std::to_string(uid);
        const int fd = ::open(f.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) throw JudgeFailure("cannot open the uid lock " + f.string());
        return fd;
    };
    // Start at a random uid, so that judges starting together do not all try the same ones first.
    std::random_device rd;
    const int start = static_cast<int>(rd() % static_cast<unsigned>(range.count));
    for (int i = 0; i < range.count; ++i) {
        const int uid = range.first + (start + i) % range.count;
        const int fd = open_lock(uid);
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return std::unique_ptr<UidLease>(new UidLease(uid, fd));
        ::close(fd);
    }
    // Every uid is in use: wait for one.
    const int uid = range.first + start;
    const int fd = open_lock(uid);
    while (::flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR) {
            ::close(fd);
            throw JudgeFailure("cannot lock the uid lock " + (lock_dir / std::to_string(uid)).string());
        }
    }
    return std::unique_ptr<UidLease>(new UidLease(uid, fd));
}

UidLease::~UidLease() { ::close(m_fd); }

}  // namespace judge
