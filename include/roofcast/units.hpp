/// @file
/// Physical quantities checked by the compiler (Boost.Units): bytes, FLOPs, seconds, hertz, watts,
/// joules and their rates. Adding bytes to seconds does not compile.
#ifndef ROOFCAST_UNITS_HPP
#define ROOFCAST_UNITS_HPP

#include <boost/units/base_dimension.hpp>
#include <boost/units/base_unit.hpp>
#include <boost/units/base_units/si/kilogram.hpp>
#include <boost/units/base_units/si/meter.hpp>
#include <boost/units/base_units/si/second.hpp>
#include <boost/units/cmath.hpp>
#include <boost/units/io.hpp>
#include <boost/units/make_system.hpp>
#include <boost/units/physical_dimensions/energy.hpp>
#include <boost/units/physical_dimensions/frequency.hpp>
#include <boost/units/physical_dimensions/power.hpp>
#include <boost/units/physical_dimensions/time.hpp>
#include <boost/units/quantity.hpp>
#include <boost/units/unit.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace roofcast {
namespace units {

/// Dimension of amounts of data.
struct information_base_dimension : boost::units::base_dimension<information_base_dimension, 2101> {};
/// Dimension of amounts of arithmetic work (floating-point or integer operations).
struct work_base_dimension : boost::units::base_dimension<work_base_dimension, 2102> {};

/// Data, as a Boost.Units dimension.
using information_dimension = information_base_dimension::dimension_type;
/// Work, as a Boost.Units dimension.
using work_dimension = work_base_dimension::dimension_type;

/// The byte (8 bits).
struct byte_base_unit : boost::units::base_unit<byte_base_unit, information_dimension, 2101> {
    /// Unit name.
    static constexpr const char* name() { return "byte"; }
    /// Unit symbol.
    static constexpr const char* symbol() { return "B"; }
};

/// One arithmetic operation; a fused multiply-add counts as two.
struct flop_base_unit : boost::units::base_unit<flop_base_unit, work_dimension, 2102> {
    /// Unit name.
    static constexpr const char* name() { return "flop"; }
    /// Unit symbol.
    static constexpr const char* symbol() { return "FLOP"; }
};

/// roofcast's unit system: SI metre, kilogram and second, plus byte and FLOP.
using system = boost::units::make_system<boost::units::si::meter_base_unit, boost::units::si::kilogram_base_unit,
                                         boost::units::si::second_base_unit, byte_base_unit, flop_base_unit>::type;

/// Unit of data.
using byte_unit = boost::units::unit<information_dimension, system>;
/// Unit of work.
using flop_unit = boost::units::unit<work_dimension, system>;
/// Unit of time.
using second_unit = boost::units::unit<boost::units::time_dimension, system>;
/// Unit of frequency (clocks).
using hertz_unit = boost::units::unit<boost::units::frequency_dimension, system>;
/// Unit of power.
using watt_unit = boost::units::unit<boost::units::power_dimension, system>;
/// Unit of energy.
using joule_unit = boost::units::unit<boost::units::energy_dimension, system>;
/// Unit of bandwidth.
using byte_per_second_unit = boost::units::divide_typeof_helper<byte_unit, second_unit>::type;
/// Unit of compute throughput.
using flop_per_second_unit = boost::units::divide_typeof_helper<flop_unit, second_unit>::type;
/// Unit of arithmetic intensity.
using flop_per_byte_unit = boost::units::divide_typeof_helper<flop_unit, byte_unit>::type;

/// One byte.
inline constexpr byte_unit byte{};
/// One FLOP.
inline constexpr flop_unit flop{};
/// One second.
inline constexpr second_unit second{};
/// One hertz.
inline constexpr hertz_unit hertz{};
/// One watt.
inline constexpr watt_unit watt{};
/// One joule.
inline constexpr joule_unit joule{};
/// One byte per second.
inline constexpr byte_per_second_unit byte_per_second{};
/// One FLOP per second.
inline constexpr flop_per_second_unit flop_per_second{};
/// One FLOP per byte.
inline constexpr flop_per_byte_unit flop_per_byte{};

}  // namespace units

/// An amount of data, in bytes.
using bytes = boost::units::quantity<units::byte_unit>;
/// An amount of work, in FLOPs (or integer operations).
using flops = boost::units::quantity<units::flop_unit>;
/// A duration, in seconds.
using seconds = boost::units::quantity<units::second_unit>;
/// A frequency, in hertz.
using hertz = boost::units::quantity<units::hertz_unit>;
/// A power, in watts.
using watts = boost::units::quantity<units::watt_unit>;
/// An energy, in joules.
using joules = boost::units::quantity<units::joule_unit>;
/// A bandwidth, in bytes per second.
using bytes_per_second = boost::units::quantity<units::byte_per_second_unit>;
/// A compute rate, in FLOPs per second.
using flops_per_second = boost::units::quantity<units::flop_per_second_unit>;
/// An arithmetic intensity, in FLOPs per byte.
using flops_per_byte = boost::units::quantity<units::flop_per_byte_unit>;

/// Formats `value` with an SI prefix (k, M, G, T, P, E) and `digits` significant digits, e.g. "37.4 T".
inline std::string si_prefixed(double value, int digits = 3) {
    static constexpr const char* prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    if (!std::isfinite(value)) {
        return std::to_string(value) + " ";
    }
    // Move up a prefix as soon as the value would round to 1000 at `digits` significant digits (999.7 k is 1 M).
    const double top = 1000.0 - 0.5 * std::pow(10.0, 3 - digits);
    int p = 0;
    double v = value;
    while (std::fabs(v) >= top && p < 6) {
        v /= 1000.0;
        ++p;
    }
    char buf[64];
    if (std::fabs(v) >= top) {  // beyond the largest prefix
        std::snprintf(buf, sizeof buf, "%.0f %s", v, prefixes[p]);
    } else {
        std::snprintf(buf, sizeof buf, "%.*g %s", digits, v, prefixes[p]);
    }
    return buf;
}

/// Formats a data amount, e.g. "40 GB".
inline std::string to_string(bytes b) {
    return si_prefixed(b.value()) + "B";
}
/// Formats a data amount with binary prefixes (KiB, MiB, GiB, TiB), e.g. "40 GiB".
inline std::string to_string_binary(bytes b) {
    static constexpr const char* prefixes[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi"};
    double v = b.value();
    int p = 0;
    while (std::fabs(v) >= 999.5 && p < 5) {  // 1000 to 1023 KiB print as 0.977 to 0.999 MiB
        v /= 1024.0;
        ++p;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, std::fabs(v) >= 999.5 ? "%.0f %sB" : "%.3g %sB", v, prefixes[p]);
    return buf;
}
/// Formats a work amount, e.g. "137 GFLOP".
inline std::string to_string(flops f) {
    return si_prefixed(f.value()) + "FLOP";
}
/// Formats a duration in s, ms, us or ns, e.g. "8.71 ms".
inline std::string to_string(seconds t) {
    const double s = t.value();
    char buf[64];
    const double a = std::fabs(s);
    // Thresholds at 0.9995 of each unit: 0.99996 s prints "1 s", not "1e+03 ms".
    if (a >= 999.5) {
        std::snprintf(buf, sizeof buf, "%.0f s", s);
    } else if (a >= 0.9995 || a == 0.0) {
        std::snprintf(buf, sizeof buf, "%.3g s", s);
    } else if (a >= 0.9995e-3) {
        std::snprintf(buf, sizeof buf, "%.3g ms", s * 1e3);
    } else if (a >= 0.9995e-6) {
        std::snprintf(buf, sizeof buf, "%.3g us", s * 1e6);
    } else {
        std::snprintf(buf, sizeof buf, "%.3g ns", s * 1e9);
    }
    return buf;
}
/// Formats a frequency, e.g. "1.41 GHz".
inline std::string to_string(hertz f) {
    return si_prefixed(f.value()) + "Hz";
}
/// Formats a power, e.g. "400 W".
inline std::string to_string(watts p) {
    return si_prefixed(p.value()) + "W";
}
/// Formats an energy, e.g. "12.5 kJ".
inline std::string to_string(joules e) {
    return si_prefixed(e.value()) + "J";
}
/// Formats a bandwidth, e.g. "1.56 TB/s".
inline std::string to_string(bytes_per_second r) {
    return si_prefixed(r.value()) + "B/s";
}
/// Formats a compute rate, e.g. "312 TFLOP/s".
inline std::string to_string(flops_per_second r) {
    return si_prefixed(r.value()) + "FLOP/s";
}
/// Formats an arithmetic intensity, e.g. "201 FLOP/B".
inline std::string to_string(flops_per_byte r) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g FLOP/B", r.value());
    return buf;
}

}  // namespace roofcast

namespace boost {
namespace units {

/// Symbols for roofcast's derived units, so `std::cout << q` prints "3.7e+13 FLOP/s" rather than
/// base-unit products (the same mechanism Boost's own SI io.hpp uses).
inline std::string symbol_string(const reduce_unit<roofcast::units::byte_per_second_unit>::type&) {
    return "B/s";
}
/// Symbol of FLOP/s.
inline std::string symbol_string(const reduce_unit<roofcast::units::flop_per_second_unit>::type&) {
    return "FLOP/s";
}
/// Symbol of FLOP/B.
inline std::string symbol_string(const reduce_unit<roofcast::units::flop_per_byte_unit>::type&) {
    return "FLOP/B";
}
/// Symbol of the watt.
inline std::string symbol_string(const reduce_unit<roofcast::units::watt_unit>::type&) {
    return "W";
}
/// Symbol of the joule.
inline std::string symbol_string(const reduce_unit<roofcast::units::joule_unit>::type&) {
    return "J";
}
/// Symbol of the hertz.
inline std::string symbol_string(const reduce_unit<roofcast::units::hertz_unit>::type&) {
    return "Hz";
}

}  // namespace units
}  // namespace boost

#endif
