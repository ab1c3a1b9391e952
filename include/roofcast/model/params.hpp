/// @file
/// The cost model's parameters: efficiencies and overheads per architecture family and per software
/// profile, their physically reasoned priors, and the registry calibration uses to fit them.
#ifndef ROOFCAST_MODEL_PARAMS_HPP
#define ROOFCAST_MODEL_PARAMS_HPP

#include <roofcast/hardware/architecture.hpp>
#include <roofcast/hardware/dtype.hpp>

#include <array>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// Parameters of one architecture family (see docs/model.md for each equation).
struct family_params {
    /// Fraction of the dense peak a large GEMM tile sustains, per math type (tensor cores; fp32 and fp64
    /// entries: the CUDA-core pipes).
    std::array<double, 8> gemm_efficiency{};
    /// Fixed time per wave of tiles (pipeline fill and epilogue), microseconds.
    double wave_overhead_us = 1.0;
    /// Fraction of peak DRAM bandwidth a streaming kernel achieves.
    double memory_efficiency = 0.9;
    /// Fixed GPU time per kernel (launch gap, ramp-up and tail), microseconds.
    double kernel_overhead_us = 2.0;
    /// Fraction of the dense peak of its math type a large fused attention forward kernel (FlashAttention,
    /// cuDNN) sustains: below a GEMM's, as the softmax between its two GEMMs costs issue slots.
    double attention_forward_efficiency = 0.65;
    /// The same for its backward kernel (five GEMMs with the scores recomputed, atomics on dQ).
    double attention_backward_efficiency = 0.5;
    /// Rate of a fused attention kernel written for Ampere's warp-level MMA (FlashAttention-2's mma.sync) relative to
    /// the family's own (FlashAttention-3 and cuDNN: Hopper's wgmma, Blackwell's tcgen05); 1 up to Ada, where the
    /// Ampere kernel is the family's own.
    double legacy_attention_ratio = 1.0;
    /// Power of one SM under full tensor load per GHz³ (P ≈ c·f·V², V ∝ f), watts, in a burst (a timed kernel
    /// after idle, shorter than the power limiter's averaging window); sets the clock a board runs bursts at.
    double power_w_per_sm_ghz3 = 0.6;
    /// The same once the limiter has settled, in a run that keeps the math busy for seconds (a training step, a
    /// benchmark loop): measured from soaked GEMMs (docs/model.md, "Settled clock"); sets the clock such runs get.
    double settled_w_per_sm_ghz3 = 0.6;
};

/// Parameters of one software profile (framework).
struct profile_params {
    /// Host (CPU) time to dispatch one kernel, microseconds: eager frameworks pay it per op.
    double host_overhead_us = 0.0;
    /// Fixed host time per optimizer update (the training loop's fixed work: optimizer launches, zero_grad, the
    /// loss's synchronizing read), shared by the update's accumulation steps, microseconds.
    double step_overhead_us = 0.0;
    /// Fixed host time per inference call (the forward call and its synchronization; per request of a generation,
    /// not per decode step), microseconds.
    double call_overhead_us = 0.0;
    /// Extra GPU time per kernel beyond the hardware's (launch gaps without CUDA graphs), microseconds.
    double launch_overhead_us = 0.0;
    /// Fraction of fusible pointwise kernels folded into their neighbours (0 eager … 1 fully fused).
    double fusion = 0.0;
    /// GEMM efficiency of the framework's own GEMM kernels relative to the vendor library (cuBLAS = 1, at most
    /// 1): 1 for frameworks that call cuBLAS/cuDNN; below for own kernels (llama.cpp's quantized GEMMs).
    double gemm_multiplier = 1.0;
    /// Bandwidth of the framework's own pointwise kernels (elementwise, norms, softmax, optimizer) relative to a
    /// tuned streaming kernel (at most 1); library kernels (GEMMs, convolutions, fused attention) do not use it.
    double memory_multiplier = 1.0;
    /// Memory a caching allocator holds beyond what is allocated while memory is ample, as a fraction of it:
    /// max_memory_reserved / max_memory_allocated − 1 (fragmentation and cached free blocks). What a run reserves,
    /// not what it needs: the allocator releases the cache before it fails an allocation (a fit counts
    /// software_profile::headroom). Measured, not fitted by least squares: the median over sources of each source's
    /// median on the reserved_to_allocated rows (fit_allocator_cache).
    double allocator_cache = 0.05;
};

/// Software profiles roofcast knows, in display order.
inline constexpr std::array<std::string_view, 13> profile_names = {
    "pytorch",   "hf-pytorch", "pytorch-compiled", "tensorflow",      "tensorflow-xla", "tensorrt", "tensorrt-llm",
    "llama.cpp", "megatron",   "composer",         "flash-attention", "cublas",         "cuda"};

/// All parameters of the cost model.
struct cost_params {
    /// Per architecture, indexed by the architecture enum.
    std::array<family_params, 7> family{};
    /// Per software profile, indexed like profile_names.
    std::array<profile_params, 13> profile{};
    /// Where the values come from (e.g. "priors" or the calibration data file).
    std::string origin = "priors";
    /// Likely range of measured/predicted time per kind of run ("cnn-train", "decoder-infer", ...): the 10th and
    /// 90th percentiles of the calibration residuals; "memory": of measured/predicted footprints (max_batch's
    /// likely range). calibrate fills it.
    std::map<std::string, std::pair<double, double>> error_bands;
};

/// Index of a profile name in profile_names, or -1.
inline int profile_index(std::string_view name) {
    for (std::size_t i = 0; i < profile_names.size(); ++i) {
        if (profile_names[i] == name) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

namespace detail {

/// The prior of family `a`'s parameters (prior_params).
inline family_params prior_family(architecture a) {
    family_params f;
    f.gemm_efficiency.fill(0.8);
    f.gemm_efficiency[static_cast<std::size_t>(dtype::fp32)] = 0.85;
    f.gemm_efficiency[static_cast<std::size_t>(dtype::fp64)] = 0.85;
    // A board sustains its rated clock when SMs·c·f³ ≤ 80% of TDP on its best-cooled part
    // (V100 SXM2 300 W, A100 SXM4 400 W, H100 SXM5 700 W, B200 1000 W); the rest is power-limited.
    switch (a) {
        case architecture::volta:
        case architecture::turing: f.power_w_per_sm_ghz3 = 0.84; break;
        case architecture::ampere_ga100: f.power_w_per_sm_ghz3 = 1.0; break;
        case architecture::ampere_ga10x: f.power_w_per_sm_ghz3 = 0.6; break;
        case architecture::ada: f.power_w_per_sm_ghz3 = 0.25; break;
        case architecture::hopper:
        case architecture::blackwell: f.power_w_per_sm_ghz3 = 0.6; break;
    }
    // Settled: a matmul soaked until its clock stops falling, against the same matmul as a burst after idle; the
    // throughput ratio r sets f = r·f_tensor and c = 0.8·TDP / (SMs·f³). Hopper: H200 BF16 708.5 of 841.9 TFLOP/s
    // (ml-engineering, MSMF vs MAMF), f = 1.54 GHz; Blackwell: B200 1456.3 of 1770.9, f = 1.53 GHz; GA100:
    // A100 cuBLAS 8192³ at 257 TFLOP/s on random data vs 295 on zeros, which stay under the limit (Horace He,
    // "Strangely, matrix multiplications run faster when given predictable data"), f = 1.23 GHz. No soak
    // measurement for the others: they settle where their bursts run.
    switch (a) {
        case architecture::hopper: f.settled_w_per_sm_ghz3 = 1.16; break;
        case architecture::blackwell: f.settled_w_per_sm_ghz3 = 1.51; break;
        case architecture::ampere_ga100: f.settled_w_per_sm_ghz3 = 1.60; break;
        default: f.settled_w_per_sm_ghz3 = f.power_w_per_sm_ghz3; break;
    }
    // FlashAttention-2 at 35% of the H100's FP16 peak, FlashAttention-3 at 75% (Shah et al. 2024, Section 4.1).
    if (a == architecture::hopper || a == architecture::blackwell) {
        f.legacy_attention_ratio = 0.5;
    }
    return f;
}

}  // namespace detail

/// The uncalibrated model: priors from physical reasoning, used as the starting point and the ridge
/// prior of calibration (docs/calibration.md explains each value).
inline cost_params prior_params() {
    cost_params p;
    for (architecture a : all_architectures) {
        p.family[static_cast<std::size_t>(a)] = detail::prior_family(a);
    }
    auto set = [&p](std::string_view name, double host, double step, double call, double launch, double fusion,
                    double gemm, double mem) {
        profile_params& q = p.profile[static_cast<std::size_t>(profile_index(name))];
        q.host_overhead_us = host;
        q.step_overhead_us = step;
        q.call_overhead_us = call;
        q.launch_overhead_us = launch;
        q.fusion = fusion;
        q.gemm_multiplier = gemm;
        q.memory_multiplier = mem;
    };
    // Host time per kernel: eager Python dispatch costs ~10 µs per op (PyTorch's own profiling of eager mode),
    // graph runtimes a few µs, CUDA-graph engines almost nothing. Pointwise kernels of frameworks reach ~90% of
    // a tuned streaming kernel; GEMMs are cuBLAS's (1) except in engines with their own kernels.
    //        profile            host µs  step µs  call µs  launch µs  fusion  gemm  memory
    set("pytorch", 10.0, 1000.0, 200.0, 1.0, 0.0, 1.0, 0.9);
    set("hf-pytorch", 15.0, 1000.0, 500.0, 1.0, 0.0, 1.0, 0.9);
    set("pytorch-compiled", 3.0, 500.0, 100.0, 0.5, 0.7, 1.0, 0.9);
    set("tensorflow", 8.0, 1000.0, 300.0, 1.0, 0.2, 1.0, 0.9);
    set("tensorflow-xla", 3.0, 500.0, 200.0, 0.5, 0.7, 1.0, 0.9);
    set("tensorrt", 0.5, 50.0, 20.0, 0.0, 0.9, 0.95, 0.95);
    set("tensorrt-llm", 0.5, 50.0, 50.0, 0.0, 0.9, 0.95, 0.95);
    set("llama.cpp", 4.0, 100.0, 100.0, 0.5, 0.3, 0.8, 0.9);
    set("megatron", 6.0, 1000.0, 200.0, 1.0, 0.5, 1.0, 0.9);
    set("composer", 8.0, 1000.0, 200.0, 1.0, 0.3, 1.0, 0.9);
    set("flash-attention", 6.0, 1000.0, 200.0, 1.0, 0.5, 1.0, 0.9);
    set("cublas", 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0);
    set("cuda", 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0);
    // Allocator cache: caching allocators (PyTorch's, TensorFlow's BFC) keep ~5% beyond what is allocated; engines
    // that size their buffers up front, ~2%.
    for (std::string_view planned : {"tensorrt", "tensorrt-llm", "llama.cpp", "cublas", "cuda"}) {
        p.profile[static_cast<std::size_t>(profile_index(planned))].allocator_cache = 0.02;
    }
    return p;
}

/// How a parameter is transformed for fitting: logarithm (positive values) or logit over its bounds (lo, hi).
enum class param_transform { log, logit };

/// Which calibration stage fits a parameter: the hardware (architecture families, on kernel rows measured
/// through the reference libraries) or the software (profiles, on whole-network rows, with the hardware fixed).
enum class param_stage { hardware, software };

/// Whether calibration fits a parameter or leaves it at its prior.
enum class param_fit { fitted, fixed };

/// param_fit::fixed when `condition` holds, else param_fit::fitted.
inline constexpr param_fit fixed_if(bool condition) {
    return condition ? param_fit::fixed : param_fit::fitted;
}

/// A named, fittable parameter: where it lives, its prior, its bounds and how far calibration may move it.
struct param_ref {
    /// Dotted name, e.g. "hopper.gemm_efficiency.fp16" or "profile.pytorch.host_overhead_us".
    std::string name;
    /// The value inside a cost_params.
    double* value = nullptr;
    /// Fitting transform.
    param_transform transform = param_transform::log;
    /// Prior standard deviation in the transformed space (ridge strength: 1 / sigma²).
    double prior_sigma = 0.5;
    /// Whether calibration fits it, or leaves it fixed (by definition, or because no data can identify it).
    param_fit fit = param_fit::fitted;
    /// Bounds of a logit parameter: lo < value < hi (docs/calibration.md justifies each).
    double lo = 0.0, hi = 1.0;
    /// The calibration stage that fits it.
    param_stage stage = param_stage::hardware;
};

/// Lowest large-tile GEMM efficiency a family may be fitted to: the least efficient family in the kernel
/// measurements (the T4's FP16 HGEMMs at 0.24 of its rated peak, power-limited) sits above it, every other
/// family's best measured GEMM reaches 0.6 or more (docs/calibration.md, "Bounds").
inline constexpr double gemm_efficiency_floor = 0.2;
/// Lowest achieved fraction of peak DRAM bandwidth: every family's STREAM-like kernels in the measurements
/// reach 0.75 or more.
inline constexpr double memory_efficiency_floor = 0.6;

/// Lowest rate of an Ampere-generation attention kernel relative to the family's own: FlashAttention-2 on the H100
/// reaches about half of FlashAttention-3's and cuDNN's forward rate and three quarters of cuDNN's backward rate in
/// the measurements (pytorch#142132, pytorch#128888).
inline constexpr double legacy_attention_ratio_floor = 0.2;

namespace detail {

/// Appends the parameters of architecture family `a` (`f`, inside a cost_params) to `r`.
inline void family_parameters(std::vector<param_ref>& r, architecture a, family_params& f) {
    using T = param_transform;
    const param_stage hw = param_stage::hardware;
    const std::string base(to_string_view(a));
    for (dtype d : all_dtypes) {
        r.push_back({base + ".gemm_efficiency." + to_string(d), &f.gemm_efficiency[static_cast<std::size_t>(d)],
                     T::logit, 1.0, param_fit::fitted, gemm_efficiency_floor, 1.0, hw});
    }
    // A tile's prologue (the first k-blocks into shared memory) and epilogue (C written at the SM's share of the
    // bandwidth, 64 KiB at ~25 GB/s per SM) take a few µs at most.
    r.push_back({base + ".wave_overhead_us", &f.wave_overhead_us, T::logit, 1.0, param_fit::fitted, 0.0, 3.0, hw});
    r.push_back({base + ".memory_efficiency", &f.memory_efficiency, T::logit, 1.0, param_fit::fitted,
                 memory_efficiency_floor, 1.0, hw});
    // A kernel's launch latency and tail on the GPU are a few µs on every family; waiting for the host is the
    // profiles' host time, not this.
    r.push_back({base + ".kernel_overhead_us", &f.kernel_overhead_us, T::logit, 1.0, param_fit::fitted, 0.0, 10.0, hw});
    r.push_back({base + ".attention_forward_efficiency", &f.attention_forward_efficiency, T::logit, 1.0,
                 param_fit::fitted, gemm_efficiency_floor, 1.0, hw});
    r.push_back({base + ".attention_backward_efficiency", &f.attention_backward_efficiency, T::logit, 1.0,
                 param_fit::fitted, gemm_efficiency_floor, 1.0, hw});
    // Hopper and Blackwell issue tensor-core math asynchronously from shared memory (wgmma, tcgen05); a kernel
    // written with Ampere's register-sourced mma.sync cannot keep them busy: FlashAttention-2 reaches 35% of the
    // H100's peak where FlashAttention-3 reaches 75% (Shah et al. 2024). Earlier families have no newer kernel.
    const bool async_mma = a == architecture::hopper || a == architecture::blackwell;
    r.push_back({base + ".legacy_attention_ratio", &f.legacy_attention_ratio, T::logit, 1.0, fixed_if(!async_mma),
                 legacy_attention_ratio_floor, 1.0, hw});
    // Fixed, not fitted: with one GPU per power class of a family the clock and the efficiency cannot be told
    // apart, and the prior encodes the physical fact that each family's best-cooled part sustains its rated
    // clock.
    r.push_back({base + ".power_w_per_sm_ghz3", &f.power_w_per_sm_ghz3, T::log, 0.5, param_fit::fixed, 0.0, 1.0, hw});
    // Fixed, measured: soaked GEMMs (prior_params gives each source).
    r.push_back(
        {base + ".settled_w_per_sm_ghz3", &f.settled_w_per_sm_ghz3, T::log, 0.5, param_fit::fixed, 0.0, 1.0, hw});
}

/// Appends the parameters of software profile `name` (`q`, inside a cost_params) to `r`.
inline void profile_parameters(std::vector<param_ref>& r, std::string_view name, profile_params& q) {
    using T = param_transform;
    const param_stage sw = param_stage::software;
    const std::string base = "profile." + std::string(name);
    // cuBLAS and hand-written CUDA kernels are the reference the multipliers are relative to (fixed at 1);
    // frameworks that call cuBLAS/cuDNN run its GEMMs (fixed at 1); engines with their own GEMM kernels may
    // fall short of it, never exceed it.
    const bool reference = name == "cublas" || name == "cuda";
    const bool own_gemms = name == "llama.cpp" || name == "tensorrt" || name == "tensorrt-llm";
    r.push_back({base + ".host_overhead_us", &q.host_overhead_us, T::log, 1.0, fixed_if(reference), 0.0, 1.0, sw});
    r.push_back({base + ".step_overhead_us", &q.step_overhead_us, T::log, 1.5, fixed_if(reference), 0.0, 1.0, sw});
    r.push_back({base + ".call_overhead_us", &q.call_overhead_us, T::log, 1.5, fixed_if(reference), 0.0, 1.0, sw});
    r.push_back({base + ".launch_overhead_us", &q.launch_overhead_us, T::log, 1.0, fixed_if(reference), 0.0, 1.0, sw});
    r.push_back({base + ".fusion", &q.fusion, T::logit, 1.0, fixed_if(reference), 0.0, 1.0, sw});
    r.push_back({base + ".gemm_multiplier", &q.gemm_multiplier, T::logit, 1.0, fixed_if(!own_gemms), 0.3, 1.0, sw});
    r.push_back({base + ".memory_multiplier", &q.memory_multiplier, T::logit, 1.0, fixed_if(reference), 0.5, 1.0, sw});
    // Fixed for least squares: fit_allocator_cache sets it from the reserved_to_allocated rows.
    r.push_back({base + ".allocator_cache", &q.allocator_cache, T::logit, 1.0, param_fit::fixed, 0.0, 1.0, sw});
}

}  // namespace detail

/// Every parameter of `p`, pointing into `p` (architecture parameters first, then profiles).
inline std::vector<param_ref> parameter_registry(cost_params& p) {
    std::vector<param_ref> r;
    for (architecture a : all_architectures) {
        detail::family_parameters(r, a, p.family[static_cast<std::size_t>(a)]);
    }
    for (std::size_t i = 0; i < profile_names.size(); ++i) {
        detail::profile_parameters(r, profile_names[i], p.profile[i]);
    }
    return r;
}

}  // namespace roofcast

#endif
