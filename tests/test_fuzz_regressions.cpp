// The fuzz targets' entry functions (fuzz/fuzz_entries.hpp) in the normal test suite: every kept regression
// input (fuzz/regressions/TARGET/NAME) gives the outcome its NAME.expected file states, and every seed of the
// corpus (the shipped models and measurements) is accepted. An invariant_violation, a crash or any other
// exception fails the test, as it fails the fuzzer.
#include "fuzz_entries.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace fz = roofcast::fuzz;

namespace {

using entry = std::function<fz::outcome(const std::uint8_t*, std::size_t)>;

std::string bytes_of(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

fz::outcome run(const entry& e, const std::string& bytes) {
    return e(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

// The files of `dir` (sorted), without the .expected files.
std::vector<fs::path> inputs_in(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& f : fs::directory_iterator(dir)) {
        if (f.is_regular_file() && f.path().extension() != ".expected") {
            out.push_back(f.path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Replays fuzz/regressions/TARGET/: each input has NAME.expected, whose first line is "accepted: TEXT" (the
// input is accepted and the outcome names TEXT) or the start of the rejection message. Returns the inputs.
std::size_t replay_regressions(const std::string& target, const entry& e) {
    const fs::path dir = fs::path(ROOFCAST_SOURCE_DIR) / "fuzz" / "regressions" / target;
    const std::vector<fs::path> inputs = inputs_in(dir);
    for (const fs::path& input : inputs) {
        CAPTURE(input.string());
        const fs::path expected_file = input.string() + ".expected";
        REQUIRE(fs::exists(expected_file));
        std::string expected = bytes_of(expected_file);
        expected = expected.substr(0, expected.find('\n'));
        fz::outcome o;
        REQUIRE_NOTHROW(o = run(e, bytes_of(input)));
        CAPTURE(o.message);
        if (expected.rfind("accepted: ", 0) == 0) {
            CHECK(o.accepted);
            CHECK(o.message.find(expected.substr(10)) != std::string::npos);
        } else {
            CHECK_FALSE(o.accepted);
            CHECK(o.message.rfind(expected, 0) == 0);
        }
    }
    return inputs.size();
}

}  // namespace

TEST_CASE("fuzz regressions: GPU TOML inputs that crashed, and toml++ hazards, are clear errors") {
    CHECK(replay_regressions("gpu_toml", fz::gpu_toml) >= 6);
}

TEST_CASE("fuzz regressions: transformer TOML inputs that crashed are clear errors") {
    CHECK(replay_regressions("workload_toml", fz::workload_toml) >= 1);
}

TEST_CASE("fuzz regressions: measurement CSV inputs replay through the same entry") {
    CHECK(replay_regressions("measurements_csv", fz::measurements_csv) >= 1);
}

TEST_CASE("fuzz seeds: every shipped GPU and transformer file is accepted by the fuzz entries") {
    const fs::path models = fs::path(ROOFCAST_SOURCE_DIR) / "models";
    std::size_t gpus = 0, workloads = 0;
    for (const fs::path& f : inputs_in(models / "gpus")) {
        CAPTURE(f.string());
        const fz::outcome o = run(fz::gpu_toml, bytes_of(f));
        CHECK(o.accepted);
        CHECK(roofcast::catalog().find_gpu(o.message) != nullptr);  // the outcome names the GPU it read
        ++gpus;
    }
    for (const fs::path& f : inputs_in(models / "workloads")) {
        CAPTURE(f.string());
        const fz::outcome o = run(fz::workload_toml, bytes_of(f));
        CHECK(o.accepted);
        CHECK(roofcast::catalog().find_workload(o.message) != nullptr);
        ++workloads;
    }
    CHECK(gpus == roofcast::catalog().gpus().size());
    CHECK(workloads >= 30);
}

TEST_CASE("fuzz seeds: the shipped measurement file is accepted whole, 528 rows and no problem") {
    const std::string csv = bytes_of(fs::path(ROOFCAST_SOURCE_DIR) / "models" / "measurements" / "measured-dev.csv");
    const fz::outcome o = run(fz::measurements_csv, csv);
    CHECK(o.accepted);
    CHECK(o.message == "528 rows, 0 problems");
}

TEST_CASE("fuzz entries: a rejection must name the file, an accepted input must keep the invariants") {
    // The entries' own checks, on inputs built to trip them: a well-formed message passes...
    const std::string bad = "name = \n";
    const fz::outcome o = run(fz::gpu_toml, bad);
    CHECK_FALSE(o.accepted);
    CHECK(o.message.rfind("fuzz.toml:1:", 0) == 0);
    // ...and a message without the file name is an invariant violation.
    CHECK_THROWS_AS(fz::rejected(roofcast::input_error("no file here"), "fuzz.toml"), fz::invariant_violation);
    CHECK_THROWS_WITH_AS(fz::require(false, "broken"), "broken", fz::invariant_violation);
}
