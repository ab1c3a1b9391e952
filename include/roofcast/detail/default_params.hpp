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
inline constexpr std::array<std::pair<std::string_view, double>, 77> default_param_values = {{
    {"volta.gemm_efficiency.fp32", 0.90456800000000004},
    {"volta.gemm_efficiency.fp16", 0.70186300000000001},
    {"volta.gemm_efficiency.bf16", 0.70186300000000001},
    {"volta.wave_overhead_us", 0.13414699999999999},
    {"volta.memory_efficiency", 0.84526699999999999},
    {"volta.kernel_overhead_us", 8.2639800000000001},
    {"turing.gemm_efficiency.fp32", 0.53396299999999997},
    {"turing.gemm_efficiency.fp16", 0.24018800000000001},
    {"turing.gemm_efficiency.bf16", 0.24018800000000001},
    {"turing.wave_overhead_us", 0.10115499999999999},
    {"turing.memory_efficiency", 0.60452300000000003},
    {"turing.kernel_overhead_us", 4.5280199999999997},
    {"ampere-ga100.gemm_efficiency.fp32", 0.97451299999999996},
    {"ampere-ga100.gemm_efficiency.fp16", 0.79295099999999996},
    {"ampere-ga100.gemm_efficiency.bf16", 0.79295099999999996},
    {"ampere-ga100.wave_overhead_us", 0.092263800000000007},
    {"ampere-ga100.memory_efficiency", 0.81227799999999994},
    {"ampere-ga100.kernel_overhead_us", 3.4239799999999998},
    {"ampere-ga100.attention_forward_efficiency", 0.35202499999999998},
    {"ampere-ga10x.gemm_efficiency.fp32", 0.62816899999999998},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.78465099999999999},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.80372399999999999},
    {"ampere-ga10x.gemm_efficiency.bf16", 0.80693300000000001},
    {"ampere-ga10x.wave_overhead_us", 0.23676700000000001},
    {"ampere-ga10x.memory_efficiency", 0.79364400000000002},
    {"ampere-ga10x.kernel_overhead_us", 0.69670600000000005},
    {"ada.gemm_efficiency.fp32", 0.56438699999999997},
    {"ada.gemm_efficiency.tf32", 0.80524099999999998},
    {"ada.gemm_efficiency.fp16", 0.90490300000000001},
    {"ada.gemm_efficiency.bf16", 0.97855199999999998},
    {"ada.wave_overhead_us", 0.062352100000000001},
    {"ada.memory_efficiency", 0.964368},
    {"ada.kernel_overhead_us", 0.052089299999999998},
    {"hopper.gemm_efficiency.fp32", 0.78239599999999998},
    {"hopper.gemm_efficiency.fp16", 0.71596099999999996},
    {"hopper.gemm_efficiency.bf16", 0.71596099999999996},
    {"hopper.gemm_efficiency.fp8", 0.76191799999999998},
    {"hopper.wave_overhead_us", 2.9529299999999998},
    {"hopper.memory_efficiency", 0.87441899999999995},
    {"hopper.kernel_overhead_us", 4.76708},
    {"hopper.attention_forward_efficiency", 0.58255800000000002},
    {"hopper.attention_backward_efficiency", 0.44604300000000002},
    {"blackwell.gemm_efficiency.fp8", 0.73300200000000004},
    {"blackwell.wave_overhead_us", 2.8055500000000002},
    {"blackwell.kernel_overhead_us", 7.4282899999999996},
    {"blackwell.attention_forward_efficiency", 0.24840599999999999},
    {"blackwell.attention_backward_efficiency", 0.20264799999999999},
    {"profile.pytorch.step_overhead_us", 65714.100000000006},
    {"profile.pytorch.call_overhead_us", 5213.7399999999998},
    {"profile.pytorch.launch_overhead_us", 0.050350800000000001},
    {"profile.pytorch.memory_multiplier", 0.99690199999999995},
    {"profile.hf-pytorch.step_overhead_us", 1428.8699999999999},
    {"profile.hf-pytorch.call_overhead_us", 407.77600000000001},
    {"profile.hf-pytorch.launch_overhead_us", 1.6585799999999999},
    {"profile.hf-pytorch.memory_multiplier", 0.68181800000000004},
    {"profile.tensorflow.step_overhead_us", 1827.02},
    {"profile.tensorflow.call_overhead_us", 101.065},
    {"profile.tensorflow.launch_overhead_us", 14.5144},
    {"profile.tensorflow.fusion", 0.126415},
    {"profile.tensorflow.memory_multiplier", 0.69143399999999999},
    {"profile.tensorrt.call_overhead_us", 16.284600000000001},
    {"profile.tensorrt.fusion", 0.978298},
    {"profile.tensorrt.gemm_multiplier", 0.985209},
    {"profile.tensorrt.memory_multiplier", 0.96201599999999998},
    {"profile.tensorrt-llm.call_overhead_us", 4127.6499999999996},
    {"profile.tensorrt-llm.fusion", 0.809863},
    {"profile.tensorrt-llm.gemm_multiplier", 0.989533},
    {"profile.tensorrt-llm.memory_multiplier", 0.94572000000000001},
    {"profile.llama.cpp.call_overhead_us", 178.81200000000001},
    {"profile.llama.cpp.launch_overhead_us", 5.3717699999999997},
    {"profile.llama.cpp.fusion", 0.087483099999999994},
    {"profile.llama.cpp.gemm_multiplier", 0.69832300000000003},
    {"profile.llama.cpp.memory_multiplier", 0.60833999999999999},
    {"profile.composer.step_overhead_us", 1400.47},
    {"profile.composer.launch_overhead_us", 1.2811300000000001},
    {"profile.composer.fusion", 0.085132799999999995},
    {"profile.composer.memory_multiplier", 0.57566399999999995},
}};

/// The likely range of each kind of run: (kind, low, high).
inline constexpr std::array<std::tuple<std::string_view, double, double>, 6> default_error_bands = {{
    {"cnn-infer", 0.66523200000000005, 2.1635200000000001},
    {"cnn-train", 0.73530200000000001, 1.47065},
    {"decoder-infer", 0.70530899999999996, 1.5607200000000001},
    {"decoder-train", 0.97250599999999998, 1.5075400000000001},
    {"encoder-infer", 0.94418800000000003, 2.2012999999999998},
    {"encoder-train", 0.79111500000000001, 1.46353},
}};

}  // namespace detail
}  // namespace roofcast

#endif
