/// @file
/// Numbers as text: the one set of formatters every report, table and message uses (quantities with units
/// print through units.hpp's to_string).
#ifndef ROOFCAST_FORMAT_HPP
#define ROOFCAST_FORMAT_HPP

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

namespace roofcast {

/// `v` with `digits` significant digits ("%.*g"): "0.00025", "1.23e+09".
inline std::string format_number(double v, int digits = 4) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

/// A fraction as a percentage with `decimals` decimals: 0.1234 → "12.3%".
inline std::string format_percent(double fraction, int decimals = 1) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f%%", decimals, 100.0 * fraction);
    return buf;
}

/// `v` divided by `scale` with `digits` significant digits, without an exponent for large values (1979, not
/// 1.98e+03); "-" when absent.
inline std::string format_fixed(std::optional<double> v, double scale = 1.0, int digits = 3) {
    if (!v) {
        return "-";
    }
    char buf[64];
    const double x = *v / scale;
    if (std::fabs(x) >= std::pow(10.0, digits)) {
        std::snprintf(buf, sizeof buf, "%.0f", x);
    } else {
        std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    }
    return buf;
}

/// A count (parameters) with a suffix: "6.74 B", "25.6 M", "512 k"; `digits` significant digits.
inline std::string format_count(double n, int digits = 3) {
    const double a = std::fabs(n);
    const char* suffix = a >= 1e9 ? " B" : a >= 1e6 ? " M" : a >= 1e3 ? " k" : "";
    const double scale = a >= 1e9 ? 1e9 : a >= 1e6 ? 1e6 : a >= 1e3 ? 1e3 : 1.0;
    return format_fixed(n, scale, digits) + suffix;
}

/// US dollars with `digits` significant digits: "$1.234".
inline std::string format_dollars(double usd, int digits = 4) {
    return "$" + format_number(usd, digits);
}

/// A ratio with two decimals: "1.23x".
inline std::string format_ratio(double r) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2fx", r);
    return buf;
}

}  // namespace roofcast

#endif
