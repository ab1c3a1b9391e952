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
    {"volta.gemm_efficiency.fp32", 0.95324699999999996},
    {"volta.gemm_efficiency.fp16", 0.46707599999999999},
    {"volta.wave_overhead_us", 0.47456199999999998},
    {"volta.memory_efficiency", 0.978653},
    {"volta.kernel_overhead_us", 0.82274099999999994},
    {"turing.gemm_efficiency.fp32", 0.70716900000000005},
    {"turing.gemm_efficiency.fp16", 0.26157900000000001},
    {"turing.wave_overhead_us", 0.65036300000000002},
    {"turing.memory_efficiency", 0.97341800000000001},
    {"turing.kernel_overhead_us", 7.9410800000000004},
    {"ampere-ga100.gemm_efficiency.fp32", 0.95857599999999998},
    {"ampere-ga100.gemm_efficiency.tf32", 0.82875299999999996},
    {"ampere-ga100.gemm_efficiency.fp16", 0.66165200000000002},
    {"ampere-ga100.gemm_efficiency.bf16", 0.95530099999999996},
    {"ampere-ga100.gemm_efficiency.int8", 0.87992800000000004},
    {"ampere-ga100.wave_overhead_us", 0.219865},
    {"ampere-ga100.memory_efficiency", 0.71273200000000003},
    {"ampere-ga100.kernel_overhead_us", 4.3850699999999998},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.36772500000000002},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.96945999999999999},
    {"ampere-ga10x.wave_overhead_us", 0.74454699999999996},
    {"ampere-ga10x.memory_efficiency", 0.94080299999999994},
    {"ampere-ga10x.kernel_overhead_us", 0.97561600000000004},
    {"ada.gemm_efficiency.fp32", 0.593773},
    {"ada.gemm_efficiency.fp16", 0.95893200000000001},
    {"ada.gemm_efficiency.int8", 0.83951600000000004},
    {"ada.wave_overhead_us", 0.58510499999999999},
    {"ada.memory_efficiency", 0.96706599999999998},
    {"ada.kernel_overhead_us", 1.4667399999999999},
    {"hopper.gemm_efficiency.fp32", 0.73478299999999996},
    {"hopper.gemm_efficiency.tf32", 0.27549099999999999},
    {"hopper.gemm_efficiency.fp16", 0.76591299999999995},
    {"hopper.gemm_efficiency.bf16", 0.93614699999999995},
    {"hopper.gemm_efficiency.fp8", 0.92049300000000001},
    {"hopper.gemm_efficiency.int8", 0.84332700000000005},
    {"hopper.wave_overhead_us", 0.538242},
    {"hopper.memory_efficiency", 0.91360699999999995},
    {"hopper.kernel_overhead_us", 7.6823100000000002},
    {"blackwell.wave_overhead_us", 0.42660300000000001},
    {"blackwell.memory_efficiency", 0.57277599999999995},
    {"blackwell.kernel_overhead_us", 1.56193},
    {"profile.pytorch.step_overhead_us", 5929.46},
    {"profile.pytorch.launch_overhead_us", 0.70890600000000004},
    {"profile.pytorch.gemm_multiplier", 2.1387100000000001},
    {"profile.pytorch.memory_multiplier", 0.59919199999999995},
    {"profile.hf-pytorch.step_overhead_us", 746.95399999999995},
    {"profile.hf-pytorch.launch_overhead_us", 1.3452},
    {"profile.hf-pytorch.gemm_multiplier", 1.0321400000000001},
    {"profile.hf-pytorch.memory_multiplier", 0.44425100000000001},
    {"profile.tensorflow.step_overhead_us", 354.04599999999999},
    {"profile.tensorflow.launch_overhead_us", 14.964600000000001},
    {"profile.tensorflow.fusion", 0.20550299999999999},
    {"profile.tensorflow.gemm_multiplier", 0.95572299999999999},
    {"profile.tensorflow.memory_multiplier", 0.69478399999999996},
    {"profile.tensorrt.step_overhead_us", 35.604399999999998},
    {"profile.tensorrt.fusion", 0.94666499999999998},
    {"profile.tensorrt.gemm_multiplier", 1.2900700000000001},
    {"profile.tensorrt.memory_multiplier", 0.96869499999999997},
    {"profile.tensorrt-llm.step_overhead_us", 4190.0200000000004},
    {"profile.tensorrt-llm.fusion", 0.55920000000000003},
    {"profile.tensorrt-llm.gemm_multiplier", 1.0760799999999999},
    {"profile.tensorrt-llm.memory_multiplier", 0.95377299999999998},
    {"profile.llama.cpp.step_overhead_us", 139.07599999999999},
    {"profile.llama.cpp.launch_overhead_us", 0.66940500000000003},
    {"profile.llama.cpp.fusion", 0.136547},
    {"profile.llama.cpp.gemm_multiplier", 0.64647100000000002},
    {"profile.llama.cpp.memory_multiplier", 0.71149300000000004},
    {"profile.megatron.step_overhead_us", 971.702},
    {"profile.megatron.launch_overhead_us", 0.982711},
    {"profile.megatron.fusion", 0.75751999999999997},
    {"profile.megatron.gemm_multiplier", 2.1409799999999999},
    {"profile.megatron.memory_multiplier", 1.06077},
    {"profile.composer.step_overhead_us", 1065.95},
    {"profile.composer.launch_overhead_us", 1.0286},
    {"profile.composer.fusion", 0.26226100000000002},
    {"profile.composer.gemm_multiplier", 0.538964},
    {"profile.composer.memory_multiplier", 0.62942900000000002},
}};

}  // namespace detail
}  // namespace roofcast

#endif
