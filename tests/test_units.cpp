// Units: dimensions are checked at compile time; values convert and print with their units.
#include <roofcast/units.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <type_traits>

namespace rc = roofcast;
namespace u = roofcast::units;

// Dimensional algebra, checked by the compiler.
static_assert(std::is_same_v<decltype(rc::bytes{} / rc::seconds{}), rc::bytes_per_second>);
static_assert(std::is_same_v<decltype(rc::flops{} / rc::seconds{}), rc::flops_per_second>);
static_assert(std::is_same_v<decltype(rc::flops_per_second{} / rc::bytes_per_second{}), rc::flops_per_byte>);
static_assert(std::is_same_v<decltype(rc::watts{} * rc::seconds{}), rc::joules>);
static_assert(std::is_same_v<decltype(rc::flops{} / rc::flops_per_second{}), rc::seconds>);
static_assert(std::is_same_v<decltype(rc::bytes{} / rc::bytes_per_second{}), rc::seconds>);
// Bytes and FLOPs are different dimensions: bytes are not convertible to FLOPs or to seconds.
static_assert(!std::is_convertible_v<rc::bytes, rc::flops>);
static_assert(!std::is_convertible_v<rc::bytes, rc::seconds>);
static_assert(!std::is_convertible_v<rc::flops_per_second, rc::bytes_per_second>);
// A quantity is a double and nothing more: no run-time cost.
static_assert(sizeof(rc::bytes) == sizeof(double));

TEST_CASE("time to stream data at a bandwidth") {
    // 13.5e9 bytes of fp16 weights at 1.555e12 B/s: 13.5 / 1555 s = 8.6817 ms (hand computation).
    const rc::bytes weights = 13.5e9 * u::byte;
    const rc::bytes_per_second bw = 1.555e12 * u::byte_per_second;
    const rc::seconds t = weights / bw;
    CHECK(t.value() == doctest::Approx(8.6817e-3).epsilon(1e-4));
}

TEST_CASE("energy is power times time") {
    const rc::joules e = (400.0 * u::watt) * (2.5 * u::second);
    CHECK(e.value() == doctest::Approx(1000.0));
}

TEST_CASE("arithmetic intensity of a ridge point") {
    // A100-SXM4-40GB fp16: 312e12 FLOP/s over 1.555e12 B/s = 200.6 FLOP/B.
    const rc::flops_per_byte ridge = (312e12 * u::flop_per_second) / (1.555e12 * u::byte_per_second);
    CHECK(ridge.value() == doctest::Approx(200.643).epsilon(1e-4));
}

TEST_CASE("quantities format with SI prefixes and units") {
    CHECK(rc::to_string(37.4e12 * u::flop_per_second) == "37.4 TFLOP/s");
    CHECK(rc::to_string(696e9 * u::byte_per_second) == "696 GB/s");
    CHECK(rc::to_string(40e9 * u::byte) == "40 GB");
    CHECK(rc::to_string_binary(40960.0 * 1048576.0 * u::byte) == "40 GiB");
    CHECK(rc::to_string_binary(81559.0 * 1048576.0 * u::byte) == "79.6 GiB");
    CHECK(rc::to_string(8.68e-3 * u::second) == "8.68 ms");
    CHECK(rc::to_string(12.0e-6 * u::second) == "12 us");
    CHECK(rc::to_string(1.41e9 * u::hertz) == "1.41 GHz");
    CHECK(rc::to_string(300.0 * u::watt) == "300 W");
    CHECK(rc::to_string(2.5 * u::second) == "2.5 s");
}

TEST_CASE("values that round up to the next unit print in it, never as 1e+03") {
    // 999.7 k rounds to 1000 k at three digits: that is 1 M.
    CHECK(rc::si_prefixed(999.7e3) == "1 M");
    CHECK(rc::si_prefixed(999.4e3) == "999 k");
    CHECK(rc::si_prefixed(999.96e3, 4) == "1 M");
    CHECK(rc::si_prefixed(2.5e21) == "2500 E");  // beyond the largest prefix: no exponent either
    // 1000 KiB is 0.977 MiB (binary prefixes step by 1024).
    CHECK(rc::to_string_binary(1000.0 * 1024.0 * u::byte) == "0.977 MiB");
    CHECK(rc::to_string_binary(1023.0 * 1048576.0 * u::byte) == "0.999 GiB");
    CHECK(rc::to_string(0.99996 * u::second) == "1 s");
    CHECK(rc::to_string(0.9996e-3 * u::second) == "1 ms");
    CHECK(rc::to_string(0.9994e-3 * u::second) == "999 us");
    CHECK(rc::to_string(5400.0 * u::second) == "5400 s");
}

TEST_CASE("streaming a quantity prints its unit symbol") {
    std::ostringstream s;
    s << 2e10 * u::byte_per_second << " | " << 3e14 * u::flop_per_second << " | " << 400.0 * u::watt;
    CHECK(s.str() == "2e+10 B/s | 3e+14 FLOP/s | 400 W");
}
