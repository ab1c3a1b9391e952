// Replaying fuzz inputs in the normal test suite, shared by tests/test_fuzz_regressions.cpp and
// tests/test_onnx.cpp: every kept regression input (fuzz/regressions/TARGET/NAME) must give the outcome its
// NAME.expected file states (first line: "accepted: TEXT", or the start of the rejection message).
#ifndef ROOFCAST_TESTS_FUZZ_REPLAY_HPP
#define ROOFCAST_TESTS_FUZZ_REPLAY_HPP

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

namespace roofcast_tests {

/// A fuzz target's entry function.
using fuzz_entry = std::function<roofcast::fuzz::outcome(const std::uint8_t*, std::size_t)>;

/// The bytes of file `p`.
inline std::string bytes_of(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Runs entry `e` on `bytes`.
inline roofcast::fuzz::outcome run_entry(const fuzz_entry& e, const std::string& bytes) {
    return e(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

/// The files of `dir` (sorted), without the .expected files.
inline std::vector<std::filesystem::path> inputs_in(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> out;
    for (const auto& f : std::filesystem::directory_iterator(dir)) {
        if (f.is_regular_file() && f.path().extension() != ".expected") {
            out.push_back(f.path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// Replays fuzz/regressions/TARGET/ of the source tree `source` through `e`: each input has NAME.expected, whose
/// first line is "accepted: TEXT" (the input is accepted and the outcome names TEXT) or the start of the rejection
/// message. Returns the number of inputs.
inline std::size_t replay_regressions(const std::string& source, const std::string& target, const fuzz_entry& e) {
    const std::filesystem::path dir = std::filesystem::path(source) / "fuzz" / "regressions" / target;
    const std::vector<std::filesystem::path> inputs = inputs_in(dir);
    for (const std::filesystem::path& input : inputs) {
        CAPTURE(input.string());
        const std::filesystem::path expected_file = input.string() + ".expected";
        REQUIRE(std::filesystem::exists(expected_file));
        std::string expected = bytes_of(expected_file);
        expected = expected.substr(0, expected.find('\n'));
        roofcast::fuzz::outcome o;
        REQUIRE_NOTHROW(o = run_entry(e, bytes_of(input)));
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

}  // namespace roofcast_tests

#endif
