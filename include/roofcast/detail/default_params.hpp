// clang-format off
/// @file
/// The shipped (calibrated) cost-model parameters. GENERATED from models/calibration/default.toml by
/// roofcast-gen-params (`cmake --build build --target regenerate-params`); do not edit by hand.
#ifndef ROOFCAST_DETAIL_DEFAULT_PARAMS_HPP
#define ROOFCAST_DETAIL_DEFAULT_PARAMS_HPP

#include <array>
#include <string_view>
#include <tuple>
#include <utility>

namespace roofcast {
namespace detail {

/// Where the shipped parameters come from.
inline constexpr std::string_view default_params_origin = "calibrated on models/measurements/measured-dev.csv + models/measurements/kernels.csv";

/// Parameters whose shipped value differs from the prior: (registry name, value).
inline constexpr std::array<std::pair<std::string_view, double>, 78> default_param_values = {{
    {"volta.gemm_efficiency.fp32", 0.90470799999999996},
    {"volta.gemm_efficiency.fp16", 0.70511199999999996},
    {"volta.gemm_efficiency.bf16", 0.70511199999999996},
    {"volta.wave_overhead_us", 0.12937799999999999},
    {"volta.memory_efficiency", 0.90883999999999998},
    {"volta.kernel_overhead_us", 8.6923499999999994},
    {"turing.gemm_efficiency.fp32", 0.53396500000000002},
    {"turing.gemm_efficiency.fp16", 0.240208},
    {"turing.gemm_efficiency.bf16", 0.240208},
    {"turing.wave_overhead_us", 0.094460199999999994},
    {"turing.kernel_overhead_us", 9.2531400000000001},
    {"ampere-ga100.gemm_efficiency.fp32", 0.97448199999999996},
    {"ampere-ga100.gemm_efficiency.tf32", 0.69067500000000004},
    {"ampere-ga100.gemm_efficiency.fp16", 0.79304399999999997},
    {"ampere-ga100.gemm_efficiency.bf16", 0.74334699999999998},
    {"ampere-ga100.wave_overhead_us", 0.076223899999999997},
    {"ampere-ga100.memory_efficiency", 0.87446100000000004},
    {"ampere-ga100.kernel_overhead_us", 3.9209000000000001},
    {"ampere-ga100.attention_forward_efficiency", 0.35251100000000002},
    {"ampere-ga10x.gemm_efficiency.fp32", 0.62846400000000002},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.78625199999999995},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.80368099999999998},
    {"ampere-ga10x.gemm_efficiency.bf16", 0.80910300000000002},
    {"ampere-ga10x.wave_overhead_us", 0.19767299999999999},
    {"ampere-ga10x.memory_efficiency", 0.89049800000000001},
    {"ampere-ga10x.kernel_overhead_us", 4.7420099999999996},
    {"ada.gemm_efficiency.fp32", 0.56459199999999998},
    {"ada.gemm_efficiency.tf32", 0.76193900000000003},
    {"ada.gemm_efficiency.fp16", 0.85442499999999999},
    {"ada.gemm_efficiency.bf16", 0.91640500000000003},
    {"ada.wave_overhead_us", 0.062383099999999997},
    {"ada.memory_efficiency", 0.92520500000000006},
    {"ada.kernel_overhead_us", 0.052225399999999998},
    {"hopper.gemm_efficiency.fp32", 0.782389},
    {"hopper.gemm_efficiency.tf32", 0.70644300000000004},
    {"hopper.gemm_efficiency.fp16", 0.70943900000000004},
    {"hopper.gemm_efficiency.bf16", 0.76928399999999997},
    {"hopper.gemm_efficiency.fp8", 0.76184700000000005},
    {"hopper.wave_overhead_us", 2.94977},
    {"hopper.memory_efficiency", 0.91043300000000005},
    {"hopper.kernel_overhead_us", 4.68513},
    {"hopper.attention_forward_efficiency", 0.58228599999999997},
    {"hopper.attention_backward_efficiency", 0.44600899999999999},
    {"blackwell.gemm_efficiency.fp8", 0.73300200000000004},
    {"blackwell.wave_overhead_us", 2.8055699999999999},
    {"blackwell.kernel_overhead_us", 7.4286099999999999},
    {"blackwell.attention_forward_efficiency", 0.248416},
    {"blackwell.attention_backward_efficiency", 0.202649},
    {"profile.pytorch.step_overhead_us", 71163.600000000006},
    {"profile.pytorch.call_overhead_us", 5242.0299999999997},
    {"profile.pytorch.launch_overhead_us", 0.054707199999999997},
    {"profile.pytorch.memory_multiplier", 0.99139500000000003},
    {"profile.hf-pytorch.step_overhead_us", 1467.55},
    {"profile.hf-pytorch.call_overhead_us", 409.38900000000001},
    {"profile.hf-pytorch.launch_overhead_us", 1.74332},
    {"profile.hf-pytorch.memory_multiplier", 0.66435900000000003},
    {"profile.tensorflow.step_overhead_us", 2354.9400000000001},
    {"profile.tensorflow.call_overhead_us", 1781.3699999999999},
    {"profile.tensorflow.launch_overhead_us", 0.40535199999999999},
    {"profile.tensorflow.fusion", 0.26409300000000002},
    {"profile.tensorflow.memory_multiplier", 0.76010599999999995},
    {"profile.tensorrt.call_overhead_us", 16.482299999999999},
    {"profile.tensorrt.fusion", 0.97456600000000004},
    {"profile.tensorrt.gemm_multiplier", 0.95542800000000006},
    {"profile.tensorrt.memory_multiplier", 0.95371499999999998},
    {"profile.tensorrt-llm.call_overhead_us", 4215.9499999999998},
    {"profile.tensorrt-llm.fusion", 0.77973099999999995},
    {"profile.tensorrt-llm.gemm_multiplier", 0.989375},
    {"profile.tensorrt-llm.memory_multiplier", 0.94495600000000002},
    {"profile.llama.cpp.call_overhead_us", 111.276},
    {"profile.llama.cpp.launch_overhead_us", 8.2781800000000008},
    {"profile.llama.cpp.fusion", 0.19198899999999999},
    {"profile.llama.cpp.gemm_multiplier", 0.82489299999999999},
    {"profile.llama.cpp.memory_multiplier", 0.66263700000000003},
    {"profile.composer.step_overhead_us", 1550.0599999999999},
    {"profile.composer.launch_overhead_us", 1.3311999999999999},
    {"profile.composer.fusion", 0.083635000000000001},
    {"profile.composer.memory_multiplier", 0.57391499999999995},
}};

/// The likely range of each kind of run: (kind, low, high).
inline constexpr std::array<std::tuple<std::string_view, double, double>, 6> default_error_bands = {{
    {"cnn-infer", 0.739093, 2.1792799999999999},
    {"cnn-train", 0.72824299999999997, 1.52834},
    {"decoder-infer", 0.71277800000000002, 1.3773899999999999},
    {"decoder-train", 0.94005099999999997, 1.60093},
    {"encoder-infer", 0.797157, 1.3550199999999999},
    {"encoder-train", 0.80496000000000001, 1.3024100000000001},
}};

}  // namespace detail
}  // namespace roofcast

#endif
