#include "sandbox/sandbox.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <cerrno>
#include <cstring>

#include "core/errors.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {
bool g_private_mounts = false;
}

void private_mount_namespace() {
    if (::getuid() != 0) return;
    if (::unshare(CLONE_NEWNS) != 0 || ::mount(nullptr, "/", nullptr, MS_REC | MS_SLAVE, nullptr) != 0) {
        spdlog::debug("no mount namespace of its own ({}): the boxes' output folders are not bounded",
                      std::strerror(errno));
        return;
    }
    g_private_mounts = true;
}

Sandbox::Sandbox(SandboxProbe probe, std::shared_ptr<UidLease> lease)
    : m_probe(std::move(probe)), m_lease(std::move(lease)), m_uid(m_lease ? m_lease->uid() : box_uid) {
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

std::shared_ptr<UidLease> Sandbox::lease_for_box() const {
    if (m_probe.uid != 0) return nullptr;
    return UidLease::acquire(box_uid_range(), "/run/judge-box-uids");
}

void Sandbox::drop_root(ProcessSpec& spec) const {
    if (m_probe.uid != 0) return;
    spec.run_as_uid = m_uid;
    spec.max_processes = max_processes;
}

void Sandbox::prepare_writable(const fs::path& dir) const {
    // lchown: a link planted in the box's place is never followed as root.
    if (m_probe.uid == 0 && ::lchown(dir.c_str(), static_cast<uid_t>(m_uid), static_cast<gid_t>(m_uid)) != 0) {
        throw JudgeFailure("cannot hand " + dir.string() + " to uid " + std::to_string(m_uid));
    }
}

void Sandbox::make_box_folder(const fs::path& parent, const std::string& name) const {
    const int dir = ::open(parent.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const auto fail = [&](const char* what) {
        const std::string why = std::strerror(errno);
        if (dir >= 0) ::close(dir);
        throw JudgeFailure(fmt::format("cannot {} {}: {}", what, (parent / name).string(), why));
    };
    if (dir < 0) fail("open the folder of");
    if (::mkdirat(dir, name.c_str(), 0700) != 0) fail("make");
    if (m_probe.uid == 0 &&
        ::fchownat(dir, name.c_str(), static_cast<uid_t>(m_uid), static_cast<gid_t>(m_uid), AT_SYMLINK_NOFOLLOW) != 0)
        fail("hand to the box");
    ::close(dir);
}

fs::path Sandbox::share(const fs::path& src, const fs::path& box) const {
    if (m_probe.uid != 0) return src;
    // The box reads what is shared as a user of its own. A cache made private by hand (`chmod -R
    // go-rwx`, as one might in an autograder image) or a umask of 077 would make every submission a
    // compile error that blames the student; what is shared is no secret (the headers every pack
    // has, the harness object, the judge), so it is made readable to others. A link shares its
    // inode: the cache's file is opened up too.
    const auto readable = [](const fs::path& path, bool folder) {
        std::error_code ec;
        fs::permissions(path, fs::perms::others_read | (folder ? fs::perms::others_exec : fs::perms::none),
                        fs::perm_options::add, ec);
        if (ec) throw JudgeFailure("cannot make " + path.string() + " readable to the box: " + ec.message());
    };
    const fs::path dest = box / ".judge" / src.filename();
    if (fs::exists(dest)) return dest;
    fs::create_directories(dest.parent_path());
    readable(dest.parent_path(), true);
    const auto place = [&](const fs::path& from, const fs::path& to) {
        std::error_code ec;
        fs::create_hard_link(from, to, ec);
        if (ec && fs::exists(from)) fs::copy_file(from, to, fs::copy_options::overwrite_existing);
        if (fs::exists(to)) readable(to, false);
    };
    // A file being written beside (the precompiled header, staged under <name>.tmp.<pid>.<n> and
    // then renamed) is not shared: it may vanish under the copy, and it is of no use half written.
    const auto staged = [](const fs::path& f) { return f.filename().string().find(".tmp.") != std::string::npos; };
    if (fs::is_directory(src)) {
        fs::create_directories(dest);
        readable(dest, true);
        for (const auto& e : fs::recursive_directory_iterator(src)) {
            const fs::path to = dest / fs::relative(e.path(), src);
            if (e.is_directory()) {
                fs::create_directories(to);
                readable(to, true);
            } else if (e.is_regular_file() && !staged(e.path())) {
                place(e.path(), to);
            }
        }
    } else {
        place(src, dest);
    }
    return dest;
}

BoundedDir::~BoundedDir() {
    if (::umount2(m_dir.c_str(), MNT_DETACH) != 0)
        spdlog::warn("cannot unmount the box's tmpfs at {}: {}", m_dir.string(), std::strerror(errno));
}

std::unique_ptr<BoundedDir> Sandbox::bound_writable(const fs::path& dir, long long mb) const {
    fs::create_directories(dir);
    if (m_probe.uid == 0 && g_private_mounts) {
        // Root's, sticky and not listable: the judge makes each test's folder in it (make_box_folder)
        // under a name only that test and the judge know.
        const std::string options = fmt::format("size={}m,mode=1733,uid=0,gid=0", mb);
        if (::mount("judge-box", dir.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) == 0)
            return std::make_unique<BoundedDir>(dir);
        spdlog::debug("cannot mount a tmpfs at {} ({}): the box's writes there are bounded per file only", dir.string(),
                      std::strerror(errno));
    }
    prepare_writable(dir);
    return nullptr;
}

fs::path Sandbox::exec_only(const fs::path& exe, const fs::path& box) const {
    if (m_probe.uid != 0) return exe;
    const fs::path dest = box / ".judge" / (exe.filename().string() + "-exec");
    fs::create_directories(dest.parent_path());
    fs::copy_file(exe, dest, fs::copy_options::overwrite_existing);
    if (::chown(dest.c_str(), 0, 0) != 0 || ::chmod(dest.c_str(), 0711) != 0)
        throw JudgeFailure("cannot make " + dest.string() + " execute-only: " + std::strerror(errno));
    return dest;
}

std::string Sandbox::fallback_reason() const {
    if (m_probe.tier == Tier::bubblewrap) return "";
    return m_probe.forced.empty() ? m_probe.bwrap_error : m_probe.forced;
}

std::string Sandbox::warning() const {
    if (m_probe.tier == Tier::bubblewrap) return "";
    return "the submission runs WITHOUT isolation (fallback tier: " + fallback_reason() +
           "); run `judge doctor` for details";
}

std::unique_ptr<Sandbox> make_sandbox(SandboxProbe probe) {
    // As root, each box runs as a user of its own, which must read what the judge writes for it
    // (the submission, its inputs, the shared headers). A umask that hides files from others (077,
    // as a hardened image may set) would make every C++ submission a compile error that blames the
    // student, so the judge keeps only its group and write bits. Before any thread starts: the
    // umask is the process's.
    if (probe.uid == 0) {
        const mode_t mask = ::umask(0);
        ::umask(mask & ~static_cast<mode_t>(S_IROTH | S_IXOTH));
    }
    return probe.tier == Tier::bubblewrap ? make_bubblewrap_sandbox(std::move(probe))
                                          : make_fallback_sandbox(std::move(probe));
}

}  // namespace judge
