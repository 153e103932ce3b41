#include "core/errors.hpp"

#include "util/files.hpp"

namespace judge {

std::string read_input_file(const std::filesystem::path& path) {
    try {
        return read_file(path);
    } catch (const FileError& e) {
        throw InputError(e.what());
    }
}

}  // namespace judge
