// The examples print what the library predicts: every time, throughput, bound and batch the seed
// comparison and the batch planner show comes from roofcast::predict and roofcast::max_batch for the same
// GPU and run.
#include "batch_planner.hpp"
#include "seed_comparisons.hpp"

#include <doctest/doctest.h>

#include "cli_runner.hpp"

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

using run_result = roofcast_tests::cli_result;

/// Standard output and exit status of a shell command.
run_result run(const std::string& command) {
    return roofcast_tests::run_command(command);
}

std::string run_example() {
    const run_result r = run(ROOFCAST_SEED_EXAMPLE);
    CHECK(r.status == 0);
    return r.out;
}

/// The lines of `text` from the line starting with `first` up to the next empty line.
std::vector<std::string> block(const std::string& text, std::size_t from, const std::string& first) {
    std::vector<std::string> lines;
    const std::size_t start = text.find("\n" + first, from);
    if (start == std::string::npos) {
        return lines;
    }
    std::istringstream in(text.substr(start + 1));
    std::string line;
    while (std::getline(in, line) && !line.empty()) {
        lines.push_back(line);
    }
    return lines;
}

}  // namespace

TEST_CASE("the seed comparison prints the library's predictions") {
    const std::string out = run_example();
    CHECK(out == seed::report());
    int checked = 0;
    for (const auto& [a, b] : seed::pairs()) {
        CHECK(out.find("=== " + a + " vs " + b + " ===") != std::string::npos);
        for (const seed::scenario& s : seed::scenarios()) {
            for (const std::string& gpu : {a, b}) {
                CAPTURE(gpu);
                CAPTURE(s.title);
                const rc::prediction p =
                    rc::predict(rc::catalog().workload_named(s.workload), rc::catalog().gpu(gpu), s.config);
                const std::string time = rc::to_string(p.time);
                // The GPU's row of this scenario's table shows its time and bound (or why the run does not fit).
                const auto block = out.find(s.title, out.find("=== " + a));
                REQUIRE(block != std::string::npos);
                const auto row = out.find(gpu + " ", block);
                REQUIRE(row != std::string::npos);
                const std::string line = out.substr(row, out.find('\n', row) - row);
                const std::string memory = rc::memory_of_capacity(p.memory);
                CHECK(line.find(memory) != std::string::npos);
                if (p.memory.fits()) {
                    CHECK(line.find(time) != std::string::npos);
                    CHECK(line.find(std::string(rc::to_string_view(p.limiter))) != std::string::npos);
                } else {  // a GPU the run does not fit shows its footprint and says so, not a time
                    CHECK(line.find(time) == std::string::npos);
                    CHECK(line.find("does not fit") != std::string::npos);
                }
                ++checked;
            }
        }
    }
    CHECK(checked == 20);
}

TEST_CASE("decode on A100-SXM4-40GB reads the fp16 weights at least once per token and is memory-bound") {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::decode;
    c.precision = rc::precision::fp16;
    c.prompt_len = 512;
    c.gen_len = 128;
    const rc::prediction p =
        rc::predict(rc::catalog().workload_named("llama2-7b"), rc::catalog().gpu("A100-SXM4-40GB"), c);
    // 6.74e9 parameters x 2 B = 13.5 GB at 1.555 TB/s = 8.7 ms: the floor for one token.
    CHECK(p.time.value() >= 13.5e9 / 1.555e12);
    CHECK(p.limiter == rc::bound::memory);
}

TEST_CASE("the batch planner prints the library's plan for its default scenarios") {
    const run_result r = run(ROOFCAST_BATCH_PLANNER);
    CHECK(r.status == 0);
    std::string expected;
    for (const batch_plan::scenario& s : batch_plan::default_scenarios()) {
        expected += batch_plan::report(s);
    }
    CHECK(r.out == expected);
}

TEST_CASE("the batch planner: its largest batch fits and one more does not, and each row is roofcast::predict") {
    const std::string out = run(ROOFCAST_BATCH_PLANNER).out;
    int checked = 0;
    for (const batch_plan::scenario& s : batch_plan::default_scenarios()) {
        const rc::workload& w = rc::catalog().workload_named(s.workload);
        const std::size_t section = out.find("=== " + s.title + " ===");
        REQUIRE(section != std::string::npos);
        for (const std::string& gpu : s.gpus) {
            CAPTURE(s.title);
            CAPTURE(gpu);
            const rc::gpu_spec& g = rc::catalog().gpu(gpu);
            // The largest batch, found here by a linear search over the footprint, not by max_batch's bisection.
            rc::run_config c = s.config;
            long long largest = 0;
            for (c.batch = 1; c.batch < 100000 && rc::footprint(w, g, c).fits(); ++c.batch) {
                largest = c.batch;
            }
            const std::vector<std::string> lines = block(out, section, gpu + ": ");
            REQUIRE(lines.size() >= 3);
            CHECK(lines[0].find(gpu + ": largest batch " + std::to_string(largest) + " (limited by ") == 0);
            // One row per power of two below the largest batch, then the largest batch; each the prediction.
            std::vector<long long> batches;
            for (long long b = 1; b < largest; b *= 2) {
                batches.push_back(b);
            }
            batches.push_back(largest);
            REQUIRE(lines.size() == 3 + batches.size());
            long long best = 0;
            double best_tp = 0.0;
            std::vector<double> tps;
            for (std::size_t i = 0; i < batches.size(); ++i) {
                c.batch = batches[i];
                const rc::prediction p = rc::predict(w, g, c);
                const std::string& row = lines[3 + i];
                std::istringstream cells(row);
                long long printed = 0;
                cells >> printed;
                CHECK(printed == batches[i]);
                CHECK(row.find(rc::to_string(p.time)) != std::string::npos);
                CHECK(row.find(rc::si_prefixed(rc::main_throughput(p).first)) != std::string::npos);
                CHECK(row.find(std::string(rc::to_string_view(p.limiter))) != std::string::npos);
                CHECK(p.memory.fits());
                tps.push_back(rc::main_throughput(p).first);
                if (tps.back() > best_tp) {
                    best_tp = tps.back();
                    best = batches[i];
                }
            }
            long long knee = 0;
            for (std::size_t i = 0; i < batches.size() && knee == 0; ++i) {
                knee = tps[i] >= 0.95 * best_tp ? batches[i] : 0;
            }
            CHECK(lines[0].find("best throughput at batch " + std::to_string(best) + ", 95% of it from batch " +
                                std::to_string(knee)) != std::string::npos);
            ++checked;
        }
    }
    CHECK(checked == 12);
}

TEST_CASE("the batch planner: LLaMA-2-7B in fp16 on an A100-SXM4-40GB fits 69 sequences of 512 + 128 tokens") {
    // docs/memory.md by hand: 1.05 x (13,476,831,232 + B x 377,877,504) + 1 GiB <= 40 GiB gives B <= 69.88.
    const std::string out = run(ROOFCAST_BATCH_PLANNER).out;
    const std::size_t section = out.find("=== LLaMA-2-7B generation");
    REQUIRE(section != std::string::npos);
    CHECK(out.find("A100-SXM4-40GB: largest batch 69 (limited by kv cache)", section) != std::string::npos);
}

TEST_CASE("the batch planner answers one question from its arguments and rejects bad ones") {
    const run_result r = run(std::string(ROOFCAST_BATCH_PLANNER) + " resnet18 train amp-bf16 A100-SXM4-80GB,L4");
    CHECK(r.status == 0);
    batch_plan::scenario s;
    s.title = "resnet18 train, amp-bf16";
    s.workload = "resnet18";
    s.config.mode = rc::mode::train;
    s.config.precision = rc::precision::amp_bf16;
    s.gpus = {"A100-SXM4-80GB", "L4"};
    CHECK(r.out == batch_plan::report(s));
    CHECK(r.out.find("=== resnet18 train, amp-bf16 ===\n\nA100-SXM4-80GB: largest batch ") == 0);
    CHECK(run(std::string(ROOFCAST_BATCH_PLANNER) + " resnet18 train 2>/dev/null").status == 2);
    CHECK(run(std::string(ROOFCAST_BATCH_PLANNER) + " resnet18 fly fp16 A40 2>/dev/null").status == 2);
    CHECK(run(std::string(ROOFCAST_BATCH_PLANNER) + " resnet18 train fp17 A40 2>/dev/null").status == 2);
    CHECK(run(std::string(ROOFCAST_BATCH_PLANNER) + " resnet18 train fp16 no-such-gpu 2>/dev/null").status == 1);
}
