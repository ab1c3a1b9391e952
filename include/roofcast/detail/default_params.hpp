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
    {"volta.gemm_efficiency.fp32", 0.95510399999999995},
    {"volta.gemm_efficiency.fp16", 0.46727200000000002},
    {"volta.wave_overhead_us", 0.47440199999999999},
    {"volta.memory_efficiency", 0.97875100000000004},
    {"volta.kernel_overhead_us", 0.82198499999999997},
    {"turing.gemm_efficiency.fp32", 0.70966600000000002},
    {"turing.gemm_efficiency.fp16", 0.26240400000000003},
    {"turing.wave_overhead_us", 0.646343},
    {"turing.memory_efficiency", 0.97341200000000005},
    {"turing.kernel_overhead_us", 7.9774799999999999},
    {"ampere-ga100.gemm_efficiency.fp32", 0.95576399999999995},
    {"ampere-ga100.gemm_efficiency.tf32", 0.82780200000000004},
    {"ampere-ga100.gemm_efficiency.fp16", 0.65880899999999998},
    {"ampere-ga100.gemm_efficiency.bf16", 0.954708},
    {"ampere-ga100.gemm_efficiency.int8", 0.87953599999999998},
    {"ampere-ga100.wave_overhead_us", 0.22403400000000001},
    {"ampere-ga100.memory_efficiency", 0.71408799999999995},
    {"ampere-ga100.kernel_overhead_us", 4.3570799999999998},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.36697200000000002},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.96926699999999999},
    {"ampere-ga10x.wave_overhead_us", 0.745259},
    {"ampere-ga10x.memory_efficiency", 0.94192299999999995},
    {"ampere-ga10x.kernel_overhead_us", 0.97426900000000005},
    {"ada.gemm_efficiency.fp32", 0.63239699999999999},
    {"ada.gemm_efficiency.fp16", 0.95877199999999996},
    {"ada.gemm_efficiency.int8", 0.83925899999999998},
    {"ada.wave_overhead_us", 0.58459700000000003},
    {"ada.memory_efficiency", 0.96704199999999996},
    {"ada.kernel_overhead_us", 1.45543},
    {"hopper.gemm_efficiency.fp32", 0.79416500000000001},
    {"hopper.gemm_efficiency.tf32", 0.27526600000000001},
    {"hopper.gemm_efficiency.fp16", 0.76595199999999997},
    {"hopper.gemm_efficiency.bf16", 0.93661899999999998},
    {"hopper.gemm_efficiency.fp8", 0.92056300000000002},
    {"hopper.gemm_efficiency.int8", 0.84285900000000002},
    {"hopper.wave_overhead_us", 0.53178800000000004},
    {"hopper.memory_efficiency", 0.91387099999999999},
    {"hopper.kernel_overhead_us", 7.7025100000000002},
    {"blackwell.wave_overhead_us", 0.42660599999999999},
    {"blackwell.memory_efficiency", 0.57375600000000004},
    {"blackwell.kernel_overhead_us", 1.5619700000000001},
    {"profile.pytorch.step_overhead_us", 5927.96},
    {"profile.pytorch.launch_overhead_us", 0.70934900000000001},
    {"profile.pytorch.gemm_multiplier", 2.1403099999999999},
    {"profile.pytorch.memory_multiplier", 0.59814500000000004},
    {"profile.hf-pytorch.step_overhead_us", 835.10500000000002},
    {"profile.hf-pytorch.launch_overhead_us", 1.21604},
    {"profile.hf-pytorch.gemm_multiplier", 1.0479000000000001},
    {"profile.hf-pytorch.memory_multiplier", 0.42175600000000002},
    {"profile.tensorflow.step_overhead_us", 354.28500000000003},
    {"profile.tensorflow.launch_overhead_us", 14.9313},
    {"profile.tensorflow.fusion", 0.20313500000000001},
    {"profile.tensorflow.gemm_multiplier", 0.95332799999999995},
    {"profile.tensorflow.memory_multiplier", 0.69592600000000004},
    {"profile.tensorrt.step_overhead_us", 35.589300000000001},
    {"profile.tensorrt.fusion", 0.94677199999999995},
    {"profile.tensorrt.gemm_multiplier", 1.2874300000000001},
    {"profile.tensorrt.memory_multiplier", 0.96877100000000005},
    {"profile.tensorrt-llm.step_overhead_us", 4224.8100000000004},
    {"profile.tensorrt-llm.fusion", 0.55124200000000001},
    {"profile.tensorrt-llm.gemm_multiplier", 1.0788599999999999},
    {"profile.tensorrt-llm.memory_multiplier", 0.96641999999999995},
    {"profile.llama.cpp.step_overhead_us", 139.14500000000001},
    {"profile.llama.cpp.launch_overhead_us", 0.66110100000000005},
    {"profile.llama.cpp.fusion", 0.136492},
    {"profile.llama.cpp.gemm_multiplier", 0.64807099999999995},
    {"profile.llama.cpp.memory_multiplier", 0.70957000000000003},
    {"profile.megatron.step_overhead_us", 971.66300000000001},
    {"profile.megatron.launch_overhead_us", 0.98268699999999998},
    {"profile.megatron.fusion", 0.75773599999999997},
    {"profile.megatron.gemm_multiplier", 2.1400800000000002},
    {"profile.megatron.memory_multiplier", 1.06029},
    {"profile.composer.step_overhead_us", 1063.99},
    {"profile.composer.launch_overhead_us", 1.02769},
    {"profile.composer.fusion", 0.26438699999999998},
    {"profile.composer.gemm_multiplier", 0.53527899999999995},
    {"profile.composer.memory_multiplier", 0.64574200000000004},
}};

}  // namespace detail
}  // namespace roofcast

#endif
