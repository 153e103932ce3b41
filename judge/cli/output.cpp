#include "cli/output.hpp"

#include "core/errors.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <cstdio>
#include <cstdlib>

namespace judge {

bool use_colour() {
    const char* no = std::getenv("NO_COLOR");
    if (no != nullptr && *no != '\0') return false;
    return ::isatty(STDOUT_FILENO) == 1;
}

bool stdout_is_terminal() { return ::isatty(STDOUT_FILENO) == 1; }

Style terminal_style() { return Style{use_colour()}; }

std::string paint(const std::string& text, const char* colour) { return terminal_style().paint(text, colour); }

void warn_if_not_isolated(const Sandbox& sandbox) {
    if (!sandbox.warning().empty()) std::fprintf(stderr, "judge: warning: %s\n", sandbox.warning().c_str());
}

namespace {

// Whether any user may read `file`: it and every folder above it open to others.
bool readable_by_anyone(const std::filesystem::path& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0 || (st.st_mode & S_IROTH) == 0) return false;
    for (std::filesystem::path d = file.parent_path(); !d.empty(); d = d.parent_path()) {
        if (::stat(d.c_str(), &st) != 0 || (st.st_mode & S_IXOTH) == 0) return false;
        if (d == d.root_path()) break;
    }
    return true;
}

}  // namespace

void check_isolation(const Sandbox& sandbox, const std::string& secret_env, const std::filesystem::path& reference) {
    warn_if_not_isolated(sandbox);
    if (secret_env.empty() || sandbox.tier() != Tier::fallback) return;
    if (::geteuid() == 0) {
        // Each box runs as a uid of its own, which reaches what any user may read.
        if (readable_by_anyone(std::filesystem::absolute(reference)))
            std::fprintf(stderr,
                         "judge: warning: %s is readable by any user: in the fallback tier a submission can read "
                         "the course (the reference, the seeded bugs); make it root's alone: chmod -R go-rwx on the "
                         "course root (docs/sandbox.md)\n",
                         reference.c_str());
        return;
    }
    throw JudgeFailure("--seed-from-env " + secret_env +
                       ": a grade under a secret needs isolation this run does not have: in the fallback tier (" +
                       sandbox.fallback_reason() +
                       ") a judge that is not root runs each submission as its own user, who can read the judge's "
                       "environment (the secret), its cache and the course. Allow user namespaces (a container "
                       "whose seccomp profile permits them, or kernel.unprivileged_userns_clone=1) so that bubblewrap "
                       "works, or run the judge as root in the container: each box then runs as a uid of its own "
                       "(docs/sandbox.md). `judge doctor` says which tier this host gets");
}

void configure_logging(int verbose, bool quiet) {
    const char* no = std::getenv("NO_COLOR");
    const bool colour = (no == nullptr || *no == '\0') && ::isatty(STDERR_FILENO) == 1;
    auto logger =
        colour ? spdlog::stderr_color_st("judge") : spdlog::stderr_color_st("judge", spdlog::color_mode::never);
    // With -v, timestamps help to see where the time goes.
    logger->set_pattern(verbose >= 1 ? "judge: %H:%M:%S.%e %^%l%$: %v" : "judge: %^%l%$: %v");
    spdlog::set_default_logger(logger);
    if (quiet)
        spdlog::set_level(spdlog::level::err);
    else if (verbose >= 2)
        spdlog::set_level(spdlog::level::trace);
    else if (verbose == 1)
        spdlog::set_level(spdlog::level::debug);
    else
        spdlog::set_level(spdlog::level::info);
}

}  // namespace judge
