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
inline constexpr std::string_view default_params_origin = "calibrated on models/measurements/measured-dev.csv + models/measurements/kernels.csv + models/measurements/memory.csv";

/// Parameters whose shipped value differs from the prior: (registry name, value).
inline constexpr std::array<std::pair<std::string_view, double>, 80> default_param_values = {{
    {"volta.gemm_efficiency.fp32", 0.90470300000000003},
    {"volta.gemm_efficiency.fp16", 0.70502600000000004},
    {"volta.gemm_efficiency.bf16", 0.70502600000000004},
    {"volta.wave_overhead_us", 0.129438},
    {"volta.memory_efficiency", 0.90883999999999998},
    {"volta.kernel_overhead_us", 8.68797},
    {"turing.gemm_efficiency.fp32", 0.53396500000000002},
    {"turing.gemm_efficiency.fp16", 0.240208},
    {"turing.gemm_efficiency.bf16", 0.240208},
    {"turing.wave_overhead_us", 0.094460199999999994},
    {"turing.kernel_overhead_us", 9.2531400000000001},
    {"ampere-ga100.gemm_efficiency.fp32", 0.97443800000000003},
    {"ampere-ga100.gemm_efficiency.tf32", 0.69067199999999995},
    {"ampere-ga100.gemm_efficiency.fp16", 0.79301500000000003},
    {"ampere-ga100.gemm_efficiency.bf16", 0.74332600000000004},
    {"ampere-ga100.wave_overhead_us", 0.080408199999999999},
    {"ampere-ga100.memory_efficiency", 0.87446100000000004},
    {"ampere-ga100.kernel_overhead_us", 3.8682500000000002},
    {"ampere-ga100.attention_forward_efficiency", 0.352462},
    {"ampere-ga10x.gemm_efficiency.fp32", 0.62846400000000002},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.78625199999999995},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.80368099999999998},
    {"ampere-ga10x.gemm_efficiency.bf16", 0.80910300000000002},
    {"ampere-ga10x.wave_overhead_us", 0.19769},
    {"ampere-ga10x.memory_efficiency", 0.89049800000000001},
    {"ampere-ga10x.kernel_overhead_us", 4.7387699999999997},
    {"ada.gemm_efficiency.fp32", 0.553701},
    {"ada.gemm_efficiency.tf32", 0.76205800000000001},
    {"ada.gemm_efficiency.fp16", 0.85471200000000003},
    {"ada.gemm_efficiency.bf16", 0.91675200000000001},
    {"ada.wave_overhead_us", 0.063143900000000003},
    {"ada.memory_efficiency", 0.92520500000000006},
    {"ada.kernel_overhead_us", 0.042846700000000001},
    {"hopper.gemm_efficiency.fp32", 0.78239000000000003},
    {"hopper.gemm_efficiency.tf32", 0.70642400000000005},
    {"hopper.gemm_efficiency.fp16", 0.70940700000000001},
    {"hopper.gemm_efficiency.bf16", 0.76920599999999995},
    {"hopper.gemm_efficiency.fp8", 0.76184399999999997},
    {"hopper.wave_overhead_us", 2.95099},
    {"hopper.memory_efficiency", 0.91043300000000005},
    {"hopper.kernel_overhead_us", 4.67774},
    {"hopper.attention_forward_efficiency", 0.59564899999999998},
    {"hopper.attention_backward_efficiency", 0.46051799999999998},
    {"hopper.legacy_attention_ratio", 0.45482899999999998},
    {"blackwell.gemm_efficiency.fp8", 0.73300200000000004},
    {"blackwell.wave_overhead_us", 1.6336599999999999},
    {"blackwell.kernel_overhead_us", 9.4823400000000007},
    {"blackwell.attention_forward_efficiency", 0.62077400000000005},
    {"blackwell.attention_backward_efficiency", 0.55798099999999995},
    {"blackwell.legacy_attention_ratio", 0.26667000000000002},
    {"profile.pytorch.step_overhead_us", 72025.600000000006},
    {"profile.pytorch.call_overhead_us", 5244.21},
    {"profile.pytorch.launch_overhead_us", 0.0549223},
    {"profile.pytorch.memory_multiplier", 0.99133899999999997},
    {"profile.hf-pytorch.step_overhead_us", 1485.8099999999999},
    {"profile.hf-pytorch.call_overhead_us", 410.00099999999998},
    {"profile.hf-pytorch.launch_overhead_us", 1.7837799999999999},
    {"profile.hf-pytorch.memory_multiplier", 0.67032899999999995},
    {"profile.tensorflow.step_overhead_us", 2392.2800000000002},
    {"profile.tensorflow.call_overhead_us", 1787.74},
    {"profile.tensorflow.launch_overhead_us", 0.40885500000000002},
    {"profile.tensorflow.fusion", 0.264706},
    {"profile.tensorflow.memory_multiplier", 0.75904400000000005},
    {"profile.tensorrt.call_overhead_us", 16.483000000000001},
    {"profile.tensorrt.fusion", 0.97457000000000005},
    {"profile.tensorrt.gemm_multiplier", 0.95541900000000002},
    {"profile.tensorrt.memory_multiplier", 0.95371300000000003},
    {"profile.tensorrt-llm.call_overhead_us", 4281.6999999999998},
    {"profile.tensorrt-llm.fusion", 0.82344300000000004},
    {"profile.tensorrt-llm.gemm_multiplier", 0.98984000000000005},
    {"profile.tensorrt-llm.memory_multiplier", 0.946245},
    {"profile.llama.cpp.call_overhead_us", 111.279},
    {"profile.llama.cpp.launch_overhead_us", 8.3008299999999995},
    {"profile.llama.cpp.fusion", 0.19247500000000001},
    {"profile.llama.cpp.gemm_multiplier", 0.82482100000000003},
    {"profile.llama.cpp.memory_multiplier", 0.66264000000000001},
    {"profile.composer.step_overhead_us", 1335.0899999999999},
    {"profile.composer.launch_overhead_us", 1.24211},
    {"profile.composer.fusion", 0.100715},
    {"profile.composer.memory_multiplier", 0.58819600000000005},
}};

/// The likely range of each kind of run: (kind, low, high).
inline constexpr std::array<std::tuple<std::string_view, double, double>, 7> default_error_bands = {{
    {"cnn-infer", 0.73908399999999996, 2.1836099999999998},
    {"cnn-train", 0.72787400000000002, 1.5283199999999999},
    {"decoder-infer", 0.70524500000000001, 1.3793200000000001},
    {"decoder-train", 1, 2.5621299999999998},
    {"encoder-infer", 0.79721399999999998, 1.3570500000000001},
    {"encoder-train", 0.80499799999999999, 1.31142},
    {"memory", 0.89193500000000003, 1.15683},
}};

}  // namespace detail
}  // namespace roofcast

#endif
