/// @file
/// Range checks of a gpu_spec: every parameter finite, positive where it must be, and plausible.
#ifndef ROOFCAST_HARDWARE_VALIDATE_HPP
#define ROOFCAST_HARDWARE_VALIDATE_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace roofcast {

/// A parameter that is out of range; `field` is its key in the GPU file, e.g. "compute.sm_count".
struct spec_problem {
    /// File key of the parameter.
    std::string field;
    /// What is wrong, with the value found.
    std::string message;
};

namespace detail {

/// Appends a problem unless lo <= v <= hi and v is finite.
inline void check_range(std::vector<spec_problem>& out, const char* field, double v, double lo, double hi,
                        const char* unit) {
    if (!std::isfinite(v) || v < lo || v > hi) {
        std::ostringstream m;
        m << "must be between " << lo << " and " << hi << ' ' << unit << ", got " << v;
        out.push_back({field, m.str()});
    }
}

}  // namespace detail

/// Every out-of-range parameter of `g` (empty when the description is valid). Bounds are loose
/// plausibility limits (e.g. 1–1000 SMs), not a guess at any product.
inline std::vector<spec_problem> find_problems(const gpu_spec& g) {
    std::vector<spec_problem> p;
    using detail::check_range;
    if (g.name.empty()) {
        p.push_back({"name", "must not be empty"});
    }
    check_range(p, "compute.sm_count", g.sm_count, 1, 1000, "SMs");
    check_range(p, "compute.fp32_lanes_per_sm", g.fp32_lanes_per_sm, 1, 1024, "lanes");
    check_range(p, "compute.tensor_cores_per_sm", g.tensor_cores_per_sm, 0, 64, "tensor cores");
    check_range(p, "compute.boost_clock_mhz", g.boost_clock.value() / 1e6, 100, 10000, "MHz");
    if (g.base_clock) {
        check_range(p, "compute.base_clock_mhz", g.base_clock->value() / 1e6, 100, g.boost_clock.value() / 1e6,
                    "MHz (at most the boost clock)");
    }
    if (g.tensor_clock) {
        check_range(p, "compute.tensor_clock_mhz", g.tensor_clock->value() / 1e6, 100, 10000, "MHz");
    }
    if (g.sustained_clock) {
        check_range(p, "compute.sustained_clock_mhz", g.sustained_clock->value() / 1e6, 100,
                    std::max(g.boost_clock, tensor_clock(g)).value() / 1e6, "MHz (at most the rated clock)");
    }
    check_range(p, "compute.fp32_accumulate_rate", g.fp32_accumulate_rate, 1e-3, 1, "");
    check_range(p, "compute.tensor_rating", g.tensor_rating, 1e-3, 1, "");
    check_range(p, "memory.capacity_gb", g.marketed_memory.value() / 1e9, 0.1, 100000, "GB");
    check_range(p, "memory.usable_mib", g.usable_memory.value() / 1048576.0, 1,
                1.1 * g.marketed_memory.value() / 1048576.0, "MiB (at most 1.1 x the marketed capacity)");
    check_range(p, "memory.bus_width_bits", g.bus_width_bits, 16, 65536, "bits");
    check_range(p, "memory.data_rate_gbps", g.memory_data_rate.value() / 1e9, 0.1, 100, "Gbit/s");
    check_range(p, "memory.l2_cache_mib", g.l2_cache.value() / 1048576.0, 0, 4096, "MiB");
    check_range(p, "power.tdp_w", g.tdp.value(), 1, 10000, "W");
    check_range(p, "interconnect.pcie_gen", g.pcie_gen, 1, 7, "");
    if (g.nvlink_generation) {
        check_range(p, "interconnect.nvlink_generation", *g.nvlink_generation, 1, 9, "");
    }
    if (g.nvlink_bandwidth) {
        check_range(p, "interconnect.nvlink_bandwidth_gbs", g.nvlink_bandwidth->value() / 1e9, 1, 1e5, "GB/s");
    }
    if (g.launch_price_usd) {
        check_range(p, "price.launch_usd", *g.launch_price_usd, 1, 1e7, "USD");
    }
    return p;
}

/// Throws input_error listing every problem of `g`; returns normally when it is valid.
inline void validate(const gpu_spec& g) {
    const auto problems = find_problems(g);
    if (problems.empty()) {
        return;
    }
    std::string m = "invalid GPU description '" + g.name + "' (" + g.origin + "):";
    for (const auto& pr : problems) {
        m += " " + pr.field + " " + pr.message + ";";
    }
    m.pop_back();
    throw input_error(m);
}

}  // namespace roofcast

#endif
