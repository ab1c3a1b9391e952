// clang-format off
/// @file
/// The shipped (calibrated) cost-model parameters. GENERATED from models/calibration/default.toml by
/// roofcast-gen-params (`cmake --build build --target regenerate-params`); do not edit by hand.
#ifndef ROOFCAST_DETAIL_DEFAULT_PARAMS_HPP
#define ROOFCAST_DETAIL_DEFAULT_PARAMS_HPP

#include <array>
#include <string_view>
#include <utility>

namespace roofcast {
namespace detail {

/// Where the shipped parameters come from.
inline constexpr std::string_view default_params_origin = "calibrated on models/measurements/measured-dev.csv";

/// Parameters whose shipped value differs from the prior: (registry name, value).
inline constexpr std::array<std::pair<std::string_view, double>, 5> default_param_values = {{
    {"hopper.gemm_efficiency.fp16", 0.76028399999999996},
    {"hopper.gemm_efficiency.fp8", 0.89091100000000001},
    {"hopper.wave_overhead_us", 1.13733},
    {"hopper.memory_efficiency", 0.92035999999999996},
    {"hopper.kernel_overhead_us", 4.7358700000000002},
}};

}  // namespace detail
}  // namespace roofcast

#endif
