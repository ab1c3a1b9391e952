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
inline constexpr std::string_view default_params_origin = "calibrated on models/measurements/measured-dev.csv + models/measurements/kernels.csv + models/measurements/memory.csv + models/measurements/serving.csv";

/// Parameters whose shipped value differs from the prior: (registry name, value).
inline constexpr std::array<std::pair<std::string_view, double>, 86> default_param_values = {{
    {"volta.gemm_efficiency.fp32", 0.90470399999999995},
    {"volta.gemm_efficiency.fp16", 0.70509299999999997},
    {"volta.gemm_efficiency.bf16", 0.70509299999999997},
    {"volta.wave_overhead_us", 0.12948000000000001},
    {"volta.memory_efficiency", 0.90883999999999998},
    {"volta.kernel_overhead_us", 8.6906099999999995},
    {"turing.gemm_efficiency.fp32", 0.53396500000000002},
    {"turing.gemm_efficiency.fp16", 0.240208},
    {"turing.gemm_efficiency.bf16", 0.240208},
    {"turing.wave_overhead_us", 0.094460199999999994},
    {"turing.kernel_overhead_us", 9.2531400000000001},
    {"ampere-ga100.gemm_efficiency.fp32", 0.97444500000000001},
    {"ampere-ga100.gemm_efficiency.tf32", 0.69070799999999999},
    {"ampere-ga100.gemm_efficiency.fp16", 0.79332800000000003},
    {"ampere-ga100.gemm_efficiency.bf16", 0.74357899999999999},
    {"ampere-ga100.wave_overhead_us", 0.066422099999999998},
    {"ampere-ga100.memory_efficiency", 0.87446100000000004},
    {"ampere-ga100.kernel_overhead_us", 4.5117900000000004},
    {"ampere-ga100.attention_forward_efficiency", 0.37106800000000001},
    {"ampere-ga10x.gemm_efficiency.fp32", 0.62846400000000002},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.78625199999999995},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.80368099999999998},
    {"ampere-ga10x.gemm_efficiency.bf16", 0.80910300000000002},
    {"ampere-ga10x.wave_overhead_us", 0.19769},
    {"ampere-ga10x.memory_efficiency", 0.89049800000000001},
    {"ampere-ga10x.kernel_overhead_us", 4.7387699999999997},
    {"ada.gemm_efficiency.fp32", 0.55370200000000003},
    {"ada.gemm_efficiency.tf32", 0.76205900000000004},
    {"ada.gemm_efficiency.fp16", 0.85471299999999995},
    {"ada.gemm_efficiency.bf16", 0.91675300000000004},
    {"ada.wave_overhead_us", 0.063144000000000006},
    {"ada.memory_efficiency", 0.92520500000000006},
    {"ada.kernel_overhead_us", 0.043083900000000001},
    {"hopper.gemm_efficiency.fp32", 0.78242999999999996},
    {"hopper.gemm_efficiency.tf32", 0.71403899999999998},
    {"hopper.gemm_efficiency.fp16", 0.72189999999999999},
    {"hopper.gemm_efficiency.bf16", 0.77687300000000004},
    {"hopper.gemm_efficiency.fp8", 0.76259900000000003},
    {"hopper.wave_overhead_us", 2.9239999999999999},
    {"hopper.memory_efficiency", 0.91043300000000005},
    {"hopper.kernel_overhead_us", 5.7352600000000002},
    {"hopper.attention_forward_efficiency", 0.59862499999999996},
    {"hopper.attention_backward_efficiency", 0.46092300000000003},
    {"hopper.legacy_attention_ratio", 0.45305299999999998},
    {"blackwell.gemm_efficiency.fp8", 0.73300200000000004},
    {"blackwell.wave_overhead_us", 1.63279},
    {"blackwell.kernel_overhead_us", 9.4839800000000007},
    {"blackwell.attention_forward_efficiency", 0.61602999999999997},
    {"blackwell.attention_backward_efficiency", 0.55390200000000001},
    {"blackwell.legacy_attention_ratio", 0.268868},
    {"profile.pytorch.step_overhead_us", 70454},
    {"profile.pytorch.call_overhead_us", 5247.0699999999997},
    {"profile.pytorch.launch_overhead_us", 0.041244200000000002},
    {"profile.pytorch.memory_multiplier", 0.99250400000000005},
    {"profile.pytorch.allocator_cache", 0.20730000000000001},
    {"profile.hf-pytorch.step_overhead_us", 1016.5},
    {"profile.hf-pytorch.call_overhead_us", 421.92700000000002},
    {"profile.hf-pytorch.launch_overhead_us", 1.03755},
    {"profile.hf-pytorch.memory_multiplier", 0.72106300000000001},
    {"profile.hf-pytorch.allocator_cache", 0.17649999999999999},
    {"profile.pytorch-compiled.allocator_cache", 0.13575000000000001},
    {"profile.tensorflow.step_overhead_us", 2090.9499999999998},
    {"profile.tensorflow.call_overhead_us", 1735.46},
    {"profile.tensorflow.launch_overhead_us", 0.40923999999999999},
    {"profile.tensorflow.fusion", 0.274586},
    {"profile.tensorflow.memory_multiplier", 0.75396099999999999},
    {"profile.tensorrt.call_overhead_us", 16.4847},
    {"profile.tensorrt.fusion", 0.97452300000000003},
    {"profile.tensorrt.gemm_multiplier", 0.95522300000000004},
    {"profile.tensorrt.memory_multiplier", 0.95370100000000002},
    {"profile.tensorrt-llm.call_overhead_us", 2189.1199999999999},
    {"profile.tensorrt-llm.fusion", 0.30430800000000002},
    {"profile.tensorrt-llm.gemm_multiplier", 0.79173400000000005},
    {"profile.tensorrt-llm.memory_multiplier", 0.90599200000000002},
    {"profile.llama.cpp.call_overhead_us", 111.31399999999999},
    {"profile.llama.cpp.launch_overhead_us", 7.8371599999999999},
    {"profile.llama.cpp.fusion", 0.19333600000000001},
    {"profile.llama.cpp.gemm_multiplier", 0.82461600000000002},
    {"profile.llama.cpp.memory_multiplier", 0.66056700000000002},
    {"profile.megatron.allocator_cache", 0.056050000000000003},
    {"profile.composer.step_overhead_us", 1201.3199999999999},
    {"profile.composer.launch_overhead_us", 1.1328400000000001},
    {"profile.composer.fusion", 0.14207600000000001},
    {"profile.composer.memory_multiplier", 0.65335200000000004},
    {"profile.composer.allocator_cache", 0.13575000000000001},
    {"profile.flash-attention.allocator_cache", 0.13575000000000001},
}};

/// The likely range of each kind of run: (kind, low, high).
inline constexpr std::array<std::tuple<std::string_view, double, double>, 7> default_error_bands = {{
    {"cnn-infer", 0.73939999999999995, 2.1316000000000002},
    {"cnn-train", 0.73248100000000005, 1.54348},
    {"decoder-infer", 0.860819, 1.3682300000000001},
    {"decoder-train", 0.96274300000000002, 2.2139799999999998},
    {"encoder-infer", 0.79717800000000005, 1.3158799999999999},
    {"encoder-train", 0.79707799999999995, 1.28688},
    {"memory", 0.88622100000000004, 1.15581},
}};

}  // namespace detail
}  // namespace roofcast

#endif
