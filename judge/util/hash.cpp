#include "util/hash.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace judge {

struct Hasher::Impl {
    EVP_MD_CTX* ctx = nullptr;
    ~Impl() { EVP_MD_CTX_free(ctx); }
};

Hasher::Hasher() : m_impl(std::make_unique<Impl>()) {
    m_impl->ctx = EVP_MD_CTX_new();
    if (m_impl->ctx == nullptr || EVP_DigestInit_ex(m_impl->ctx, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("libcrypto: cannot start a SHA-256 digest");
}

Hasher::~Hasher() = default;

Hasher& Hasher::add(std::string_view part) {
    const std::string len = std::to_string(part.size()) + ":";
    if (EVP_DigestUpdate(m_impl->ctx, len.data(), len.size()) != 1 ||
        EVP_DigestUpdate(m_impl->ctx, part.data(), part.size()) != 1)
        throw std::runtime_error("libcrypto: SHA-256 update failed");
    return *this;
}

Hasher& Hasher::add_raw(std::string_view bytes) {
    if (EVP_DigestUpdate(m_impl->ctx, bytes.data(), bytes.size()) != 1)
        throw std::runtime_error("libcrypto: SHA-256 update failed");
    return *this;
}

std::string Hasher::hex() {
    unsigned char d[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (EVP_DigestFinal_ex(m_impl->ctx, d, &n) != 1) throw std::runtime_error("libcrypto: SHA-256 final failed");
    std::string out;
    char buf[3];
    for (unsigned int i = 0; i < n; ++i) {
        std::snprintf(buf, sizeof buf, "%02x", d[i]);
        out += buf;
    }
    return out;
}

std::string sha256_hex(std::string_view data) {
    Hasher h;
    h.add(data);
    return h.hex();
}

std::string sha256_plain_hex(std::string_view bytes) {
    Hasher h;
    h.add_raw(bytes);
    return h.hex();
}

uint64_t sha256_u64(std::string_view bytes) {
    return std::strtoull(sha256_plain_hex(bytes).substr(0, 16).c_str(), nullptr, 16);
}

std::string to_hex(std::string_view bytes) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (const char c : bytes) {
        const auto b = static_cast<unsigned char>(c);
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

std::string hmac_sha256(std::string_view key, std::string_view message) {
    unsigned char out[EVP_MAX_MD_SIZE];
    size_t n = 0;
    if (EVP_Q_mac(nullptr, "HMAC", nullptr, "SHA256", nullptr, key.data(), key.size(),
                  reinterpret_cast<const unsigned char*>(message.data()), message.size(), out, sizeof out,
                  &n) == nullptr)
        throw std::runtime_error("libcrypto: HMAC-SHA256 failed");
    return std::string(reinterpret_cast<const char*>(out), n);
}

std::string random_hex(size_t n) {
    std::string bytes(n, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(bytes.data()), static_cast<int>(n)) != 1)
        throw std::runtime_error("libcrypto: the random generator failed");
    return to_hex(bytes);
}

uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace judge
