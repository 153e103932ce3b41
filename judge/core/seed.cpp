#include "core/seed.hpp"

#include <cstdlib>
#include <random>

#include "core/errors.hpp"
#include "util/hash.hpp"

namespace judge {

bool valid_env_name(const std::string& var) {
    return !var.empty() && var.size() <= 100 &&
           var.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") ==
               std::string::npos &&
           !(var[0] >= '0' && var[0] <= '9');
}

uint64_t secret_from_env(const std::string& var) {
    if (!valid_env_name(var))
        throw InputError("--seed-from-env: expected the name of an environment variable, like GRADING_SEED");
    const char* v = std::getenv(var.c_str());
    if (v == nullptr || *v == '\0') throw InputError("--seed-from-env: $" + var + " is not set, or empty");
    const std::string s = v;
    if (s.find_first_not_of("0123456789") != std::string::npos || s.size() > 19)
        throw InputError("--seed-from-env: $" + var +
                         " is not a whole number from 1 to 10^19 (its value is not shown)");
    const uint64_t seed = std::stoull(s);
    if (seed == 0) throw InputError("--seed-from-env: $" + var + " is 0, which means the spec's own inputs");
    return seed;
}

uint64_t problem_seed(uint64_t secret, const std::string& problem) {
    const uint64_t seed = sha256_u64("judge-grading-seed:" + std::to_string(secret) + ":" + problem);
    return seed == 0 ? 1 : seed;
}

GradingSeed choose_seed(uint64_t seed, const std::optional<std::string>& env, const std::string& problem) {
    if (!env) return {seed, ""};
    return {problem_seed(secret_from_env(*env), problem), *env};
}

std::string random_salt() {
    std::random_device rd;  // the kernel's generator (getrandom) on Linux
    std::string salt;
    for (int i = 0; i < 4; ++i) {
        static const char* digits = "0123456789abcdef";
        uint32_t w = rd();
        for (int k = 0; k < 8; ++k, w >>= 4) salt += digits[w & 15];
    }
    return salt;
}

std::string salted_seed_hash(const std::string& salt, uint64_t seed) {
    return sha256_plain_hex(salt + ":" + std::to_string(seed));
}

}  // namespace judge
