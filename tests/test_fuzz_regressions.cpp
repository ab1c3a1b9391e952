// The fuzz targets' entry functions (fuzz/fuzz_entries.hpp) in the normal test suite: every kept regression
// input (fuzz/regressions/TARGET/NAME) gives the outcome its NAME.expected file states, and every seed of the
// corpus (the shipped models and measurements) is accepted. An invariant_violation, a crash or any other
// exception fails the test, as it fails the fuzzer.
#include "fuzz_replay.hpp"

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

using entry = roofcast_tests::fuzz_entry;
using roofcast_tests::bytes_of;
using roofcast_tests::inputs_in;

fz::outcome run(const entry& e, const std::string& bytes) {
    return roofcast_tests::run_entry(e, bytes);
}

std::size_t replay_regressions(const std::string& target, const entry& e) {
    return roofcast_tests::replay_regressions(ROOFCAST_SOURCE_DIR, target, e);
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

TEST_CASE("fuzz regressions and seeds: config.json inputs through the hf_config entry") {
    CHECK(replay_regressions("hf_config", fz::hf_config) >= 1);
    // The seeds: the config.json corpus, every file accepted but the one missing a field, rejected naming it.
    std::size_t accepted = 0;
    for (const fs::path& f : inputs_in(fs::path(ROOFCAST_SOURCE_DIR) / "tests" / "data" / "hf")) {
        if (f.extension() != ".json") {
            continue;
        }
        CAPTURE(f.string());
        const fz::outcome o = run(fz::hf_config, bytes_of(f));
        if (f.filename() == "missing-field.json") {
            CHECK_FALSE(o.accepted);
            CHECK(o.message.find("num_attention_heads") != std::string::npos);
        } else {
            CHECK(o.accepted);
            accepted += o.accepted ? 1 : 0;
        }
    }
    CHECK(accepted >= 60);
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
