#include "pipeline/trusted_box.hpp"

#include "runs/program_run.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Copies what the run wrote below `box`/`dir` into `dest`: each file a regular file, capped at
// what the judge reads of it; a link, a FIFO or a folder in its place is left behind (the reader
// then finds it missing).
void copy_out(const fs::path& box, const fs::path& dir, const FunctionSpec& fn, const fs::path& dest) {
    const auto copy = [&](const std::string& name, size_t max, ReadPart part) {
        const SafeRead r = read_below(box, dir / name, max, part);
        if (r.ok()) write_file_atomic(dest / name, r.bytes);
    };
    copy(box::harness_status_file, 8192, ReadPart::head);
    copy("stdout.txt", 4000, ReadPart::head);
    copy("stderr.txt", 1500, ReadPart::tail);
    const auto max_npy = static_cast<size_t>(npy::max_file_bytes);
    for (const OutputSpec& o : fn.outputs) copy(o.name + ".npy", max_npy, ReadPart::whole);
}

}  // namespace

box::TestStatus run_trusted(const Sandbox& shared, const fs::path& exe, const FunctionSpec& fn, const fs::path& in_dir,
                            const fs::path& out_dir, const Limits& limits) {
    const std::unique_ptr<Sandbox> boxed = shared.for_one_box();  // before the box: the uid outlives it
    const TempDir box("judge-trusted");
    boxed->prepare_writable(box.path());  // its own uid's alone (mode 0700), as a submission's box is
    // A copy in the box (the cache is out of its reach), readable: it holds nothing but itself.
    const fs::path prog = box.path() / "prog";
    fs::copy_file(exe, prog);
    fs::permissions(prog, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
    boxed->make_box_folder(box.path(), "out");
    // Its own copy of the inputs: the box's uid needs no way into the judge's folders (`judge run`'s
    // inputs are in another box's). Unisolated, the folders go by descriptor: no other process
    // reads their names off the command line.
    const fs::path in = box.path() / "in";
    fs::create_directories(in);
    fs::copy(in_dir, in, fs::copy_options::recursive);
    InBox in_box;
    in_box.folders_by_descriptor = boxed->tier() == Tier::fallback;
    const box::TestStatus how = execute_test(prog, fn.name, in, box.path() / "out", limits, *boxed, box.path(), in_box);
    fs::create_directories(out_dir);
    copy_out(box.path(), "out", fn, out_dir);
    write_file_atomic(out_dir / box::status_file, box::encode_status(how));
    return how;
}

BuildResult build_trusted(Builder& builder, const Sandbox& shared, const Problem& p, const std::string& text,
                          const std::string& what, bool say) {
    return builder.build_trusted_source(p, text, what, *shared.for_one_box(), say);
}

}  // namespace judge
