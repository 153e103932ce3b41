#include "util/files.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "util/errors.hpp"

namespace judge {

std::string read_file(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw InputError(path.string() + ": is a directory, expected a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path.string() + ": cannot read: " + std::strerror(errno));
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void write_file_atomic(const fs::path& path, const std::string& content) {
    fs::create_directories(path.parent_path());
    const fs::path tmp = path.string() + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.flush();
        if (!out) throw JudgeFailure(tmp.string() + ": cannot write: " + std::strerror(errno));
    }
    fs::rename(tmp, path);
}

fs::path make_temp_dir(const std::string& prefix) {
    std::string templ = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (::mkdtemp(templ.data()) == nullptr) {
        throw JudgeFailure("cannot create a temporary directory in " + fs::temp_directory_path().string() + ": " +
                           std::strerror(errno));
    }
    return templ;
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(m_path, ec);
}

fs::path cache_root() {
    if (const char* c = std::getenv("JUDGE_CACHE"); c != nullptr && *c != '\0') return c;
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x != '\0') return fs::path(x) / "judge";
    if (const char* h = std::getenv("HOME"); h != nullptr && *h != '\0') return fs::path(h) / ".cache" / "judge";
    return fs::temp_directory_path() / ("judge-cache-" + std::to_string(::getuid()));
}

}  // namespace judge
