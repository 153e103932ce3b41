#include "report/report.hpp"

namespace judge {

std::string to_string(Verdict v) {
    switch (v) {
        case Verdict::judge_error: return "judge_error";
        case Verdict::invalid_submission: return "invalid_submission";
        case Verdict::compile_error: return "compile_error";
        case Verdict::time_limit: return "time_limit";
        case Verdict::memory_limit: return "memory_limit";
        case Verdict::output_limit: return "output_limit";
        case Verdict::runtime_error: return "runtime_error";
        case Verdict::wrong_answer: return "wrong_answer";
        case Verdict::accepted: return "accepted";
    }
    return "judge_error";
}

Verdict worse(Verdict a, Verdict b) { return static_cast<int>(a) <= static_cast<int>(b) ? a : b; }

}  // namespace judge
