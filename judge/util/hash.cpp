#include "util/hash.hpp"

#include <boost/uuid/detail/sha1.hpp>
#include <cstdio>

namespace judge {

struct Hasher::Impl {
    boost::uuids::detail::sha1 sha;
};

Hasher::Hasher() : m_impl(std::make_unique<Impl>()) {}
Hasher::~Hasher() = default;

Hasher& Hasher::add(std::string_view part) {
    const std::string len = std::to_string(part.size()) + ":";
    m_impl->sha.process_bytes(len.data(), len.size());
    m_impl->sha.process_bytes(part.data(), part.size());
    return *this;
}

std::string Hasher::hex() {
    boost::uuids::detail::sha1::digest_type d;
    m_impl->sha.get_digest(d);
    std::string out;
    char buf[9];
    for (unsigned int w : d) {
        std::snprintf(buf, sizeof buf, "%08x", w);
        out += buf;
    }
    return out;
}

std::string sha1_hex(std::string_view data) {
    Hasher h;
    h.add(data);
    return h.hex();
}

}  // namespace judge
