// GPU TOML loader: a catalog file loads to exactly the built-in entry; every kind of bad input is an
// input_error naming file, line and key; unknown keys are warned about.
#include <roofcast/io/gpu_toml.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

const std::string a40_path = std::string(ROOFCAST_SOURCE_DIR) + "/models/gpus/a40.toml";

std::string a40_text() {
    return rc::detail::read_text_file(a40_path, "GPU file");
}

// The A40 file with the first occurrence of `from` replaced by `to`.
std::string a40_with(const std::string& from, const std::string& to) {
    std::string s = a40_text();
    const auto pos = s.find(from);
    REQUIRE(pos != std::string::npos);
    return s.replace(pos, from.size(), to);
}

// The message of the input_error that parsing `text` throws ("" if none).
std::string error_of(const std::string& text) {
    try {
        (void)rc::parse_gpu_toml(text, "test.toml");
    } catch (const rc::input_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a catalog file loads to exactly the built-in entry") {
    std::vector<std::string> warnings;
    const rc::gpu_spec g = rc::load_gpu_file(a40_path, rc::collect_into(warnings));
    CHECK(warnings.empty());
    const rc::gpu_spec& b = rc::catalog().gpu("A40");
    CHECK(g.name == b.name);
    CHECK(g.sm_count == b.sm_count);
    CHECK(g.boost_clock == b.boost_clock);
    CHECK(g.usable_memory == b.usable_memory);
    CHECK(rc::memory_bandwidth(g) == rc::memory_bandwidth(b));
    for (rc::dtype d : rc::all_dtypes) {
        CHECK(rc::peak(g, d) == rc::peak(b, d));
    }
    CHECK(g.sources.size() == b.sources.size());
}

TEST_CASE("a missing required key names file, line and key") {
    const std::string msg = error_of(a40_with("sm_count = 84", "# no sm_count"));
    CHECK(msg.find("test.toml:") == 0);
    CHECK(msg.find("key 'compute.sm_count' is missing") != std::string::npos);
}

TEST_CASE("a wrong type is reported with its line") {
    const std::string text = a40_with("sm_count = 84", "sm_count = \"eighty-four\"");
    const std::string msg = error_of(text);
    // The [compute] table's sm_count sits on line 19 of a40.toml.
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(
                                     text.begin(), text.begin() + static_cast<long>(text.find("sm_count = \"")), '\n'));
    CHECK(msg.find("test.toml:" + std::to_string(line) + ": key 'compute.sm_count' must be an integer, got a string") ==
          0);
    CHECK(error_of(a40_with("sm_count = 84", "sm_count = 84.5")).find("must be an integer, got a float") !=
          std::string::npos);
    CHECK(error_of(a40_with("[compute]", "compute = 3\n[computed]")).find("key 'compute' must be a table") !=
          std::string::npos);
}

TEST_CASE("NaN, infinity, zero and negative values are rejected, not clamped") {
    for (const char* bad : {"nan", "inf", "-inf", "0", "-1740", "0.0"}) {
        CAPTURE(bad);
        const std::string msg = error_of(a40_with("boost_clock_mhz = 1740", std::string("boost_clock_mhz = ") + bad));
        CHECK(msg.find("key 'compute.boost_clock_mhz' must be a finite number greater than 0") != std::string::npos);
    }
    CHECK(error_of(a40_with("tdp_w = 300", "tdp_w = -300")).find("key 'power.tdp_w'") != std::string::npos);
}

TEST_CASE("absurd magnitudes are rejected with the accepted range") {
    CHECK(error_of(a40_with("sm_count = 84", "sm_count = 100000")).find("must be between 1 and 1000, got 100000") !=
          std::string::npos);
    CHECK(error_of(a40_with("boost_clock_mhz = 1740", "boost_clock_mhz = 1740000"))
              .find("key 'compute.boost_clock_mhz' must be between 100 and 10000 MHz") != std::string::npos);
    CHECK(error_of(a40_with("usable_mib = 46068", "usable_mib = 4606800")).find("key 'memory.usable_mib'") !=
          std::string::npos);
    CHECK(error_of(a40_with("fp32_lanes_per_sm = 128", "fp32_lanes_per_sm = 128\nfp32_accumulate_rate = 2"))
              .find("key 'compute.fp32_accumulate_rate' must be between") != std::string::npos);
}

TEST_CASE("unknown keys are warned about with their line, and ignored") {
    std::vector<std::string> warnings;
    const rc::gpu_spec g = rc::parse_gpu_toml(a40_with("sm_count = 84", "sm_count = 84\nsm_cuont = 85"), "test.toml",
                                              rc::collect_into(warnings));
    CHECK(g.sm_count == 84);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find("unknown key 'compute.sm_cuont' (ignored)") != std::string::npos);
    CHECK(warnings[0].find("test.toml:") == 0);
}

TEST_CASE("unknown enumerators suggest the closest accepted value") {
    const std::string msg = error_of(a40_with("\"ampere-ga10x\"", "\"ampere-g10x\""));
    CHECK(msg.find("key 'architecture' has unknown value 'ampere-g10x' (did you mean 'ampere-ga10x'?)") !=
          std::string::npos);
    CHECK(error_of(a40_with("\"GDDR6\"", "\"GDDR5\"")).find("key 'memory.type' has unknown value") !=
          std::string::npos);
    CHECK(error_of(a40_with("vendor = \"NVIDIA\"", "vendor = \"AMD\"")).find("NVIDIA GPUs only") != std::string::npos);
}

TEST_CASE("a TOML syntax error names line and column") {
    const std::string msg = error_of("name = \"x\"\nvendor = \n");
    CHECK(msg.find("test.toml:2:") == 0);
    CHECK(msg.find("TOML syntax error") != std::string::npos);
}

TEST_CASE("a missing file is a clear error") {
    CHECK_THROWS_WITH_AS((void)rc::load_gpu_file("/nonexistent/gpu.toml"),
                         doctest::Contains("cannot open GPU file '/nonexistent/gpu.toml'"), rc::input_error);
}

TEST_CASE("the sources table is required") {
    std::string text = a40_text();
    text = text.substr(0, text.rfind("[sources]"));
    CHECK(error_of(text).find("key 'sources' is missing") != std::string::npos);
}

TEST_CASE("a sustained clock is read, and one above the rated clock is rejected") {
    const std::string ok = a40_with("boost_clock_mhz = 1740", "boost_clock_mhz = 1740\nsustained_clock_mhz = 1500");
    CHECK(rc::parse_gpu_toml(ok, "test.toml").sustained_clock->value() == 1.5e9);
    const std::string bad = a40_with("boost_clock_mhz = 1740", "boost_clock_mhz = 1740\nsustained_clock_mhz = 2000");
    CHECK(error_of(bad).find("key 'compute.sustained_clock_mhz' must be between 100 and 1740") != std::string::npos);
}
