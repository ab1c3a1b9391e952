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
inline constexpr std::array<std::pair<std::string_view, double>, 79> default_param_values = {{
    {"volta.gemm_efficiency.fp32", 0.90456800000000004},
    {"volta.gemm_efficiency.fp16", 0.70186300000000001},
    {"volta.gemm_efficiency.bf16", 0.70186300000000001},
    {"volta.wave_overhead_us", 0.13413800000000001},
    {"volta.memory_efficiency", 0.84526800000000002},
    {"volta.kernel_overhead_us", 8.2639899999999997},
    {"turing.gemm_efficiency.fp32", 0.53396299999999997},
    {"turing.gemm_efficiency.fp16", 0.24019699999999999},
    {"turing.gemm_efficiency.bf16", 0.24019699999999999},
    {"turing.wave_overhead_us", 0.098811399999999994},
    {"turing.memory_efficiency", 0.60445300000000002},
    {"turing.kernel_overhead_us", 4.4184700000000001},
    {"ampere-ga100.gemm_efficiency.fp32", 0.97449699999999995},
    {"ampere-ga100.gemm_efficiency.tf32", 0.69065500000000002},
    {"ampere-ga100.gemm_efficiency.fp16", 0.79314799999999996},
    {"ampere-ga100.gemm_efficiency.bf16", 0.74319400000000002},
    {"ampere-ga100.wave_overhead_us", 0.071759600000000007},
    {"ampere-ga100.memory_efficiency", 0.80959400000000004},
    {"ampere-ga100.kernel_overhead_us", 3.5880899999999998},
    {"ampere-ga100.attention_forward_efficiency", 0.352161},
    {"ampere-ga10x.gemm_efficiency.fp32", 0.62816899999999998},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.78465099999999999},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.80372399999999999},
    {"ampere-ga10x.gemm_efficiency.bf16", 0.80693300000000001},
    {"ampere-ga10x.wave_overhead_us", 0.23676700000000001},
    {"ampere-ga10x.memory_efficiency", 0.79364400000000002},
    {"ampere-ga10x.kernel_overhead_us", 0.69670500000000002},
    {"ada.gemm_efficiency.fp32", 0.56439600000000001},
    {"ada.gemm_efficiency.tf32", 0.76165400000000005},
    {"ada.gemm_efficiency.fp16", 0.85474600000000001},
    {"ada.gemm_efficiency.bf16", 0.91679100000000002},
    {"ada.wave_overhead_us", 0.062618900000000005},
    {"ada.memory_efficiency", 0.96361699999999995},
    {"ada.kernel_overhead_us", 0.052526799999999998},
    {"hopper.gemm_efficiency.fp32", 0.78238399999999997},
    {"hopper.gemm_efficiency.tf32", 0.70517700000000005},
    {"hopper.gemm_efficiency.fp16", 0.710032},
    {"hopper.gemm_efficiency.bf16", 0.76789300000000005},
    {"hopper.gemm_efficiency.fp8", 0.76171199999999994},
    {"hopper.wave_overhead_us", 2.9509300000000001},
    {"hopper.memory_efficiency", 0.87041999999999997},
    {"hopper.kernel_overhead_us", 4.5167700000000002},
    {"hopper.attention_forward_efficiency", 0.58177599999999996},
    {"hopper.attention_backward_efficiency", 0.44594499999999998},
    {"blackwell.gemm_efficiency.fp8", 0.73300200000000004},
    {"blackwell.wave_overhead_us", 2.8055599999999998},
    {"blackwell.kernel_overhead_us", 7.42828},
    {"blackwell.attention_forward_efficiency", 0.24840599999999999},
    {"blackwell.attention_backward_efficiency", 0.20264799999999999},
    {"profile.pytorch.step_overhead_us", 61374.300000000003},
    {"profile.pytorch.call_overhead_us", 5205.6400000000003},
    {"profile.pytorch.launch_overhead_us", 0.055094900000000002},
    {"profile.pytorch.memory_multiplier", 0.99690299999999998},
    {"profile.hf-pytorch.step_overhead_us", 1431.8599999999999},
    {"profile.hf-pytorch.call_overhead_us", 408.084},
    {"profile.hf-pytorch.launch_overhead_us", 1.6826300000000001},
    {"profile.hf-pytorch.memory_multiplier", 0.68222400000000005},
    {"profile.tensorflow.step_overhead_us", 9299.3600000000006},
    {"profile.tensorflow.call_overhead_us", 1928.21},
    {"profile.tensorflow.launch_overhead_us", 0.47293099999999999},
    {"profile.tensorflow.fusion", 0.27454299999999998},
    {"profile.tensorflow.memory_multiplier", 0.85616199999999998},
    {"profile.tensorrt.call_overhead_us", 16.569099999999999},
    {"profile.tensorrt.fusion", 0.97488900000000001},
    {"profile.tensorrt.gemm_multiplier", 0.95560299999999998},
    {"profile.tensorrt.memory_multiplier", 0.95374300000000001},
    {"profile.tensorrt-llm.call_overhead_us", 4199.0500000000002},
    {"profile.tensorrt-llm.fusion", 0.81498000000000004},
    {"profile.tensorrt-llm.gemm_multiplier", 0.989514},
    {"profile.tensorrt-llm.memory_multiplier", 0.94566399999999995},
    {"profile.llama.cpp.call_overhead_us", 111.379},
    {"profile.llama.cpp.launch_overhead_us", 8.5305499999999999},
    {"profile.llama.cpp.fusion", 0.178978},
    {"profile.llama.cpp.gemm_multiplier", 0.844777},
    {"profile.llama.cpp.memory_multiplier", 0.66695300000000002},
    {"profile.composer.step_overhead_us", 1491.0999999999999},
    {"profile.composer.launch_overhead_us", 1.3059799999999999},
    {"profile.composer.fusion", 0.084685800000000006},
    {"profile.composer.memory_multiplier", 0.57566499999999998},
}};

/// The likely range of each kind of run: (kind, low, high).
inline constexpr std::array<std::tuple<std::string_view, double, double>, 6> default_error_bands = {{
    {"cnn-infer", 0.66542900000000005, 2.1155300000000001},
    {"cnn-train", 0.75274399999999997, 1.47933},
    {"decoder-infer", 0.71987400000000001, 1.3046599999999999},
    {"decoder-train", 0.94126500000000002, 1.5913600000000001},
    {"encoder-infer", 0.77425100000000002, 1.3558600000000001},
    {"encoder-train", 0.79318100000000002, 1.30505},
}};

}  // namespace detail
}  // namespace roofcast

#endif
