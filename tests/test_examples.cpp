// The seed comparison example prints what the library predicts: every time, throughput and bound it
// shows comes from roofcast::predict for the same GPU and run.
#include "seed_comparisons.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <string>

namespace rc = roofcast;

namespace {

std::string run_example() {
    std::string out;
    FILE* p = popen(ROOFCAST_SEED_EXAMPLE, "r");
    REQUIRE(p != nullptr);
    std::array<char, 4096> buf{};
    std::size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) {
        out.append(buf.data(), n);
    }
    CHECK(pclose(p) == 0);
    return out;
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
                // The GPU's row of this scenario's table shows its time and bound.
                const auto block = out.find(s.title, out.find("=== " + a));
                REQUIRE(block != std::string::npos);
                const auto row = out.find(gpu + " ", block);
                REQUIRE(row != std::string::npos);
                const std::string line = out.substr(row, out.find('\n', row) - row);
                CHECK(line.find(time) != std::string::npos);
                CHECK(line.find(std::string(rc::to_string_view(p.limiter))) != std::string::npos);
                CHECK(line.find(p.memory.fits() ? "yes" : "NO") != std::string::npos);
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
