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
    /// Power of one SM under full tensor load per GHz³ (P ≈ c·f·V², V ∝ f), watts; sets the clock a
    /// board's power limit sustains.
    double power_w_per_sm_ghz3 = 0.6;
};

/// Parameters of one software profile (framework).
struct profile_params {
    /// Host (CPU) time to dispatch one kernel, microseconds: eager frameworks pay it per op.
    double host_overhead_us = 0.0;
    /// Fixed host time per step or call (Python loop, synchronization), microseconds.
    double step_overhead_us = 0.0;
    /// Extra GPU time per kernel beyond the hardware's (launch gaps without CUDA graphs), microseconds.
    double launch_overhead_us = 0.0;
    /// Fraction of fusible pointwise kernels folded into their neighbours (0 eager … 1 fully fused).
    double fusion = 0.0;
    /// Achieved GEMM efficiency relative to the vendor library (cuBLAS = 1).
    double gemm_multiplier = 1.0;
    /// Achieved bandwidth efficiency relative to a tuned streaming kernel.
    double memory_multiplier = 1.0;
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
    /// Likely range of measured/predicted time per kind of run ("cnn-train", "decoder-infer", ...):
    /// the 10th and 90th percentiles of the calibration residuals (calibrate fills it).
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

/// The uncalibrated model: priors from physical reasoning, used as the starting point and the ridge
/// prior of calibration (docs/calibration.md explains each value).
inline cost_params prior_params() {
    cost_params p;
    for (architecture a : all_architectures) {
        family_params& f = p.family[static_cast<std::size_t>(a)];
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
    }
    auto set = [&p](std::string_view name, double host, double step, double launch, double fusion, double gemm,
                    double mem) {
        profile_params& q = p.profile[static_cast<std::size_t>(profile_index(name))];
        q.host_overhead_us = host;
        q.step_overhead_us = step;
        q.launch_overhead_us = launch;
        q.fusion = fusion;
        q.gemm_multiplier = gemm;
        q.memory_multiplier = mem;
    };
    //        profile            host µs  step µs  launch µs  fusion  gemm  memory
    set("pytorch", 10.0, 1000.0, 1.0, 0.0, 1.0, 1.0);
    set("hf-pytorch", 15.0, 1000.0, 1.0, 0.0, 1.0, 1.0);
    set("pytorch-compiled", 3.0, 500.0, 0.5, 0.7, 1.0, 1.0);
    set("tensorflow", 8.0, 1000.0, 1.0, 0.2, 1.0, 1.0);
    set("tensorflow-xla", 3.0, 500.0, 0.5, 0.7, 1.0, 1.0);
    set("tensorrt", 0.5, 50.0, 0.0, 0.9, 1.0, 1.0);
    set("tensorrt-llm", 0.5, 50.0, 0.0, 0.9, 1.0, 1.0);
    set("llama.cpp", 4.0, 100.0, 0.5, 0.3, 0.8, 0.9);
    set("megatron", 6.0, 1000.0, 1.0, 0.5, 1.0, 1.0);
    set("composer", 8.0, 1000.0, 1.0, 0.3, 1.0, 1.0);
    set("flash-attention", 6.0, 1000.0, 1.0, 0.5, 1.0, 1.0);
    set("cublas", 0.0, 0.0, 0.0, 0.0, 1.0, 1.0);
    set("cuda", 0.0, 0.0, 0.0, 0.0, 1.0, 1.0);
    return p;
}

/// How a parameter is transformed for fitting: logarithm (positive values) or logit (fractions in (0, 1)).
enum class param_transform { log, logit };

/// A named, fittable parameter: where it lives, its prior and how far calibration may move it.
struct param_ref {
    /// Dotted name, e.g. "hopper.gemm_efficiency.fp16" or "profile.pytorch.host_overhead_us".
    std::string name;
    /// The value inside a cost_params.
    double* value = nullptr;
    /// Fitting transform.
    param_transform transform = param_transform::log;
    /// Prior standard deviation in the transformed space (ridge strength: 1 / sigma²).
    double prior_sigma = 0.5;
    /// Whether the value is fixed by definition and never fitted (the reference profiles' multipliers).
    bool fixed = false;
};

/// Every fittable parameter of `p`, pointing into `p` (architecture parameters first, then profiles).
inline std::vector<param_ref> parameter_registry(cost_params& p) {
    std::vector<param_ref> r;
    for (architecture a : all_architectures) {
        family_params& f = p.family[static_cast<std::size_t>(a)];
        const std::string base(to_string_view(a));
        for (dtype d : all_dtypes) {
            r.push_back({base + ".gemm_efficiency." + to_string(d), &f.gemm_efficiency[static_cast<std::size_t>(d)],
                         param_transform::logit, 1.0});
        }
        r.push_back({base + ".wave_overhead_us", &f.wave_overhead_us, param_transform::log, 1.0});
        r.push_back({base + ".memory_efficiency", &f.memory_efficiency, param_transform::logit, 1.0});
        r.push_back({base + ".kernel_overhead_us", &f.kernel_overhead_us, param_transform::log, 1.0});
        // Fixed, not fitted: workload rows cannot tell a power-limited clock from slow software, and the prior
        // encodes the physical fact that each family's best-cooled part sustains its rated clock.
        r.push_back({base + ".power_w_per_sm_ghz3", &f.power_w_per_sm_ghz3, param_transform::log, 0.5, true});
    }
    for (std::size_t i = 0; i < profile_names.size(); ++i) {
        profile_params& q = p.profile[i];
        const std::string base = "profile." + std::string(profile_names[i]);
        r.push_back({base + ".host_overhead_us", &q.host_overhead_us, param_transform::log, 1.0});
        r.push_back({base + ".step_overhead_us", &q.step_overhead_us, param_transform::log, 1.5});
        r.push_back({base + ".launch_overhead_us", &q.launch_overhead_us, param_transform::log, 1.0});
        r.push_back({base + ".fusion", &q.fusion, param_transform::logit, 1.0});
        // cuBLAS and hand-written CUDA kernels are the reference the multipliers are relative to: fixed at 1.
        const bool reference = profile_names[i] == "cublas" || profile_names[i] == "cuda";
        r.push_back({base + ".gemm_multiplier", &q.gemm_multiplier, param_transform::log, 0.5, reference});
        r.push_back({base + ".memory_multiplier", &q.memory_multiplier, param_transform::log, 0.7, reference});
    }
    return r;
}

}  // namespace roofcast

#endif
