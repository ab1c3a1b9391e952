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
    {"volta.gemm_efficiency.fp16", 0.70184400000000002},
    {"volta.gemm_efficiency.bf16", 0.70184400000000002},
    {"volta.wave_overhead_us", 0.134133},
    {"volta.memory_efficiency", 0.845252},
    {"volta.kernel_overhead_us", 8.2631399999999999},
    {"turing.gemm_efficiency.fp32", 0.53396299999999997},
    {"turing.gemm_efficiency.fp16", 0.24018800000000001},
    {"turing.gemm_efficiency.bf16", 0.24018800000000001},
    {"turing.wave_overhead_us", 0.10120999999999999},
    {"turing.memory_efficiency", 0.60449799999999998},
    {"turing.kernel_overhead_us", 4.5243000000000002},
    {"ampere-ga100.gemm_efficiency.fp32", 0.97449600000000003},
    {"ampere-ga100.gemm_efficiency.tf32", 0.69064599999999998},
    {"ampere-ga100.gemm_efficiency.fp16", 0.79305499999999995},
    {"ampere-ga100.gemm_efficiency.bf16", 0.74235600000000002},
    {"ampere-ga100.wave_overhead_us", 0.084736800000000001},
    {"ampere-ga100.memory_efficiency", 0.812446},
    {"ampere-ga100.kernel_overhead_us", 3.42821},
    {"ampere-ga100.attention_forward_efficiency", 0.35201900000000003},
    {"ampere-ga10x.gemm_efficiency.fp32", 0.62816899999999998},
    {"ampere-ga10x.gemm_efficiency.tf32", 0.78465099999999999},
    {"ampere-ga10x.gemm_efficiency.fp16", 0.80372399999999999},
    {"ampere-ga10x.gemm_efficiency.bf16", 0.80693300000000001},
    {"ampere-ga10x.wave_overhead_us", 0.23676700000000001},
    {"ampere-ga10x.memory_efficiency", 0.79364500000000004},
    {"ampere-ga10x.kernel_overhead_us", 0.69672900000000004},
    {"ada.gemm_efficiency.fp32", 0.56438600000000005},
    {"ada.gemm_efficiency.tf32", 0.76164799999999999},
    {"ada.gemm_efficiency.fp16", 0.85473100000000002},
    {"ada.gemm_efficiency.bf16", 0.91677500000000001},
    {"ada.wave_overhead_us", 0.062619800000000003},
    {"ada.memory_efficiency", 0.963619},
    {"ada.kernel_overhead_us", 0.0525242},
    {"hopper.gemm_efficiency.fp32", 0.78237699999999999},
    {"hopper.gemm_efficiency.tf32", 0.70396300000000001},
    {"hopper.gemm_efficiency.fp16", 0.70921599999999996},
    {"hopper.gemm_efficiency.bf16", 0.76661999999999997},
    {"hopper.gemm_efficiency.fp8", 0.76158599999999999},
    {"hopper.wave_overhead_us", 2.95207},
    {"hopper.memory_efficiency", 0.86905500000000002},
    {"hopper.kernel_overhead_us", 4.3629300000000004},
    {"hopper.attention_forward_efficiency", 0.58130099999999996},
    {"hopper.attention_backward_efficiency", 0.445886},
    {"blackwell.gemm_efficiency.fp8", 0.73300200000000004},
    {"blackwell.wave_overhead_us", 2.8055599999999998},
    {"blackwell.kernel_overhead_us", 7.4283099999999997},
    {"blackwell.attention_forward_efficiency", 0.24840799999999999},
    {"blackwell.attention_backward_efficiency", 0.20264799999999999},
    {"profile.pytorch.step_overhead_us", 59364.599999999999},
    {"profile.pytorch.call_overhead_us", 5198.5500000000002},
    {"profile.pytorch.launch_overhead_us", 0.059034499999999997},
    {"profile.pytorch.memory_multiplier", 0.99685299999999999},
    {"profile.hf-pytorch.step_overhead_us", 1439.1500000000001},
    {"profile.hf-pytorch.call_overhead_us", 408.39600000000002},
    {"profile.hf-pytorch.launch_overhead_us", 1.7053},
    {"profile.hf-pytorch.memory_multiplier", 0.68175399999999997},
    {"profile.tensorflow.step_overhead_us", 2107.73},
    {"profile.tensorflow.call_overhead_us", 102.562},
    {"profile.tensorflow.launch_overhead_us", 14.3725},
    {"profile.tensorflow.fusion", 0.122572},
    {"profile.tensorflow.memory_multiplier", 0.70805700000000005},
    {"profile.tensorrt.call_overhead_us", 16.282699999999998},
    {"profile.tensorrt.fusion", 0.97834600000000005},
    {"profile.tensorrt.gemm_multiplier", 0.985209},
    {"profile.tensorrt.memory_multiplier", 0.96203799999999995},
    {"profile.tensorrt-llm.call_overhead_us", 4243.8599999999997},
    {"profile.tensorrt-llm.fusion", 0.81236799999999998},
    {"profile.tensorrt-llm.gemm_multiplier", 0.98947600000000002},
    {"profile.tensorrt-llm.memory_multiplier", 0.94554700000000003},
    {"profile.llama.cpp.call_overhead_us", 175.41300000000001},
    {"profile.llama.cpp.launch_overhead_us", 5.4734499999999997},
    {"profile.llama.cpp.fusion", 0.089046},
    {"profile.llama.cpp.gemm_multiplier", 0.69213999999999998},
    {"profile.llama.cpp.memory_multiplier", 0.61150300000000002},
    {"profile.composer.step_overhead_us", 1487.6900000000001},
    {"profile.composer.launch_overhead_us", 1.30447},
    {"profile.composer.fusion", 0.084832599999999994},
    {"profile.composer.memory_multiplier", 0.57581499999999997},
}};

/// The likely range of each kind of run: (kind, low, high).
inline constexpr std::array<std::tuple<std::string_view, double, double>, 6> default_error_bands = {{
    {"cnn-infer", 0.66519700000000004, 2.1284399999999999},
    {"cnn-train", 0.754297, 1.4817100000000001},
    {"decoder-infer", 0.70530899999999996, 1.5663100000000001},
    {"decoder-train", 0.9425, 1.5894699999999999},
    {"encoder-infer", 0.944191, 2.2011799999999999},
    {"encoder-train", 0.79387399999999997, 1.45489},
}};

}  // namespace detail
}  // namespace roofcast

#endif
