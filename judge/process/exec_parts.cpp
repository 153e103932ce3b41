#include "process/exec_parts.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <system_error>

extern char** environ;

namespace judge {

std::filesystem::path search_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
    for (size_t start = 0; start <= dirs.size();) {
        size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::filesystem::path candidate =
            std::filesystem::path(end > start ? dirs.substr(start, end - start) : ".") / program;
        std::error_code ec;
        if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return {};
}

int open_output(const std::filesystem::path& f) {
    if (f.empty()) return ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    const int fd = ::open(f.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

char** CStrings::array() {
    pointers.clear();
    for (std::string& s : strings) pointers.push_back(s.data());
    pointers.push_back(nullptr);
    return pointers.data();
}

CStrings child_environment(const ProcessSpec& spec) {
    std::map<std::string, std::string> vars;
    if (!spec.clear_env) {
        for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
            const std::string kv = *e;
            const size_t eq = kv.find('=');
            if (eq != std::string::npos) vars[kv.substr(0, eq)] = kv.substr(eq + 1);
        }
    }
    for (const auto& [k, v] : spec.env) vars[k] = v;
    CStrings env;
    for (const auto& [k, v] : vars) env.strings.push_back(k + "=" + v);
    return env;
}

}  // namespace judge
