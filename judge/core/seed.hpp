// judge/core/seed.hpp: the grading seed, and how a secret one stays out of every file.
//
// A grade that counts draws its inputs from a secret (`--seed-from-env VAR`, a CI secret). The
// secret is never used as it is: each problem is graded with a seed derived from the secret and
// the problem's name, so that the inputs of one problem, should they leak, open no other. No file
// the judge writes holds the secret or a derived seed: a report says "secret" and names the
// variable (its rerun command reads the same variable), and grade.json keeps a salted SHA-256 so
// that a merge or a regrade given the same variable can check it used the same seed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace judge {

/// Whether `var` may name an environment variable here: letters, digits and '_', not starting with
/// a digit, at most 100 characters (what --seed-from-env takes and a report's seed_from_env holds).
bool valid_env_name(const std::string& var);

/// The secret in environment variable `var`: a whole number from 1 to 10^19. Never printed, not
/// even in an error (InputError naming the option and the variable only).
uint64_t secret_from_env(const std::string& var);

/// The seed problem `problem` is graded with under `secret`: SHA-256 over both, never 0.
uint64_t problem_seed(uint64_t secret, const std::string& problem);

/// A grading seed as the command line chose it: a public one (`--seed N`, written in reports as
/// N), or one derived from a secret (`env` names its variable; reports say "secret").
struct GradingSeed {
    uint64_t value = 0;
    std::string env;  // non-empty: the seed is secret, from $env
    bool secret() const { return !env.empty(); }
};

/// `--seed N` or `--seed-from-env VAR` for `problem` (InputError when the variable is unusable).
GradingSeed choose_seed(uint64_t seed, const std::optional<std::string>& env, const std::string& problem);

/// A random salt (32 hex digits from the kernel's generator).
std::string random_salt();

/// The check grade.json keeps of a secret seed: SHA-256 of the salt and the seed, in hex.
std::string salted_seed_hash(const std::string& salt, uint64_t seed);

}  // namespace judge
