/// @file
/// Arithmetic data types the hardware executes, and the units that execute them.
#ifndef ROOFCAST_HARDWARE_DTYPE_HPP
#define ROOFCAST_HARDWARE_DTYPE_HPP

#include <roofcast/error.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace roofcast {

/// A math data type with a hardware peak rate. Tensor-core types are dense, with FP32 accumulate
/// for the floating-point ones (what training and inference frameworks use).
enum class dtype { fp64, fp32, tf32, fp16, bf16, fp8, int8, int4 };

/// Every dtype, in display order.
inline constexpr std::array<dtype, 8> all_dtypes = {dtype::fp64, dtype::fp32, dtype::tf32, dtype::fp16,
                                                    dtype::bf16, dtype::fp8,  dtype::int8, dtype::int4};

/// The name used in files, JSON and the CLI: "fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "int8", "int4".
inline constexpr std::string_view to_string_view(dtype d) {
    switch (d) {
        case dtype::fp64: return "fp64";
        case dtype::fp32: return "fp32";
        case dtype::tf32: return "tf32";
        case dtype::fp16: return "fp16";
        case dtype::bf16: return "bf16";
        case dtype::fp8: return "fp8";
        case dtype::int8: return "int8";
        case dtype::int4: return "int4";
    }
    return "?";
}

/// The dtype's name as a string.
inline std::string to_string(dtype d) {
    return std::string(to_string_view(d));
}

/// Parses a dtype name (exact, lower case); std::nullopt if unknown.
inline std::optional<dtype> parse_dtype(std::string_view s) {
    for (dtype d : all_dtypes) {
        if (to_string_view(d) == s) {
            return d;
        }
    }
    return std::nullopt;
}

/// Size of one element in bytes (int4: half a byte).
inline constexpr double element_bytes(dtype d) {
    switch (d) {
        case dtype::fp64: return 8.0;
        case dtype::fp32:
        case dtype::tf32: return 4.0;
        case dtype::fp16:
        case dtype::bf16: return 2.0;
        case dtype::fp8:
        case dtype::int8: return 1.0;
        case dtype::int4: return 0.5;
    }
    return 0.0;
}

/// Whether the type is an integer type (its rate is in operations, not floating-point operations).
inline constexpr bool is_integer(dtype d) {
    return d == dtype::int8 || d == dtype::int4;
}

/// Prints the dtype's name.
inline std::ostream& operator<<(std::ostream& os, dtype d) {
    return os << to_string_view(d);
}

/// The execution units of an SM: the CUDA-core (vector) pipes or the tensor cores.
enum class exec_unit { cuda_core, tensor_core };

/// "cuda_core" or "tensor_core".
inline constexpr std::string_view to_string_view(exec_unit u) {
    return u == exec_unit::cuda_core ? "cuda_core" : "tensor_core";
}

/// Prints the unit's name.
inline std::ostream& operator<<(std::ostream& os, exec_unit u) {
    return os << to_string_view(u);
}

}  // namespace roofcast

#endif
