// judge/sandbox/uid_lease.hpp: an unprivileged uid for one box at a time, across every judge
// process on the machine, so that concurrent boxes never share a uid's process limit
// (RLIMIT_NPROC): one student's fork bomb cannot starve a classmate's compile.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

namespace judge {

/// The uids boxes run as when the judge is root: $JUDGE_BOX_UIDS ("FIRST-LAST"), else
/// 3000000-3000255, far above the uids of real users. Throws InputError naming the variable
/// when it is malformed.
struct UidRange {
    int first = 3000000;
    int count = 256;
};
UidRange box_uid_range();

/// One uid of a range, held by an flock on <lock_dir>/<uid> until destroyed (or until the process
/// dies: the kernel drops the lock). acquire() takes a free uid, or waits for one.
class UidLease {
public:
    static std::unique_ptr<UidLease> acquire(const UidRange& range, const std::filesystem::path& lock_dir);
    ~UidLease();
    UidLease(const UidLease&) = delete;
    UidLease& operator=(const UidLease&) = delete;
    int uid() const { return m_uid; }

private:
    UidLease(int uid, int fd) : m_uid(uid), m_fd(fd) {}
    int m_uid;
    int m_fd;
};

}  // namespace judge
