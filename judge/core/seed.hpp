// judge/core/seed.hpp: the grading seed, and how a secret one stays out of every file.
//
// A grade that counts draws its inputs from a secret (`--seed-from-env VAR`, a CI secret) of at
// least 128 bits, which `judge secret new` makes. The secret is never used as it is. Every value
// derived from it goes through HMAC-SHA256 (issue #62):
//
//   secret ──HMAC("judge problem key v1:" + problem)──► the problem's key
//   problem key ──HMAC("judge draw v1:" + SHA-256 of the submission's bytes)──► that submission's seed
//   problem key ──HMAC("judge counterexample cases v1")──► the seed of every file's counterexample cases
//
// - A platform's package (Gradescope's zip, PrairieLearn's tests/grading_seed) holds one problem's
//   key, printed by `judge secret key` as `judge-key-v1:<problem>:<64 hex digits>`: it opens that
//   problem's draws and no other's, and never the term's secret.
// - Each submission is graded on hidden inputs of its own: the same file gets the same draw (and the
//   same report: resume, shards and merge stay byte-identical), another file other inputs. So what a
//   submission relays about its hidden inputs is stale for every other file, and recovering one
//   submission's 64-bit seed from its report (2^64 candidates, no shortcut) opens only that draw.
// - No file the judge writes holds the secret, a key or a seed derived from them: a report says
//   "secret" and names the variable, and grade.json keeps a salted SHA-256 of the problem's key so
//   that a merge or a regrade given the same variable can check it used the same secret.
//
// A public seed (`--seed N`, `validate --seeds`) stays a small number, the same for every
// submission: it is for authoring, where nothing is secret.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace judge {

/// Whether `var` may name an environment variable here: letters, digits and '_', not starting with
/// a digit, at most 100 characters (what --seed-from-env takes and a report's seed_from_env holds).
bool valid_env_name(const std::string& var);

/// The fewest hex digits a secret has: 128 bits.
inline constexpr size_t min_secret_digits = 32;

/// A new secret for a term: 256 bits from OpenSSL's generator, as 64 lowercase hex digits.
std::string new_secret();

/// The key of `problem` under `secret` (its hex digits, lowercase): HMAC-SHA256, 32 raw bytes.
std::string derive_problem_key(std::string_view secret, const std::string& problem);

/// A problem's key as `judge secret key` prints it and a package holds it:
/// "judge-key-v1:<problem>:<64 hex digits>".
std::string problem_key_text(const std::string& problem, std::string_view key);

/// The key of `problem` from environment variable `var`: the term's secret (at least 32 hex
/// digits; blanks around it are dropped, case is ignored), or the problem's own key as
/// problem_key_text writes it. InputError otherwise, naming `option`, the variable and what to do,
/// never the value.
std::string problem_key_from_env(const std::string& var, const std::string& problem, const std::string& option);

/// The seed one submission of a problem is graded with under its key: HMAC-SHA256 over the
/// SHA-256 of the submission's bytes, its first 64 bits, never 0.
uint64_t submission_seed(std::string_view key, std::string_view content);

/// The seed a problem's counterexample cases are drawn with under its key, the same for every
/// submission: HMAC-SHA256 of a fixed label, its first 64 bits, never 0. The cases only explain a
/// failure (no grade counts them) and a report shows them whole, so they need not be a file's own;
/// shared, the reference runs on them once for a class.
uint64_t cases_seed(std::string_view key);

/// A public seed for authoring (`validate --seeds`: the k-th of a problem): SHA-256, never 0.
uint64_t problem_seed(uint64_t k, const std::string& problem);

/// A grading seed as the command line chose it: a public one (`--seed N`, written in reports as
/// N, the same for every submission), or a secret one (`env` names its variable; reports say
/// "secret"), drawn anew for each submission from the problem's key.
struct GradingSeed {
    uint64_t value = 0;  // a public seed; 0 for a secret one
    std::string env;     // non-empty: the seed is secret, from $env
    std::string key;     // the problem's key (32 raw bytes) when secret
    bool secret() const { return !env.empty(); }
    /// Whether tests are drawn anew (any seed but the spec's own inputs).
    bool drawn() const { return secret() || value != 0; }
    /// The seed that a submission of these bytes is judged with.
    uint64_t for_submission(std::string_view content) const { return secret() ? submission_seed(key, content) : value; }
    /// The seed the counterexample cases of every submission are drawn with.
    uint64_t for_cases() const { return secret() ? cases_seed(key) : value; }
};

/// `--seed N` or `--seed-from-env VAR` for `problem` (InputError when the variable is unusable).
GradingSeed choose_seed(uint64_t seed, const std::optional<std::string>& env, const std::string& problem);

/// A random salt (32 hex digits).
std::string random_salt();

/// The check grade.json keeps of a secret seed: SHA-256 of the salt and the problem's key, in hex.
std::string salted_key_hash(const std::string& salt, std::string_view key);

}  // namespace judge
