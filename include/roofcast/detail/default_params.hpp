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
    {"volta.gemm_efficiency.fp32", 0.90470200000000001},
    {"volta.gemm_efficiency.fp16", 0.70501400000000003},
    {"volta.gemm_efficiency.bf16", 0.70501400000000003},
    {"volta.wave_overhead_us", 0.129555},
    {"volta.memory_efficiency", 0.90883999999999998},
    {"volta.kernel_overhead_us", 8.6851599999999998},
    {"turing.gemm_efficiency.fp32", 0.53396500000000002},
    {"turing.gemm_efficiency.fp16", 0.240208},
    {"turing.gemm_efficiency.bf16", 0.240208},
    {"turing.wave_overhead_us", 0.094460199999999994},
    {"turing.kernel_overhead_us", 9.2531400000000001},
    {"ampere-ga100.gemm_efficiency.fp32", 0.974499},
    {"ampere-ga100.gemm_efficiency.tf32", 0.69067500000000004},
    {"ampere-ga100.gemm_efficiency.fp16", 0.79304399999999997},
    {"ampere-ga100.gemm_efficiency.bf16", 0.74334699999999998},
    {"ampere-ga100.wave_overhead_us", 0.076242099999999993},
    {"ampere-ga100.memory_efficiency", 0.87446100000000004},
    {"ampere-ga100.kernel_overhead_us", 3.9199199999999998},
    {"ampere-ga100.attention_forward_efficiency", 0.35250799999999999},
    {"ampere-ga10x.gemm_efficiency.fp32", 0.62846400000000002},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.78625199999999995},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.80368099999999998},
    {"ampere-ga10x.gemm_efficiency.bf16", 0.80910300000000002},
    {"ampere-ga10x.wave_overhead_us", 0.19769},
    {"ampere-ga10x.memory_efficiency", 0.89049800000000001},
    {"ampere-ga10x.kernel_overhead_us", 4.7387699999999997},
    {"ada.gemm_efficiency.fp32", 0.56476199999999999},
    {"ada.gemm_efficiency.tf32", 0.76207999999999998},
    {"ada.gemm_efficiency.fp16", 0.854742},
    {"ada.gemm_efficiency.bf16", 0.91678599999999999},
    {"ada.wave_overhead_us", 0.062339400000000003},
    {"ada.memory_efficiency", 0.92520500000000006},
    {"ada.kernel_overhead_us", 0.052119699999999998},
    {"hopper.gemm_efficiency.fp32", 0.78239000000000003},
    {"hopper.gemm_efficiency.tf32", 0.70642300000000002},
    {"hopper.gemm_efficiency.fp16", 0.70940499999999995},
    {"hopper.gemm_efficiency.bf16", 0.76920599999999995},
    {"hopper.gemm_efficiency.fp8", 0.76184300000000005},
    {"hopper.wave_overhead_us", 2.9509300000000001},
    {"hopper.memory_efficiency", 0.91043300000000005},
    {"hopper.kernel_overhead_us", 4.6776400000000002},
    {"hopper.attention_forward_efficiency", 0.59564799999999996},
    {"hopper.attention_backward_efficiency", 0.46051900000000001},
    {"hopper.legacy_attention_ratio", 0.45482699999999998},
    {"blackwell.gemm_efficiency.fp8", 0.73300200000000004},
    {"blackwell.wave_overhead_us", 1.63314},
    {"blackwell.kernel_overhead_us", 9.4840199999999992},
    {"blackwell.attention_forward_efficiency", 0.61830700000000005},
    {"blackwell.attention_backward_efficiency", 0.55583800000000005},
    {"blackwell.legacy_attention_ratio", 0.26782},
    {"profile.pytorch.step_overhead_us", 72015.100000000006},
    {"profile.pytorch.call_overhead_us", 5243.0799999999999},
    {"profile.pytorch.launch_overhead_us", 0.054922899999999997},
    {"profile.pytorch.memory_multiplier", 0.99134699999999998},
    {"profile.hf-pytorch.step_overhead_us", 1467.6099999999999},
    {"profile.hf-pytorch.call_overhead_us", 409.39400000000001},
    {"profile.hf-pytorch.launch_overhead_us", 1.7439100000000001},
    {"profile.hf-pytorch.memory_multiplier", 0.66425299999999998},
    {"profile.tensorflow.step_overhead_us", 2357.0599999999999},
    {"profile.tensorflow.call_overhead_us", 1781.8},
    {"profile.tensorflow.launch_overhead_us", 0.405389},
    {"profile.tensorflow.fusion", 0.26392199999999999},
    {"profile.tensorflow.memory_multiplier", 0.76026499999999997},
    {"profile.tensorrt.call_overhead_us", 16.482600000000001},
    {"profile.tensorrt.fusion", 0.97456799999999999},
    {"profile.tensorrt.gemm_multiplier", 0.95540400000000003},
    {"profile.tensorrt.memory_multiplier", 0.953712},
    {"profile.tensorrt-llm.call_overhead_us", 4198.8199999999997},
    {"profile.tensorrt-llm.fusion", 0.761687},
    {"profile.tensorrt-llm.gemm_multiplier", 0.989255},
    {"profile.tensorrt-llm.memory_multiplier", 0.94450000000000001},
    {"profile.llama.cpp.call_overhead_us", 111.277},
    {"profile.llama.cpp.launch_overhead_us", 8.2807499999999994},
    {"profile.llama.cpp.fusion", 0.19189999999999999},
    {"profile.llama.cpp.gemm_multiplier", 0.82488700000000004},
    {"profile.llama.cpp.memory_multiplier", 0.66261199999999998},
    {"profile.composer.step_overhead_us", 1353.23},
    {"profile.composer.launch_overhead_us", 1.2598199999999999},
    {"profile.composer.fusion", 0.093409000000000006},
    {"profile.composer.memory_multiplier", 0.587897},
}};

/// The likely range of each kind of run: (kind, low, high).
inline constexpr std::array<std::tuple<std::string_view, double, double>, 6> default_error_bands = {{
    {"cnn-infer", 0.73908600000000002, 2.17936},
    {"cnn-train", 0.72789300000000001, 1.52834},
    {"decoder-infer", 0.71243000000000001, 1.3772800000000001},
    {"decoder-train", 0.94005700000000003, 1.4537899999999999},
    {"encoder-infer", 0.79725100000000004, 1.3550599999999999},
    {"encoder-train", 0.80491299999999999, 1.3114600000000001},
}};

}  // namespace detail
}  // namespace roofcast

#endif
