/// @file
/// A kernel: the unit the cost model prices. Workloads lower to lists of kernels.
#ifndef ROOFCAST_MODEL_KERNEL_HPP
#define ROOFCAST_MODEL_KERNEL_HPP

#include <roofcast/hardware/dtype.hpp>
#include <roofcast/units.hpp>

#include <array>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace roofcast {

/// What a kernel does; reports break time down by class.
enum class op_class {
    gemm,         ///< matrix multiply (dense layers, projections)
    conv,         ///< convolution as implicit GEMM
    attention,    ///< attention: fused (FlashAttention-style) or its batched GEMMs
    elementwise,  ///< pointwise arithmetic, activations, residual adds, dropout, casts
    norm,         ///< batch-, layer- and RMS-norm
    softmax,      ///< softmax over materialized scores
    reduction,    ///< sums and other reductions
    embedding,    ///< table gathers and their scatter-add gradients
    pooling,      ///< max/average pooling
    optimizer,    ///< parameter updates
    memory        ///< pure data movement (copies, STREAM kernels)
};

/// Every op class.
inline constexpr std::array<op_class, 11> all_op_classes = {
    op_class::gemm,    op_class::conv,      op_class::attention, op_class::elementwise,
    op_class::norm,    op_class::softmax,   op_class::reduction, op_class::embedding,
    op_class::pooling, op_class::optimizer, op_class::memory};

/// The class's name, e.g. "gemm".
inline constexpr std::string_view to_string_view(op_class c) {
    switch (c) {
        case op_class::gemm: return "gemm";
        case op_class::conv: return "conv";
        case op_class::attention: return "attention";
        case op_class::elementwise: return "elementwise";
        case op_class::norm: return "norm";
        case op_class::softmax: return "softmax";
        case op_class::reduction: return "reduction";
        case op_class::embedding: return "embedding";
        case op_class::pooling: return "pooling";
        case op_class::optimizer: return "optimizer";
        case op_class::memory: return "memory";
    }
    return "?";
}

/// Prints the class's name.
inline std::ostream& operator<<(std::ostream& os, op_class c) {
    return os << to_string_view(c);
}

/// The shape of a GEMM-like kernel: `batch` independent C[m,n] += A[m,k] B[k,n].
struct gemm_shape {
    /// Rows of A and C.
    long long m = 1;
    /// Columns of B and C.
    long long n = 1;
    /// The reduction dimension.
    long long k = 1;
    /// Independent problems (batched GEMM, convolution groups, attention heads × batch).
    long long batch = 1;
};

/// Which pass of a fused (FlashAttention-style) attention kernel a kernel is, if any: the fused kernels reach
/// a fraction of the dense GEMM efficiency of their own (softmax and masking between the two GEMMs).
enum class fused_pass { none, forward, backward };

/// One GPU kernel (or `count` identical ones): its work, its DRAM traffic and how it executes.
struct kernel {
    /// Human-readable name, e.g. "layer.qkv fwd".
    std::string name;
    /// What it does.
    op_class cls = op_class::elementwise;
    /// Unit it runs on.
    exec_unit unit = exec_unit::cuda_core;
    /// Math type (for GEMM-like kernels, the input type of the multiply).
    dtype type = dtype::fp32;
    /// Arithmetic work of one instance.
    flops work = 0.0 * units::flop;
    /// DRAM bytes read by one instance (a lower bound: each input once).
    bytes read = 0.0 * units::byte;
    /// DRAM bytes written by one instance.
    bytes written = 0.0 * units::byte;
    /// For GEMM-like kernels (costed with tiles and waves), the shape.
    std::optional<gemm_shape> shape;
    /// Kernel launches one instance takes (host and launch overhead is paid per launch).
    int launches = 1;
    /// Number of identical instances (e.g. the same layer repeated).
    double count = 1.0;
    /// Whether a fusing framework can fold it into a neighbouring kernel (pointwise epilogues).
    bool fusible = false;
    /// The pass of a fused attention kernel (none for everything else).
    fused_pass fused = fused_pass::none;
    /// Whether a fused attention kernel is written for Ampere's warp-level MMA (FlashAttention-2), which later
    /// families run at their legacy_attention_ratio.
    bool legacy_mma = false;
};

/// Total DRAM traffic of one instance.
inline bytes traffic(const kernel& k) {
    return k.read + k.written;
}

/// Arithmetic intensity: work per DRAM byte.
inline flops_per_byte intensity(const kernel& k) {
    const double b = traffic(k).value();
    return (b > 0.0 ? k.work.value() / b : 0.0) * units::flop_per_byte;
}

/// Prints "name: class, unit, dtype, work, traffic".
inline std::ostream& operator<<(std::ostream& os, const kernel& k) {
    os << k.name << ": " << k.cls << ", " << k.unit << ", " << k.type << ", " << to_string(k.work) << ", "
       << to_string(traffic(k));
    if (k.shape) {
        os << ", gemm " << k.shape->m << "x" << k.shape->n << "x" << k.shape->k;
        if (k.shape->batch != 1) {
            os << " x" << k.shape->batch;
        }
    }
    if (k.count != 1.0) {
        os << ", x" << k.count;
    }
    return os;
}

/// What limits a kernel's time (compute, memory or launch overhead), or a whole step's (also communication or
/// the pipeline bubble).
enum class bound { compute, memory, overhead, communication, pipeline_bubble };

/// "compute", "memory", "overhead", "communication" or "pipeline bubble".
inline constexpr std::string_view to_string_view(bound b) {
    switch (b) {
        case bound::compute: return "compute";
        case bound::memory: return "memory";
        case bound::overhead: return "overhead";
        case bound::communication: return "communication";
        case bound::pipeline_bubble: return "pipeline bubble";
    }
    return "?";
}

/// Prints the bound's name.
inline std::ostream& operator<<(std::ostream& os, bound b) {
    return os << to_string_view(b);
}

}  // namespace roofcast

#endif
