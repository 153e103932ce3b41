// judge/util/zip.hpp: writing a .zip archive (stored, not compressed), byte-reproducible.
#pragma once

#include <string>
#include <vector>

namespace judge {

struct ZipEntry {
    std::string name;  // the path inside the archive, with '/'
    std::string bytes;
    bool executable = false;  // Unix mode 0755 instead of 0644
};

/// The archive of `entries`, in the given order, with a fixed time stamp (1980-01-01 00:00), so the
/// same entries always give the same bytes. Throws std::length_error past ZIP32's limits (4 GiB,
/// 65535 entries).
std::string zip_archive(const std::vector<ZipEntry>& entries);

}  // namespace judge
