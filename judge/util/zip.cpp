#include "util/zip.hpp"

#include <boost/crc.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace judge {

namespace {

void u16(std::string& out, uint32_t v) {
    out += static_cast<char>(v & 0xff);
    out += static_cast<char>((v >> 8) & 0xff);
}

void u32(std::string& out, uint32_t v) {
    u16(out, v & 0xffff);
    u16(out, v >> 16);
}

uint32_t checked(size_t n) {
    if (n > std::numeric_limits<uint32_t>::max()) throw std::length_error("zip: over 4 GiB (ZIP64 is not written)");
    return static_cast<uint32_t>(n);
}

}  // namespace

std::string zip_archive(const std::vector<ZipEntry>& entries) {
    if (entries.size() > 0xffff) throw std::length_error("zip: over 65535 entries");
    constexpr uint32_t dos_time = 0, dos_date = (0 << 9) | (1 << 5) | 1;  // 1980-01-01 00:00:00
    std::string out, central;
    for (const ZipEntry& e : entries) {
        boost::crc_32_type crc;
        crc.process_bytes(e.bytes.data(), e.bytes.size());
        const uint32_t sum = crc.checksum(), size = checked(e.bytes.size()), offset = checked(out.size());
        // What the local header and the central record share: version needed 2.0, no flags,
        // stored, the time, the checksum, both sizes, the name's length, no extra field.
        const auto common = [&](std::string& to) {
            u16(to, 20);
            u16(to, 0);
            u16(to, 0);
            u16(to, dos_time);
            u16(to, dos_date);
            u32(to, sum);
            u32(to, size);
            u32(to, size);
            u16(to, checked(e.name.size()));
            u16(to, 0);
        };
        u32(out, 0x04034b50);
        common(out);
        out += e.name;
        out += e.bytes;
        // Its central directory record: made by Unix (3), then no comment, disk 0, no internal
        // attributes, the mode in the external ones, and where the local header is.
        u32(central, 0x02014b50);
        u16(central, (3 << 8) | 20);
        common(central);
        u16(central, 0);
        u16(central, 0);
        u16(central, 0);
        u32(central, (0100000u | (e.executable ? 0755u : 0644u)) << 16);
        u32(central, offset);
        central += e.name;
    }
    const uint32_t central_offset = checked(out.size()), central_size = checked(central.size());
    out += central;
    u32(out, 0x06054b50);
    u16(out, 0);
    u16(out, 0);
    u16(out, static_cast<uint32_t>(entries.size()));
    u16(out, static_cast<uint32_t>(entries.size()));
    u32(out, central_size);
    u32(out, central_offset);
    u16(out, 0);
    return out;
}

}  // namespace judge
