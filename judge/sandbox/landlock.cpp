#include "sandbox/landlock.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace judge {

namespace fs = std::filesystem;

namespace {

// Linux 6.1's header stops at ABI 2; the rights and the scopes of later ABIs, as the kernel numbers them.
constexpr std::uint64_t access_truncate = 1ULL << 14;                                      // ABI 3
constexpr std::uint64_t scope_abstract_unix_socket = 1ULL << 0, scope_signal = 1ULL << 1;  // ABI 6

// struct landlock_ruleset_attr as ABI 6 has it; older kernels take its first field alone.
struct RulesetAttr {
    std::uint64_t handled_access_fs = 0;
    std::uint64_t handled_access_net = 0;
    std::uint64_t scoped = 0;
};

constexpr std::uint64_t read_rights =
    LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;

// The rights that apply to a file that is not a folder (the others are refused on it).
constexpr std::uint64_t file_rights =
    LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE | access_truncate;

std::uint64_t handled_rights(int abi) {
    std::uint64_t all = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;  // ABI 1: execute .. make_sym
    if (abi >= 2) all |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) all |= access_truncate;
    return all;
}

bool world_writable_folder(const struct stat& st) { return S_ISDIR(st.st_mode) && (st.st_mode & S_IWOTH) != 0; }

std::vector<fs::path> entries(const fs::path& dir) {
    std::vector<fs::path> found;
    DIR* d = ::opendir(dir.c_str());
    if (d == nullptr) return found;
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name != "." && name != "..") found.push_back(dir / name);
    }
    ::closedir(d);
    return found;
}

struct Places {
    std::vector<fs::path> open;    // read and run beneath
    std::vector<fs::path> closed;  // left out: anyone may write there
};

// The entries of `/`, and of each of its folders that holds a folder anyone may write, but those
// folders. A link is left out (what it names is granted, or not, where it is); /proc and /sys are
// never walked (nothing in them is a shared folder, and they are large).
Places walk_host() {
    Places p;
    for (const fs::path& top : entries("/")) {
        struct stat st {};
        if (::lstat(top.c_str(), &st) != 0 || S_ISLNK(st.st_mode)) continue;
        if (world_writable_folder(st)) {
            p.closed.push_back(top);
            continue;
        }
        std::vector<fs::path> below, shared;
        if (S_ISDIR(st.st_mode) && top != "/proc" && top != "/sys") {
            for (const fs::path& child : entries(top)) {
                struct stat cst {};
                if (::lstat(child.c_str(), &cst) != 0 || S_ISLNK(cst.st_mode)) continue;
                (world_writable_folder(cst) ? shared : below).push_back(child);
            }
        }
        if (shared.empty()) {
            p.open.push_back(top);
        } else {
            p.open.insert(p.open.end(), below.begin(), below.end());
            p.closed.insert(p.closed.end(), shared.begin(), shared.end());
        }
    }
    return p;
}

const Places& host_places() {
    static const Places places = walk_host();
    return places;
}

int create_ruleset(const RulesetAttr& attr, size_t size) {
    return static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attr, size, 0U));
}

// Grants `rights` beneath `path` (or on it, for a file), never through a link. Best effort: a
// place that cannot be opened is simply not granted.
void grant(int ruleset, const fs::path& path, std::uint64_t rights) {
    const int fd = ::open(path.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && !S_ISLNK(st.st_mode)) {
        landlock_path_beneath_attr rule{};
        rule.allowed_access = S_ISDIR(st.st_mode) ? rights : rights & file_rights;
        rule.parent_fd = fd;
        ::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0U);
    }
    ::close(fd);
}

}  // namespace

int landlock_abi(std::string* why) {
    static const int abi = [] {
        const long v = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
        return v > 0 ? static_cast<int>(v) : -errno;
    }();
    if (abi > 0) return abi;
    if (why != nullptr) {
        *why = abi == -ENOSYS       ? "this kernel has no Landlock (Linux 5.13 or later, built with it)"
               : abi == -EOPNOTSUPP ? "Landlock is turned off at boot (add it to the kernel's lsm= list)"
                                    : std::string("Landlock is refused here: ") + std::strerror(-abi) +
                                          " (a seccomp profile without the landlock system calls?)";
    }
    return 0;
}

const std::vector<fs::path>& landlock_closed_places() { return host_places().closed; }

int landlock_ruleset(const std::vector<Mount>& mounts) {
    const int abi = landlock_abi();
    if (abi == 0) return -1;
    RulesetAttr attr;
    attr.handled_access_fs = handled_rights(abi);
    size_t size = sizeof attr.handled_access_fs;
    if (abi >= 6) {
        // Nor may the box reach an abstract socket or signal a process outside it.
        attr.scoped = scope_abstract_unix_socket | scope_signal;
        size = sizeof attr;
    }
    const int ruleset = create_ruleset(attr, size);
    if (ruleset < 0) return -1;
    for (const fs::path& p : host_places().open) grant(ruleset, p, read_rights);
    // A box writes nowhere on the host but its own folders: /dev/null and its kin are the
    // exceptions every program expects, /proc its own entries (the uid's permissions decide).
    for (const char* dev : {"/dev/null", "/dev/zero", "/dev/full"})
        grant(ruleset, dev, read_rights | LANDLOCK_ACCESS_FS_WRITE_FILE | (abi >= 3 ? access_truncate : 0));
    grant(ruleset, "/proc", read_rights | LANDLOCK_ACCESS_FS_WRITE_FILE);
    for (const Mount& m : mounts) grant(ruleset, m.outside, m.writable ? attr.handled_access_fs : read_rights);
    return ruleset;
}

}  // namespace judge
