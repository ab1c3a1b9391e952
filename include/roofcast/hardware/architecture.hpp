/// @file
/// Per-architecture parameters: tensor-core throughput per data type and FP64 units per SM.
/// Product parameters (SM count, clocks, memory) live in gpu_spec; peaks are derived from both.
#ifndef ROOFCAST_HARDWARE_ARCHITECTURE_HPP
#define ROOFCAST_HARDWARE_ARCHITECTURE_HPP

#include <roofcast/hardware/dtype.hpp>

#include <array>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace roofcast {

/// NVIDIA GPU architecture families, split where the SM differs (GA100 vs GA10x).
enum class architecture { volta, turing, ampere_ga100, ampere_ga10x, ada, hopper, blackwell };

/// Every architecture, oldest first.
inline constexpr std::array<architecture, 7> all_architectures = {
    architecture::volta, architecture::turing, architecture::ampere_ga100, architecture::ampere_ga10x,
    architecture::ada,   architecture::hopper, architecture::blackwell};

/// Architecture parameters. FMA counts are dense, per clock, per unit; one FMA is two operations.
struct architecture_params {
    /// Name used in files and the CLI, e.g. "ampere-ga100".
    std::string_view name;
    /// Human-readable name, e.g. "Ampere (GA100)".
    std::string_view display_name;
    /// Tensor-core generation (0 = none).
    int tensor_core_generation;
    /// Dense FMA per clock per tensor core, indexed by dtype (0 = the type has no tensor path).
    std::array<double, 8> tensor_fma_per_clock;
    /// FP64 FMA units per SM on the CUDA-core (vector) pipe.
    int fp64_units_per_sm;
    /// Where the figures come from (keys of docs/hardware.md).
    std::string_view source;
};

namespace detail {

/// Index of a dtype in per-dtype arrays.
inline constexpr std::size_t index(dtype d) {
    return static_cast<std::size_t>(d);
}

// Column order: fp64, fp32, tf32, fp16, bf16, fp8, int8, int4 (fp32 has no tensor path).
inline constexpr std::array<architecture_params, 7> architecture_table = {{
    // S1: "Volta and Turing ... 64 FP16/FP32 FMA per clock" per tensor core; no INT8/BF16/TF32 tensor path.
    // 640 TC x 64 x 2 x 1.53 GHz = 125.3 TFLOP/s (datasheet 125). FP64: 32 units/SM (5120/2560 ratio, S1 Table 3).
    {"volta", "Volta (GV100)", 1, {0, 0, 0, 64, 0, 0, 0, 0}, 32, "S1"},
    // S2: 64 FP16 FMA/clk/TC, INT8 2x, INT4 4x (T4: 65 / 130 / 260 at 320 TC x 1.59 GHz). FP64 1:32 -> 2 units/SM.
    {"turing", "Turing (TU10x)", 2, {0, 0, 0, 64, 0, 0, 128, 256}, 2, "S2, S18"},
    // S1: 256 FP16/BF16 FMA/clk/TC (1024/SM), TF32 half, INT8 2x, INT4 4x, FP64 tensor 16 (19.5 TFLOP/s at
    // 432 TC x 1.41 GHz). FP64 vector 32 units/SM (9.7 TFLOP/s).
    {"ampere-ga100", "Ampere (GA100)", 3, {16, 0, 128, 256, 256, 0, 512, 1024}, 32, "S1"},
    // Derived from datasheet peaks (A6000 154.8 = 336 x 128 x 2 x 1.80 GHz; A10, A40 likewise; S17: "128 FP16
    // FMA operations per Tensor Core"). FP64: 2 units/SM (1:64 of FP32; S9).
    {"ampere-ga10x", "Ampere (GA10x)", 3, {0, 0, 64, 128, 128, 0, 256, 512}, 2, "S9, S17, S19, S21"},
    // Derived from S16 (RTX 4090: 330.3 FP16 / 660.6 FP8 / 660.6 INT8 / 1321.2 INT4 at 512 TC x 2.52 GHz) and
    // L4 (121 = 232 x 128 x 2 x 2.04 GHz). FP64: 2 units/SM (S9).
    {"ada", "Ada Lovelace (AD10x)", 4, {0, 0, 64, 128, 128, 256, 256, 512}, 2, "S9, S16, S20"},
    // S3: 2x the A100 SM's MMA rate clock-for-clock, 4x with FP8; no INT4. 528 x 512 x 2 x 1.83 GHz = 989.4.
    // FP64 tensor 32 (67 = 528 x 32 x 2 x 1.98 GHz) and 64 FP64 units/SM (33.5 TFLOP/s) at boost (S9, S10).
    {"hopper", "Hopper (GH100)", 4, {32, 0, 256, 512, 512, 1024, 1024, 0}, 64, "S3, S9, S10"},
    // Inferred (no NVIDIA per-TC statement): 2250 dense FP16 = 592 x 1024 x 2 x 1.86 GHz with third-party
    // counts (S12); FP8/INT8 2x. FP64 37 TFLOP/s = 148 SM x 64 x 2 x 1.98 GHz (S11); no INT4 (FP4 instead).
    {"blackwell", "Blackwell (GB100)", 5, {16, 0, 512, 1024, 1024, 2048, 2048, 0}, 64, "S10, S11, S12"},
}};

}  // namespace detail

/// The parameters of an architecture.
inline constexpr const architecture_params& params(architecture a) {
    return detail::architecture_table[static_cast<std::size_t>(a)];
}

/// The architecture's file/CLI name, e.g. "hopper".
inline constexpr std::string_view to_string_view(architecture a) {
    return params(a).name;
}

/// The architecture's file/CLI name as a string.
inline std::string to_string(architecture a) {
    return std::string(params(a).name);
}

/// Parses a name such as "ampere-ga100" (exact, lower case); std::nullopt if unknown.
inline std::optional<architecture> parse_architecture(std::string_view s) {
    for (architecture a : all_architectures) {
        if (params(a).name == s) {
            return a;
        }
    }
    return std::nullopt;
}

/// Dense tensor FMA per clock per tensor core for `d` (0 when the architecture has no tensor path for it).
inline constexpr double tensor_fma_per_clock(architecture a, dtype d) {
    return params(a).tensor_fma_per_clock[detail::index(d)];
}

/// Whether `d` is a floating-point tensor type whose FP32-accumulate rate GeForce parts halve.
inline constexpr bool uses_fp32_accumulate(dtype d) {
    return d == dtype::tf32 || d == dtype::fp16 || d == dtype::bf16 || d == dtype::fp8;
}

/// Prints the architecture's name.
inline std::ostream& operator<<(std::ostream& os, architecture a) {
    return os << to_string_view(a);
}

}  // namespace roofcast

#endif
