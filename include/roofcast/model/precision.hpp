/// @file
/// Run precisions (what a user asks for: "amp-fp16", "fp8", ...) and the data types each implies
/// for math, activations and weights.
#ifndef ROOFCAST_MODEL_PRECISION_HPP
#define ROOFCAST_MODEL_PRECISION_HPP

#include <roofcast/hardware/dtype.hpp>

#include <array>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace roofcast {

/// The precision a workload runs in. `amp_*` is mixed precision with FP32 master weights; `fp16`/`bf16`
/// are pure 16-bit; `fp8` runs GEMMs in FP8 (Transformer-Engine style) with 16-bit activations; `int8`
/// quantized inference; `int4` 4-bit weights dequantized to FP16 math (e.g. llama.cpp Q4_K_M).
enum class precision { fp32, tf32, amp_fp16, amp_bf16, fp16, bf16, fp8, int8, int4 };

/// Every precision, in display order.
inline constexpr std::array<precision, 9> all_precisions = {precision::fp32,     precision::tf32, precision::amp_fp16,
                                                            precision::amp_bf16, precision::fp16, precision::bf16,
                                                            precision::fp8,      precision::int8, precision::int4};

/// Name used in files, JSON and the CLI: "fp32", "tf32", "amp-fp16", "amp-bf16", "fp16", "bf16", "fp8",
/// "int8", "int4".
inline constexpr std::string_view to_string_view(precision p) {
    switch (p) {
        case precision::fp32: return "fp32";
        case precision::tf32: return "tf32";
        case precision::amp_fp16: return "amp-fp16";
        case precision::amp_bf16: return "amp-bf16";
        case precision::fp16: return "fp16";
        case precision::bf16: return "bf16";
        case precision::fp8: return "fp8";
        case precision::int8: return "int8";
        case precision::int4: return "int4";
    }
    return "?";
}

/// Parses a precision name (exact, lower case); std::nullopt if unknown.
inline std::optional<precision> parse_precision(std::string_view s) {
    for (precision p : all_precisions) {
        if (to_string_view(p) == s) {
            return p;
        }
    }
    return std::nullopt;
}

/// Prints the precision's name.
inline std::ostream& operator<<(std::ostream& os, precision p) {
    return os << to_string_view(p);
}

/// The data types a precision implies.
struct precision_types {
    /// Type of GEMM/convolution math.
    dtype math;
    /// Unit the GEMM math runs on.
    exec_unit math_unit;
    /// Type activations are stored and moved in.
    dtype activation;
    /// Type of the weights the kernels read.
    dtype weight;
    /// Whether an FP32 master copy of the weights is kept (mixed-precision training).
    bool fp32_master;
};

/// The data types of `p`.
inline constexpr precision_types types_of(precision p) {
    switch (p) {
        case precision::fp32: return {dtype::fp32, exec_unit::cuda_core, dtype::fp32, dtype::fp32, false};
        case precision::tf32: return {dtype::tf32, exec_unit::tensor_core, dtype::fp32, dtype::fp32, false};
        case precision::amp_fp16: return {dtype::fp16, exec_unit::tensor_core, dtype::fp16, dtype::fp16, true};
        case precision::amp_bf16: return {dtype::bf16, exec_unit::tensor_core, dtype::bf16, dtype::bf16, true};
        case precision::fp16: return {dtype::fp16, exec_unit::tensor_core, dtype::fp16, dtype::fp16, false};
        case precision::bf16: return {dtype::bf16, exec_unit::tensor_core, dtype::bf16, dtype::bf16, false};
        // FP8 training keeps BF16 weights beside FP32 master weights and optimizer states, as mixed precision does
        // (Transformer Engine under Megatron, torchao's float8 under FSDP): only the GEMMs run in FP8.
        case precision::fp8: return {dtype::fp8, exec_unit::tensor_core, dtype::bf16, dtype::fp8, true};
        case precision::int8: return {dtype::int8, exec_unit::tensor_core, dtype::int8, dtype::int8, false};
        case precision::int4: return {dtype::fp16, exec_unit::tensor_core, dtype::fp16, dtype::int4, false};
    }
    return {dtype::fp32, exec_unit::cuda_core, dtype::fp32, dtype::fp32, false};
}

}  // namespace roofcast

#endif
