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
inline constexpr std::array<std::pair<std::string_view, double>, 77> default_param_values = {{
    {"volta.gemm_efficiency.fp32", 0.95514299999999996},
    {"volta.gemm_efficiency.fp16", 0.46731099999999998},
    {"volta.wave_overhead_us", 0.474468},
    {"volta.memory_efficiency", 0.97874399999999995},
    {"volta.kernel_overhead_us", 0.82224900000000001},
    {"turing.gemm_efficiency.fp32", 0.70974700000000002},
    {"turing.gemm_efficiency.fp16", 0.26242599999999999},
    {"turing.wave_overhead_us", 0.64630699999999996},
    {"turing.memory_efficiency", 0.97340700000000002},
    {"turing.kernel_overhead_us", 7.9799600000000002},
    {"ampere-ga100.gemm_efficiency.fp32", 0.95576799999999995},
    {"ampere-ga100.gemm_efficiency.tf32", 0.827766},
    {"ampere-ga100.gemm_efficiency.fp16", 0.65857900000000003},
    {"ampere-ga100.gemm_efficiency.bf16", 0.95467999999999997},
    {"ampere-ga100.gemm_efficiency.int8", 0.87933399999999995},
    {"ampere-ga100.wave_overhead_us", 0.22099299999999999},
    {"ampere-ga100.memory_efficiency", 0.71402699999999997},
    {"ampere-ga100.kernel_overhead_us", 4.3647799999999997},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.36707800000000002},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.96925099999999997},
    {"ampere-ga10x.wave_overhead_us", 0.74539299999999997},
    {"ampere-ga10x.memory_efficiency", 0.94189000000000001},
    {"ampere-ga10x.kernel_overhead_us", 0.97398300000000004},
    {"ada.gemm_efficiency.fp32", 0.63242799999999999},
    {"ada.gemm_efficiency.fp16", 0.95875999999999995},
    {"ada.gemm_efficiency.int8", 0.83918899999999996},
    {"ada.wave_overhead_us", 0.58471399999999996},
    {"ada.memory_efficiency", 0.96704699999999999},
    {"ada.kernel_overhead_us", 1.45502},
    {"hopper.gemm_efficiency.fp32", 0.79414399999999996},
    {"hopper.gemm_efficiency.tf32", 0.275507},
    {"hopper.gemm_efficiency.fp16", 0.76573199999999997},
    {"hopper.gemm_efficiency.bf16", 0.93659499999999996},
    {"hopper.gemm_efficiency.fp8", 0.92039899999999997},
    {"hopper.gemm_efficiency.int8", 0.84314599999999995},
    {"hopper.wave_overhead_us", 0.54018600000000006},
    {"hopper.memory_efficiency", 0.91350799999999999},
    {"hopper.kernel_overhead_us", 7.6575899999999999},
    {"blackwell.wave_overhead_us", 0.42660599999999999},
    {"blackwell.memory_efficiency", 0.57365900000000003},
    {"blackwell.kernel_overhead_us", 1.5619499999999999},
    {"profile.pytorch.step_overhead_us", 5928.0699999999997},
    {"profile.pytorch.launch_overhead_us", 0.70932099999999998},
    {"profile.pytorch.gemm_multiplier", 2.1398600000000001},
    {"profile.pytorch.memory_multiplier", 0.59823400000000004},
    {"profile.hf-pytorch.step_overhead_us", 835.31299999999999},
    {"profile.hf-pytorch.launch_overhead_us", 1.21696},
    {"profile.hf-pytorch.gemm_multiplier", 1.04782},
    {"profile.hf-pytorch.memory_multiplier", 0.42178300000000002},
    {"profile.tensorflow.step_overhead_us", 353.41800000000001},
    {"profile.tensorflow.launch_overhead_us", 14.9307},
    {"profile.tensorflow.fusion", 0.20289699999999999},
    {"profile.tensorflow.gemm_multiplier", 0.95321},
    {"profile.tensorflow.memory_multiplier", 0.69621500000000003},
    {"profile.tensorrt.step_overhead_us", 35.588799999999999},
    {"profile.tensorrt.fusion", 0.94687900000000003},
    {"profile.tensorrt.gemm_multiplier", 1.28749},
    {"profile.tensorrt.memory_multiplier", 0.96914500000000003},
    {"profile.tensorrt-llm.step_overhead_us", 4196.9799999999996},
    {"profile.tensorrt-llm.fusion", 0.55154599999999998},
    {"profile.tensorrt-llm.gemm_multiplier", 1.08101},
    {"profile.tensorrt-llm.memory_multiplier", 0.95138900000000004},
    {"profile.llama.cpp.step_overhead_us", 139.10900000000001},
    {"profile.llama.cpp.launch_overhead_us", 0.66247500000000004},
    {"profile.llama.cpp.fusion", 0.136405},
    {"profile.llama.cpp.gemm_multiplier", 0.64821600000000001},
    {"profile.llama.cpp.memory_multiplier", 0.70949300000000004},
    {"profile.megatron.step_overhead_us", 971.654},
    {"profile.megatron.launch_overhead_us", 0.98268200000000006},
    {"profile.megatron.fusion", 0.75778100000000004},
    {"profile.megatron.gemm_multiplier", 2.1398999999999999},
    {"profile.megatron.memory_multiplier", 1.0602199999999999},
    {"profile.composer.step_overhead_us", 1063.8699999999999},
    {"profile.composer.launch_overhead_us", 1.0276400000000001},
    {"profile.composer.fusion", 0.26444699999999999},
    {"profile.composer.gemm_multiplier", 0.53530699999999998},
    {"profile.composer.memory_multiplier", 0.64603200000000005},
}};

}  // namespace detail
}  // namespace roofcast

#endif
