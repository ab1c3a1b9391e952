/// @file
/// A GPU described by its architecture parameters, and the peak rates derived from them.
#ifndef ROOFCAST_HARDWARE_GPU_SPEC_HPP
#define ROOFCAST_HARDWARE_GPU_SPEC_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/architecture.hpp>
#include <roofcast/hardware/dtype.hpp>
#include <roofcast/source_ref.hpp>
#include <roofcast/units.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace roofcast {

/// DRAM technology.
enum class memory_type { hbm2, hbm2e, hbm3, hbm3e, gddr6, gddr6x };

/// Every memory type.
inline constexpr std::array<memory_type, 6> all_memory_types = {memory_type::hbm2,  memory_type::hbm2e,
                                                                memory_type::hbm3,  memory_type::hbm3e,
                                                                memory_type::gddr6, memory_type::gddr6x};

/// The name as vendors print it: "HBM2", "HBM2e", "HBM3", "HBM3e", "GDDR6", "GDDR6X".
inline constexpr std::string_view to_string_view(memory_type m) {
    switch (m) {
        case memory_type::hbm2: return "HBM2";
        case memory_type::hbm2e: return "HBM2e";
        case memory_type::hbm3: return "HBM3";
        case memory_type::hbm3e: return "HBM3e";
        case memory_type::gddr6: return "GDDR6";
        case memory_type::gddr6x: return "GDDR6X";
    }
    return "?";
}

/// Prints the memory type's name.
inline std::ostream& operator<<(std::ostream& os, memory_type m) {
    return os << to_string_view(m);
}

/// Market segment; GeForce parts rate FP32-accumulate tensor math at half speed.
enum class market_segment { datacenter, workstation, geforce };

/// Every market segment.
inline constexpr std::array<market_segment, 3> all_market_segments = {
    market_segment::datacenter, market_segment::workstation, market_segment::geforce};

/// "datacenter", "workstation" or "geforce".
inline constexpr std::string_view to_string_view(market_segment s) {
    switch (s) {
        case market_segment::datacenter: return "datacenter";
        case market_segment::workstation: return "workstation";
        case market_segment::geforce: return "geforce";
    }
    return "?";
}

/// Prints the segment's name.
inline std::ostream& operator<<(std::ostream& os, market_segment s) {
    return os << to_string_view(s);
}

/// Vendor claims, stored next to the parameters and checked against the derived values (dense rates).
struct datasheet_claims {
    /// FP64 on the vector pipe.
    std::optional<flops_per_second> fp64;
    /// FP64 on tensor cores.
    std::optional<flops_per_second> fp64_tensor;
    /// FP32 on the vector pipe.
    std::optional<flops_per_second> fp32;
    /// TF32 tensor.
    std::optional<flops_per_second> tf32;
    /// FP16 tensor, FP32 accumulate.
    std::optional<flops_per_second> fp16;
    /// BF16 tensor.
    std::optional<flops_per_second> bf16;
    /// FP8 tensor, FP32 accumulate.
    std::optional<flops_per_second> fp8;
    /// INT8 tensor (operations per second).
    std::optional<flops_per_second> int8;
    /// INT4 tensor (operations per second).
    std::optional<flops_per_second> int4;
    /// Memory bandwidth.
    std::optional<bytes_per_second> memory_bandwidth;
};

/// One GPU product: architecture parameters, memory, power, links, datasheet claims and sources.
/// Peak rates are not stored: peak() derives them.
struct gpu_spec {
    /// Canonical name, e.g. "A100-SXM4-40GB".
    std::string name;
    /// Other accepted names (case-insensitive).
    std::vector<std::string> aliases;
    /// Vendor, "NVIDIA".
    std::string vendor = "NVIDIA";
    /// Architecture family.
    architecture arch = architecture::ampere_ga100;
    /// Die, e.g. "GA100".
    std::string chip;
    /// CUDA compute capability, e.g. "8.0".
    std::string compute_capability;
    /// Market segment.
    market_segment segment = market_segment::datacenter;
    /// Form factor, e.g. "SXM4" or "PCIe".
    std::string form_factor;
    /// Announcement date.
    std::string launch;
    /// How disagreements between sources were resolved.
    std::string notes;

    /// Streaming multiprocessors.
    int sm_count = 0;
    /// FP32 lanes ("CUDA cores") per SM.
    int fp32_lanes_per_sm = 0;
    /// Tensor cores per SM.
    int tensor_cores_per_sm = 0;
    /// Maximum boost clock (FP32, FP64 and FP64-tensor rates).
    hertz boost_clock = 0.0 * units::hertz;
    /// Base clock, where published.
    std::optional<hertz> base_clock;
    /// Clock at which dense tensor throughput is rated, where it differs from boost (Hopper).
    std::optional<hertz> tensor_clock;
    /// Clock the board sustains under full tensor load, where measured; when absent the cost model
    /// derives it from the power limit (docs/model.md).
    std::optional<hertz> sustained_clock;
    /// Rate of FP32-accumulate floating-point tensor math relative to full rate (GeForce: 0.5).
    double fp32_accumulate_rate = 1.0;
    /// Factor the vendor's rating applies to every tensor type (L40 datasheet: 0.5).
    double tensor_rating = 1.0;

    /// DRAM technology.
    memory_type mem_type = memory_type::hbm2;
    /// Capacity as marketed (decimal GB as printed, e.g. 40e9 for "40 GB").
    bytes marketed_memory = 0.0 * units::byte;
    /// Memory a program can allocate from, as nvidia-smi reports it.
    bytes usable_memory = 0.0 * units::byte;
    /// Memory interface width in bits.
    int bus_width_bits = 0;
    /// Effective data rate per pin, transfers (bits) per second.
    hertz memory_data_rate = 0.0 * units::hertz;
    /// L2 cache size.
    bytes l2_cache = 0.0 * units::byte;

    /// Board power limit.
    watts tdp = 0.0 * units::watt;
    /// PCIe generation of the host link.
    int pcie_gen = 0;
    /// NVLink generation, if the product has NVLink.
    std::optional<int> nvlink_generation;
    /// NVLink bandwidth per GPU (bidirectional total), where published.
    std::optional<bytes_per_second> nvlink_bandwidth;
    /// Launch list price in US dollars, where the vendor published one.
    std::optional<double> launch_price_usd;

    /// Vendor claims, checked against the derived values.
    datasheet_claims datasheet;
    /// Sources cited by the GPU file.
    std::vector<source_ref> sources;
    /// Where the description came from: "built-in" or a file path.
    std::string origin = "built-in";
};

/// Total FP32 lanes: SMs × lanes per SM.
inline int fp32_lanes(const gpu_spec& g) {
    return g.sm_count * g.fp32_lanes_per_sm;
}

/// Total tensor cores: SMs × tensor cores per SM.
inline int tensor_cores(const gpu_spec& g) {
    return g.sm_count * g.tensor_cores_per_sm;
}

/// Clock for dense tensor math: the tensor clock where given, else boost.
inline hertz tensor_clock(const gpu_spec& g) {
    return g.tensor_clock.value_or(g.boost_clock);
}

/// Peak DRAM bandwidth = bus width / 8 × data rate per pin.
inline bytes_per_second memory_bandwidth(const gpu_spec& g) {
    return (g.bus_width_bits / 8.0) * g.memory_data_rate.value() * units::byte_per_second;
}

/// Dense peak rate of `d` on unit `u`, or std::nullopt where the GPU has no such path.
///   vector:  FP32 = SMs × lanes × 2 × boost;  FP64 = SMs × FP64 units × 2 × boost
///   tensor:  TCs × FMA/clk/TC × 2 × tensor clock × fp32_accumulate_rate (FP accumulate types) × tensor_rating
///   FP64 tensor is rated at boost clock (H100: 67 = 528 × 32 × 2 × 1.98 GHz; S10).
inline std::optional<flops_per_second> peak(const gpu_spec& g, dtype d, exec_unit u) {
    const double fma = 2.0;  // one FMA = two operations
    if (u == exec_unit::cuda_core) {
        if (d == dtype::fp32) {
            return fp32_lanes(g) * fma * g.boost_clock.value() * units::flop_per_second;
        }
        if (d == dtype::fp64) {
            return g.sm_count * params(g.arch).fp64_units_per_sm * fma * g.boost_clock.value() * units::flop_per_second;
        }
        return std::nullopt;
    }
    const double per_tc = tensor_fma_per_clock(g.arch, d);
    if (per_tc <= 0.0 || tensor_cores(g) <= 0) {
        return std::nullopt;
    }
    const double clock = d == dtype::fp64 ? g.boost_clock.value() : tensor_clock(g).value();
    const double accumulate = uses_fp32_accumulate(d) ? g.fp32_accumulate_rate : 1.0;
    return tensor_cores(g) * per_tc * fma * clock * accumulate * g.tensor_rating * units::flop_per_second;
}

/// The best dense peak rate of `d` over both units (FP64: tensor where present), or std::nullopt.
inline std::optional<flops_per_second> peak(const gpu_spec& g, dtype d) {
    const auto v = peak(g, d, exec_unit::cuda_core);
    const auto t = peak(g, d, exec_unit::tensor_core);
    if (v && t) {
        return std::max(*v, *t);
    }
    return v ? v : t;
}

/// The peak rate of `d`, or throws unsupported_error naming the GPU and type.
inline flops_per_second required_peak(const gpu_spec& g, dtype d) {
    if (auto p = peak(g, d)) {
        return *p;
    }
    throw unsupported_error(g.name + " (" + std::string(params(g.arch).display_name) + ") has no " + to_string(d) +
                            " math");
}

/// Roofline ridge point: the arithmetic intensity above which `d` is compute-bound.
inline std::optional<flops_per_byte> ridge_point(const gpu_spec& g, dtype d) {
    if (auto p = peak(g, d)) {
        return *p / memory_bandwidth(g);
    }
    return std::nullopt;
}

/// Prints a one-line summary: name, architecture, SMs, memory, bandwidth, FP32 and FP16 peaks.
inline std::ostream& operator<<(std::ostream& os, const gpu_spec& g) {
    os << g.name << " (" << params(g.arch).display_name << ", " << g.sm_count << " SMs, " << to_string(g.usable_memory)
       << " usable, " << to_string(memory_bandwidth(g));
    if (auto p = peak(g, dtype::fp32)) {
        os << ", fp32 " << to_string(*p);
    }
    if (auto p = peak(g, dtype::fp16)) {
        os << ", fp16 " << to_string(*p);
    }
    return os << ")";
}

}  // namespace roofcast

#endif
