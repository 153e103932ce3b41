#include "core/cache.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace judge {

namespace fs = std::filesystem;

fs::path cache_root() {
    if (const char* c = std::getenv("JUDGE_CACHE"); c != nullptr && *c != '\0') return c;
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x != '\0') return fs::path(x) / "judge";
    if (const char* h = std::getenv("HOME"); h != nullptr && *h != '\0') return fs::path(h) / ".cache" / "judge";
    return fs::temp_directory_path() / ("judge-cache-" + std::to_string(::getuid()));
}

}  // namespace judge
