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
    {"volta.gemm_efficiency.fp32", 0.95499199999999995},
    {"volta.gemm_efficiency.fp16", 0.46656700000000001},
    {"volta.wave_overhead_us", 0.47212999999999999},
    {"volta.memory_efficiency", 0.97889800000000005},
    {"volta.kernel_overhead_us", 0.81904999999999994},
    {"turing.gemm_efficiency.fp32", 0.70938199999999996},
    {"turing.gemm_efficiency.fp16", 0.26238299999999998},
    {"turing.wave_overhead_us", 0.64459999999999995},
    {"turing.memory_efficiency", 0.97343800000000003},
    {"turing.kernel_overhead_us", 7.99085},
    {"ampere-ga100.gemm_efficiency.fp32", 0.95605099999999998},
    {"ampere-ga100.gemm_efficiency.tf32", 0.82703300000000002},
    {"ampere-ga100.gemm_efficiency.fp16", 0.65826499999999999},
    {"ampere-ga100.gemm_efficiency.bf16", 0.95527200000000001},
    {"ampere-ga100.gemm_efficiency.int8", 0.88047299999999995},
    {"ampere-ga100.wave_overhead_us", 0.22056000000000001},
    {"ampere-ga100.memory_efficiency", 0.71396700000000002},
    {"ampere-ga100.kernel_overhead_us", 4.3597799999999998},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.36902499999999999},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.96923300000000001},
    {"ampere-ga10x.wave_overhead_us", 0.74508600000000003},
    {"ampere-ga10x.memory_efficiency", 0.94211999999999996},
    {"ampere-ga10x.kernel_overhead_us", 0.97379800000000005},
    {"ada.gemm_efficiency.fp32", 0.63248300000000002},
    {"ada.gemm_efficiency.fp16", 0.95874999999999999},
    {"ada.gemm_efficiency.int8", 0.83984700000000001},
    {"ada.wave_overhead_us", 0.58497399999999999},
    {"ada.memory_efficiency", 0.96685100000000002},
    {"ada.kernel_overhead_us", 1.4556},
    {"hopper.gemm_efficiency.fp32", 0.79415599999999997},
    {"hopper.gemm_efficiency.tf32", 0.277225},
    {"hopper.gemm_efficiency.fp16", 0.76573199999999997},
    {"hopper.gemm_efficiency.bf16", 0.93611500000000003},
    {"hopper.gemm_efficiency.fp8", 0.92042000000000002},
    {"hopper.gemm_efficiency.int8", 0.84390299999999996},
    {"hopper.wave_overhead_us", 0.54103100000000004},
    {"hopper.memory_efficiency", 0.91352299999999997},
    {"hopper.kernel_overhead_us", 7.6561899999999996},
    {"blackwell.wave_overhead_us", 0.42660700000000001},
    {"blackwell.memory_efficiency", 0.57345599999999997},
    {"blackwell.kernel_overhead_us", 1.5620000000000001},
    {"profile.pytorch.step_overhead_us", 5925.1899999999996},
    {"profile.pytorch.launch_overhead_us", 0.70772400000000002},
    {"profile.pytorch.gemm_multiplier", 2.1194199999999999},
    {"profile.pytorch.memory_multiplier", 0.59860999999999998},
    {"profile.hf-pytorch.step_overhead_us", 835.43799999999999},
    {"profile.hf-pytorch.launch_overhead_us", 1.2170799999999999},
    {"profile.hf-pytorch.gemm_multiplier", 1.0481799999999999},
    {"profile.hf-pytorch.memory_multiplier", 0.42173899999999998},
    {"profile.tensorflow.step_overhead_us", 351.35500000000002},
    {"profile.tensorflow.launch_overhead_us", 14.944100000000001},
    {"profile.tensorflow.fusion", 0.201628},
    {"profile.tensorflow.gemm_multiplier", 0.95395799999999997},
    {"profile.tensorflow.memory_multiplier", 0.69759700000000002},
    {"profile.tensorrt.step_overhead_us", 35.622799999999998},
    {"profile.tensorrt.fusion", 0.94658600000000004},
    {"profile.tensorrt.gemm_multiplier", 1.29349},
    {"profile.tensorrt.memory_multiplier", 0.96672499999999995},
    {"profile.tensorrt-llm.step_overhead_us", 4202.1400000000003},
    {"profile.tensorrt-llm.fusion", 0.54897300000000004},
    {"profile.tensorrt-llm.gemm_multiplier", 1.08317},
    {"profile.tensorrt-llm.memory_multiplier", 0.95072599999999996},
    {"profile.llama.cpp.step_overhead_us", 139.06899999999999},
    {"profile.llama.cpp.launch_overhead_us", 0.66355200000000003},
    {"profile.llama.cpp.fusion", 0.13642799999999999},
    {"profile.llama.cpp.gemm_multiplier", 0.64829300000000001},
    {"profile.llama.cpp.memory_multiplier", 0.70948599999999995},
    {"profile.megatron.step_overhead_us", 971.71400000000006},
    {"profile.megatron.launch_overhead_us", 0.98271600000000003},
    {"profile.megatron.fusion", 0.75753300000000001},
    {"profile.megatron.gemm_multiplier", 2.14331},
    {"profile.megatron.memory_multiplier", 1.0613600000000001},
    {"profile.composer.step_overhead_us", 1065.6900000000001},
    {"profile.composer.launch_overhead_us", 1.0285200000000001},
    {"profile.composer.fusion", 0.262102},
    {"profile.composer.gemm_multiplier", 0.53907300000000002},
    {"profile.composer.memory_multiplier", 0.627965},
}};

}  // namespace detail
}  // namespace roofcast

#endif
