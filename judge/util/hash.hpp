// judge/util/hash.hpp: content hashes for cache keys.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace judge {

/// Incremental SHA-256 (OpenSSL's libcrypto) over labelled parts; hex digest. Used for cache keys
/// and shard assignment, not for security: the cache is outside any box and only the judge writes it.
/// hex() ends the digest: call it once.
class Hasher {
public:
    Hasher();
    ~Hasher();
    Hasher(const Hasher&) = delete;
    Hasher& operator=(const Hasher&) = delete;
    /// Adds a part, length-prefixed so that ("ab","c") and ("a","bc") differ.
    Hasher& add(std::string_view part);
    /// Adds bytes as they are, with no length prefix (a file's plain digest, as sha256sum prints it).
    Hasher& add_raw(std::string_view bytes);
    std::string hex();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// The SHA-256 hex digest of `data` as one labelled part ("<length>:<data>").
std::string sha256_hex(std::string_view data);

/// The plain SHA-256 hex digest of `bytes`, as `sha256sum` prints it.
std::string sha256_plain_hex(std::string_view bytes);

/// The digest's first 64 bits (its first 16 hex digits): a number derived from text, of which
/// nothing can be inverted (the grading seeds, a drawn test's and a generator's state).
uint64_t sha256_u64(std::string_view bytes);

/// HMAC-SHA256 (OpenSSL's) of `message` under `key`: 32 raw bytes. The keyed function every value
/// derived from a grading secret goes through (core/seed.hpp).
std::string hmac_sha256(std::string_view key, std::string_view message);

/// `n` bytes from OpenSSL's generator (seeded by the kernel's), as 2n lowercase hex digits.
std::string random_hex(size_t n);

/// Raw bytes as lowercase hex digits.
std::string to_hex(std::string_view bytes);

/// splitmix64: advances `state` by one step and returns the next 64 random bits.
uint64_t splitmix64(uint64_t& state);

}  // namespace judge
