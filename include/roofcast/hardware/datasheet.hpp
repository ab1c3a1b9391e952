/// @file
/// Checks derived peak rates and bandwidth against the vendor's datasheet claims.
#ifndef ROOFCAST_HARDWARE_DATASHEET_HPP
#define ROOFCAST_HARDWARE_DATASHEET_HPP

#include <roofcast/hardware/gpu_spec.hpp>

#include <cmath>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roofcast {

/// Largest accepted relative difference between a derived value and its datasheet claim (2%).
inline constexpr double datasheet_tolerance = 0.02;

/// One derived-versus-claimed comparison, in SI units (FLOP/s or B/s).
struct datasheet_check {
    /// Claim name: fp64, fp64_tensor, fp32, tf32, fp16, bf16, fp8, int8, int4 or memory_bandwidth.
    std::string field;
    /// Value derived from the architecture parameters; 0 when the GPU has no such path.
    double derived = 0.0;
    /// Value the datasheet claims.
    double datasheet = 0.0;
    /// derived / datasheet.
    double ratio = 0.0;
    /// |ratio − 1| ≤ tolerance.
    bool ok = false;
    /// Unit of derived and datasheet: "FLOP/s" or "B/s".
    std::string unit;
};

/// Compares every datasheet claim of `g` with the derived value; a claim for a path the GPU lacks fails.
inline std::vector<datasheet_check> check_datasheet(const gpu_spec& g, double tolerance = datasheet_tolerance) {
    std::vector<datasheet_check> out;
    auto add = [&](const char* field, std::optional<double> derived, std::optional<double> claim, const char* unit) {
        if (!claim) {
            return;
        }
        datasheet_check c;
        c.field = field;
        c.derived = derived.value_or(0.0);
        c.datasheet = *claim;
        c.ratio = c.datasheet > 0.0 ? c.derived / c.datasheet : 0.0;
        c.ok = derived.has_value() && std::fabs(c.ratio - 1.0) <= tolerance;
        c.unit = unit;
        out.push_back(c);
    };
    auto val = [](const std::optional<flops_per_second>& q) -> std::optional<double> {
        return q ? std::optional<double>(q->value()) : std::nullopt;
    };
    const datasheet_claims& d = g.datasheet;
    add("fp64", val(peak(g, dtype::fp64, exec_unit::cuda_core)), val(d.fp64), "FLOP/s");
    add("fp64_tensor", val(peak(g, dtype::fp64, exec_unit::tensor_core)), val(d.fp64_tensor), "FLOP/s");
    add("fp32", val(peak(g, dtype::fp32, exec_unit::cuda_core)), val(d.fp32), "FLOP/s");
    add("tf32", val(peak(g, dtype::tf32, exec_unit::tensor_core)), val(d.tf32), "FLOP/s");
    add("fp16", val(peak(g, dtype::fp16, exec_unit::tensor_core)), val(d.fp16), "FLOP/s");
    add("bf16", val(peak(g, dtype::bf16, exec_unit::tensor_core)), val(d.bf16), "FLOP/s");
    add("fp8", val(peak(g, dtype::fp8, exec_unit::tensor_core)), val(d.fp8), "FLOP/s");
    add("int8", val(peak(g, dtype::int8, exec_unit::tensor_core)), val(d.int8), "FLOP/s");
    add("int4", val(peak(g, dtype::int4, exec_unit::tensor_core)), val(d.int4), "FLOP/s");
    add("memory_bandwidth", memory_bandwidth(g).value(),
        d.memory_bandwidth ? std::optional<double>(d.memory_bandwidth->value()) : std::nullopt, "B/s");
    return out;
}

/// Whether every datasheet claim of `g` agrees with the derived value.
inline bool datasheet_consistent(const gpu_spec& g, double tolerance = datasheet_tolerance) {
    for (const datasheet_check& c : check_datasheet(g, tolerance)) {
        if (!c.ok) {
            return false;
        }
    }
    return true;
}

/// Prints "fp32: derived 37.4 T, datasheet 37.4 T, ratio 1.000 ok".
inline std::ostream& operator<<(std::ostream& os, const datasheet_check& c) {
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.3f", c.ratio);
    return os << c.field << ": derived " << si_prefixed(c.derived) << c.unit << ", datasheet "
              << si_prefixed(c.datasheet) << c.unit << ", ratio " << ratio << (c.ok ? " ok" : " MISMATCH");
}

}  // namespace roofcast

#endif
