// judge/main.cpp: the thin entry point. Every failure becomes "judge: error: ..." and a documented
// exit code; nothing escapes as an abort or a core dump.
#include <cstdio>
#include <exception>
#include <new>

#include "cli/app.hpp"
#include "core/errors.hpp"
#include "util/interrupt.hpp"

int main(int argc, char** argv) {
    try {
        return judge::run_cli(argc, argv);
    } catch (const judge::Interrupted& i) {
        // Every box, folder and cgroup was removed on the way here.
        std::fprintf(stderr, "judge: stopped by signal %d; nothing of this run is left behind\n", i.signal);
        return 128 + i.signal;
    } catch (const judge::InputError& e) {
        std::fprintf(stderr, "judge: error: %s\n", e.what());
        return static_cast<int>(judge::ExitCode::bad_input);
    } catch (const judge::JudgeFailure& e) {
        // The machine's or the judge's failure, said in words that name what to do (a missing
        // compiler, interpreter or library); "internal" is kept for what nobody foresaw.
        std::fprintf(stderr, "judge: error: %s\n", e.what());
        return static_cast<int>(judge::ExitCode::judge_error);
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "judge: error: internal: out of memory\n");
        return static_cast<int>(judge::ExitCode::judge_error);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "judge: error: internal: %s\n", e.what());
        return static_cast<int>(judge::ExitCode::judge_error);
    } catch (...) {
        std::fprintf(stderr, "judge: error: internal: unknown exception\n");
        return static_cast<int>(judge::ExitCode::judge_error);
    }
}
