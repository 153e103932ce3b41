#include "core/seed.hpp"

#include <cstdlib>
#include <cstring>
#include <map>

#include "core/errors.hpp"
#include "util/hash.hpp"
#include "util/text.hpp"

namespace judge {

namespace {

constexpr std::string_view key_prefix = "judge-key-v1:";

bool hex_digits(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string from_hex(std::string_view hex) {
    std::string out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
        out += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
    return out;
}

// The secret is taken out of the judge's environment the first time it is read: copied, its bytes
// in the environment block overwritten (so /proc/<pid>/environ no longer shows it) and the variable
// unset, so that no process the judge starts inherits it. Later reads (grade's problems, merge)
// get the copy.
const char* take_from_env(const std::string& var) {
    static std::map<std::string, std::string> taken;
    char* v = std::getenv(var.c_str());
    if (v == nullptr) {
        const auto it = taken.find(var);
        return it == taken.end() ? nullptr : it->second.c_str();
    }
    std::string& copy = taken[var];
    copy = v;
    std::memset(v, 0, std::strlen(v));
    ::unsetenv(var.c_str());
    return copy.c_str();
}

// A seed from a MAC: its first 64 bits, big-endian; 0 means "no seed" elsewhere, so it becomes 1.
uint64_t seed_of_mac(const std::string& mac) {
    uint64_t seed = 0;
    for (size_t i = 0; i < 8; ++i) seed = seed << 8 | static_cast<unsigned char>(mac[i]);
    return seed == 0 ? 1 : seed;
}
}  // namespace

bool valid_env_name(const std::string& var) {
    return !var.empty() && var.size() <= 100 &&
           var.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") ==
               std::string::npos &&
           !(var[0] >= '0' && var[0] <= '9');
}

std::string new_secret() { return random_hex(32); }

std::string derive_problem_key(std::string_view secret, const std::string& problem) {
    return hmac_sha256(lower(secret), "judge problem key v1:" + problem);
}

std::string problem_key_text(const std::string& problem, std::string_view key) {
    return std::string(key_prefix) + problem + ":" + to_hex(key);
}

std::string problem_key_from_env(const std::string& var, const std::string& problem, const std::string& option) {
    if (!valid_env_name(var))
        throw InputError(option + ": expected the name of an environment variable, like GRADING_SEED");
    const char* v = take_from_env(var);
    if (v == nullptr || *v == '\0') throw InputError(option + ": $" + var + " is not set, or empty");
    const std::string s = trimmed(v, " \t\r\n");
    if (s.starts_with(key_prefix)) {
        const std::string rest = s.substr(key_prefix.size());
        const size_t colon = rest.rfind(':');
        const std::string name = colon == std::string::npos ? "" : rest.substr(0, colon);
        const std::string hex = colon == std::string::npos ? "" : rest.substr(colon + 1);
        if (name.empty() || hex.size() != 64 || !hex_digits(hex))
            throw InputError(option + ": $" + var +
                             " starts like a problem's key but is not one (expected judge-key-v1:<problem>:<64 hex "
                             "digits>, as `judge secret key` prints it)");
        if (name != problem)
            throw InputError(option + ": $" + var + " holds the key of " + name + ", not of " + problem +
                             " (a problem's key opens that problem only: `judge secret key " + problem + "`)");
        return from_hex(lower(hex));
    }
    if (!hex_digits(s) || s.size() < min_secret_digits || s.size() > 1024)
        throw InputError(option + ": $" + var +
                         " is not a secret of at least 128 bits (at least 32 hex digits; its value is not shown): "
                         "make one with `judge secret new`");
    return derive_problem_key(s, problem);
}

uint64_t submission_seed(std::string_view key, std::string_view content) {
    return seed_of_mac(hmac_sha256(key, "judge draw v1:" + sha256_plain_hex(content)));
}

uint64_t cases_seed(std::string_view key) { return seed_of_mac(hmac_sha256(key, "judge counterexample cases v1")); }

uint64_t problem_seed(uint64_t k, const std::string& problem) {
    const uint64_t seed = sha256_u64("judge-grading-seed:" + std::to_string(k) + ":" + problem);
    return seed == 0 ? 1 : seed;
}

GradingSeed choose_seed(uint64_t seed, const std::optional<std::string>& env, const std::string& problem) {
    if (!env) return {seed, "", ""};
    return {0, *env, problem_key_from_env(*env, problem, "--seed-from-env")};
}

std::string random_salt() { return random_hex(16); }

std::string salted_key_hash(const std::string& salt, std::string_view key) {
    return sha256_plain_hex(salt + ":" + to_hex(key));
}

}  // namespace judge
