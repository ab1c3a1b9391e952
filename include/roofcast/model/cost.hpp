/// @file
/// The kernel cost model: roofline refined by tile and wave quantization, calibrated efficiencies,
/// fixed per-kernel and per-wave overheads, and power-limited sustained clocks. docs/model.md has the
/// equations.
#ifndef ROOFCAST_MODEL_COST_HPP
#define ROOFCAST_MODEL_COST_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/model/kernel.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/software.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <ostream>
#include <string>

namespace roofcast {

/// A GEMM tile: the M×N block of C one thread block computes.
struct gemm_tile {
    /// Rows.
    int m = 128;
    /// Columns.
    int n = 128;
};

namespace detail {

/// The largest tiles the math libraries use per generation, in both orientations: 128×256 / 256×128
/// warp-specialized tiles from Ampere on (CUTLASS defaults for SM80/SM90), 128×128 on Volta and Turing
/// and for CUDA-core GEMMs.
inline constexpr std::array<gemm_tile, 3> large_tiles = {{{128, 256}, {256, 128}, {128, 128}}};
/// Volta, Turing and CUDA-core tiles.
inline constexpr std::array<gemm_tile, 3> small_tiles = {{{128, 128}, {128, 128}, {128, 128}}};

/// The tile a library picks for a dimension of `size` from a tile edge `edge`: the edge itself when
/// the problem fills it, else the next power of two, at least 16 (the smallest MMA tile; libraries switch to
/// skinny or GEMV kernels for a handful of rows rather than pad them to a full tile). Returned as log2 of
/// the edge (edges are powers of two, 16 to 256).
inline int fitted_shift(int edge, long long size) {
    int sh = 4;
    while ((1 << sh) < edge && (1LL << sh) < size) {
        ++sh;
    }
    return sh;
}

/// Rows (of M or N) up to which the libraries run a GEMM as matrix-vector products: llama.cpp's mmvq kernels serve
/// up to 8 (MMVQ_MAX_BATCH_SIZE), cuBLAS's gemv one.
inline constexpr long long gemv_max_rows = 8;

/// The fitted edge itself: 1 << fitted_shift(edge, size).
inline int fitted_edge(int edge, long long size) {
    return 1 << fitted_shift(edge, size);
}

/// Operand reuse of a tile: FLOPs per element loaded per k-step, m·n/(m+n) (Kirk & Hwu, tiling).
inline constexpr double tile_reuse(gemm_tile t) {
    return static_cast<double>(t.m) * t.n / (t.m + t.n);
}

/// Half-saturation reuse: a tile's sustained fraction of peak scales as reuse/(reuse + this), normalized
/// to the largest tile. 16 FLOP/element makes a 64×64 tile about 79% as efficient as a 128×256 one.
inline constexpr double tile_reuse_half_point = 16.0;

/// Relative efficiency of tile `t` against the largest tile of the set.
inline double tile_efficiency(gemm_tile t, gemm_tile largest) {
    const double r = tile_reuse(t), r0 = tile_reuse(largest);
    return (r / (r + tile_reuse_half_point)) / (r0 / (r0 + tile_reuse_half_point));
}

/// Efficiencies of every fitted tile (edges 2^4 to 2^8, indexed by log2 − 4) against the largest tile of
/// `set`, computed once: costing reads them instead of dividing per candidate.
template <const std::array<gemm_tile, 3>& set>
const std::array<std::array<double, 5>, 5>& tile_efficiency_table() {
    static const std::array<std::array<double, 5>, 5> table = [] {
        std::array<std::array<double, 5>, 5> t{};
        for (int m = 0; m < 5; ++m) {
            for (int n = 0; n < 5; ++n) {
                t[static_cast<std::size_t>(m)][static_cast<std::size_t>(n)] =
                    tile_efficiency({1 << (m + 4), 1 << (n + 4)}, set.front());
            }
        }
        return t;
    }();
    return table;
}

/// Ceiling division for positive values.
inline long long ceil_div(long long a, long long b) {
    return (a + b - 1) / b;
}

}  // namespace detail

/// Everything needed to cost kernels on one GPU with one software profile and one set of parameters,
/// resolved once (peaks at the sustained clock, effective efficiencies), so costing a kernel does no
/// lookups and no allocation.
struct cost_context {
    /// The GPU.
    const gpu_spec* gpu = nullptr;
    /// Index of the profile in software_profiles.
    std::size_t profile = 0;
    /// SMs.
    int sms = 1;
    /// Tensor-core peak per dtype at the sustained clock, FLOP/s (0: unsupported).
    std::array<double, 8> tensor_peak{};
    /// CUDA-core peak per dtype at the sustained clock, FLOP/s (fp32 and fp64; others 0).
    std::array<double, 8> vector_peak{};
    /// Rated (datasheet-clock) tensor peaks, for the pure roofline bound.
    std::array<double, 8> rated_tensor_peak{};
    /// Rated CUDA-core peaks.
    std::array<double, 8> rated_vector_peak{};
    /// Effective large-tile efficiency per dtype (family × profile's GEMM multiplier; both at most 1).
    std::array<double, 8> gemm_efficiency{};
    /// Effective efficiency of fused attention kernels, by fused_pass (forward, backward; index 0 unused):
    /// family × profile's GEMM multiplier, at most 1.
    std::array<double, 3> attention_efficiency{};
    /// Rate of an Ampere-generation fused attention kernel (kernel::legacy_mma) relative to the family's own.
    double legacy_attention_ratio = 1.0;
    /// Fixed time per wave, s.
    double wave_overhead = 0.0;
    /// Achieved DRAM bandwidth of library kernels (GEMMs, convolutions, fused attention, STREAM), B/s.
    double bandwidth = 0.0;
    /// Achieved DRAM bandwidth of the framework's own kernels (pointwise, norms, softmax, optimizer), B/s.
    double framework_bandwidth = 0.0;
    /// Peak DRAM bandwidth, B/s.
    double peak_bandwidth = 0.0;
    /// Fixed GPU time per kernel launch, s.
    double kernel_overhead = 0.0;
    /// Host time per kernel launch, s.
    double host_overhead = 0.0;
    /// Host time per step, s.
    double step_overhead = 0.0;
    /// Host time per inference call, s.
    double call_overhead = 0.0;
    /// Fraction of fusible kernels folded away.
    double fusion = 0.0;
    /// Sustained over rated tensor clock at the tensor cores' full rate (1 when the power limit does not bind;
    /// half-rate math types draw less power and may sustain more, docs/model.md).
    double clock_ratio = 1.0;
    /// Largest tensor-core tiles of this GPU's generation.
    const std::array<gemm_tile, 3>* tiles = &detail::small_tiles;
    /// Whether its libraries' tensor-core GEMMs are persistent stream-K kernels that spread the last partial wave
    /// over all SMs (cuBLAS/CUTLASS 3 on Hopper and Blackwell), so a GEMM costs fractional waves.
    bool stream_k = false;
};

/// The share of the board's power the SMs' dynamic power may draw; the rest is memory and static power.
inline constexpr double sm_power_share = 0.8;

/// The clock `g`'s tensor math runs at in a burst (a timed kernel shorter than the power limiter's window, as
/// kernel benchmarks time it): its measured `sustained_clock` where the GPU file gives one, else from its power
/// limit (docs/model.md): f = min(f_rated, ∛(0.8·TDP / (SMs · c · r))), with c the
/// family's W per SM per GHz³, 20% of the board power left for memory and static power, and r the fraction of
/// the tensor cores' full rate the math type issues (GeForce FP32-accumulate math runs at half rate and switches
/// half the datapath per clock, so it draws about half the dynamic power).
inline hertz burst_tensor_clock(const gpu_spec& g, const family_params& f, double rate = 1.0) {
    if (g.sustained_clock) {
        return std::min(*g.sustained_clock, tensor_clock(g));
    }
    const double rated_ghz = tensor_clock(g).value() / 1e9;
    const double limited_ghz = std::cbrt(sm_power_share * g.tdp.value() / (g.sm_count * f.power_w_per_sm_ghz3 * rate));
    return std::min(rated_ghz, limited_ghz) * 1e9 * units::hertz;
}

/// The clock a run settles at once the power limiter has engaged, as a ratio x = f / f_burst to the clock its
/// bursts run at (docs/model.md, "Settled clock"): its math units busy `compute_busy` seconds of `busy` seconds of
/// kernels at the burst clock, their time stretching to compute_busy/x at x while the other kernels' time stays,
/// the SMs draw c_s·SMs·(x·f_burst)³·a(x) with a(x) = (compute_busy/x) / (busy − compute_busy + compute_busy/x)
/// the share of math the limiter averages over; x is where that meets 0.8·TDP (1 when it stays below). c_s is the
/// family's settled_w_per_sm_ghz3, `rate` the fraction of the tensor cores' full rate the math type issues. Times
/// costed at a ratio `from` < 1 already give a refinement: the result is relative to `from`, at most 1/`from`. A GPU
/// file's measured sustained clock is taken as already settled.
inline double settled_clock_ratio(const gpu_spec& g, const family_params& f, double compute_busy, double busy,
                                  double rate = 1.0, double from = 1.0) {
    if (g.sustained_clock || compute_busy <= 0.0 || busy <= 0.0) {
        return 1.0;
    }
    const double ghz = from * burst_tensor_clock(g, f, rate).value() / 1e9;
    const double demand =
        g.sm_count * f.settled_w_per_sm_ghz3 * rate * ghz * ghz * ghz / (sm_power_share * g.tdp.value());
    const double math = std::min(compute_busy, busy);
    const auto drawn = [&](double x) {
        const double stretched = math / x;
        return demand * x * x * x * stretched / (busy - math + stretched);
    };
    double lo = 0.0, hi = 1.0 / from;  // drawn(x) rises with x: bisect for drawn(x) = 1
    if (drawn(hi) <= 1.0 + 1e-9) {     // a burst already at the limit (c_s = c) stays there
        return hi;
    }
    for (int i = 0; i < 40; ++i) {
        const double mid = 0.5 * (lo + hi);
        (drawn(mid) > 1.0 ? hi : lo) = mid;
    }
    return lo;
}

namespace detail {

/// make_cost_context for a `g` already validated (predict validates it once, before anything else reads it).
/// `settled` scales every math peak (the SM clock of a run whose power limiter has engaged: settled_clock_ratio).
inline cost_context cost_context_of(const gpu_spec& g, std::size_t profile, const cost_params& params,
                                    double settled = 1.0) {
    if (profile >= software_profiles.size()) {
        throw input_error("software profile index out of range: " + std::to_string(profile));
    }
    const family_params& f = params.family[static_cast<std::size_t>(g.arch)];
    const profile_params& s = params.profile[profile];
    cost_context c;
    c.gpu = &g;
    c.profile = profile;
    c.sms = g.sm_count;
    const double burst = burst_tensor_clock(g, f).value();
    c.clock_ratio = burst * settled / tensor_clock(g).value();
    const double vector_ratio = std::min(1.0, burst / g.boost_clock.value());
    for (dtype d : all_dtypes) {
        const auto i = static_cast<std::size_t>(d);
        const auto t = peak(g, d, exec_unit::tensor_core);
        const auto v = peak(g, d, exec_unit::cuda_core);
        // FP16 accumulation (llama.cpp's cuBLAS path) runs at full rate where FP32 accumulation is halved.
        const double rated_rate = uses_fp32_accumulate(d) ? g.fp32_accumulate_rate : 1.0;  // peak() includes it
        const double rate = software_profiles[profile].fp16_accumulate && d == dtype::fp16 ? 1.0 : rated_rate;
        c.rated_tensor_peak[i] = t ? t->value() / rated_rate * rate : 0.0;
        c.rated_vector_peak[i] = v ? v->value() : 0.0;
        // FP64 tensor math is rated at boost, like the vector pipes.
        // Pointwise math on 16-, 8- and 4-bit types runs in FP32 registers on the CUDA cores.
        if (c.rated_vector_peak[i] == 0.0 && d != dtype::fp64) {
            c.rated_vector_peak[i] = peak(g, dtype::fp32, exec_unit::cuda_core)->value();
        }
        const double tensor_ratio = burst_tensor_clock(g, f, rate).value() / tensor_clock(g).value();
        c.tensor_peak[i] = c.rated_tensor_peak[i] * (d == dtype::fp64 ? vector_ratio : tensor_ratio) * settled;
        c.vector_peak[i] = c.rated_vector_peak[i] * vector_ratio * settled;
        c.gemm_efficiency[i] = std::min(1.0, f.gemm_efficiency[i] * s.gemm_multiplier);
    }
    c.attention_efficiency = {0.0, std::min(1.0, f.attention_forward_efficiency * s.gemm_multiplier),
                              std::min(1.0, f.attention_backward_efficiency * s.gemm_multiplier)};
    c.legacy_attention_ratio = std::min(1.0, f.legacy_attention_ratio);
    c.wave_overhead = f.wave_overhead_us * 1e-6;
    c.peak_bandwidth = memory_bandwidth(g).value();
    c.bandwidth = c.peak_bandwidth * std::min(1.0, f.memory_efficiency);
    c.framework_bandwidth = c.bandwidth * std::min(1.0, s.memory_multiplier);
    c.kernel_overhead = (f.kernel_overhead_us + s.launch_overhead_us) * 1e-6;
    c.host_overhead = s.host_overhead_us * 1e-6;
    c.step_overhead = s.step_overhead_us * 1e-6;
    c.call_overhead = s.call_overhead_us * 1e-6;
    c.fusion = s.fusion;
    c.stream_k = g.arch == architecture::hopper || g.arch == architecture::blackwell;
    c.tiles =
        g.arch == architecture::volta || g.arch == architecture::turing ? &detail::small_tiles : &detail::large_tiles;
    return c;
}

}  // namespace detail

/// Resolves `params` for `g` and the profile at index `profile` (see find_profile). Throws input_error
/// when `g` is not a valid description (validate(g)).
inline cost_context make_cost_context(const gpu_spec& g, std::size_t profile, const cost_params& params) {
    validate(g);
    return detail::cost_context_of(g, profile, params);
}

/// The price of one kernel (all `count` instances): time and its parts, and what bounds it.
struct kernel_cost {
    /// Total GPU time of all instances.
    seconds time = 0.0 * units::second;
    /// Time the math needs at the achieved rate (all instances), including wave quantization.
    seconds compute_time = 0.0 * units::second;
    /// The math alone, without fixed per-wave time (all instances): what the math units draw power for.
    seconds math_time = 0.0 * units::second;
    /// Time the DRAM traffic needs at the achieved bandwidth (all instances).
    seconds memory_time = 0.0 * units::second;
    /// Fixed per-kernel time (all instances and launches).
    seconds overhead_time = 0.0 * units::second;
    /// The largest of the three.
    bound limiter = bound::memory;
    /// For GEMM-like kernels: the tile chosen, the work units (tiles × split-K) and the waves.
    gemm_tile tile{};
    /// Split-K factor chosen (1: none).
    int split_k = 1;
    /// Tiles × split-K of one instance.
    long long work_units = 0;
    /// Waves of one instance: ceil(work units / SMs).
    long long waves = 0;
};

/// The pure roofline time of one instance: max(work / rated peak, traffic / peak bandwidth). No
/// predicted time is below it.
inline seconds roofline_time(const kernel& k, const cost_context& c) {
    const auto i = static_cast<std::size_t>(k.type);
    const double p = k.unit == exec_unit::tensor_core ? c.rated_tensor_peak[i] : c.rated_vector_peak[i];
    const double compute = k.work.value() > 0.0 && p > 0.0 ? k.work.value() / p : 0.0;
    return std::max(compute, traffic(k).value() / c.peak_bandwidth) * units::second;
}

namespace detail {

/// The fastest way to run a GEMM-like kernel of shape `s` (docs/model.md): for each of the generation's
/// largest tiles, shrunk to small M or N (tile T), and each split-K factor, the waves of work units over the SMs
/// at the tile's rate, against the DRAM time `t_memory`; plus the split-K reduction.
struct gemm_schedule {
    /// Time of the waves (compute), and of the split-K reduction.
    double t_compute = 0.0, t_reduce = 0.0;
    /// The math alone: t_compute without the waves' fixed overheads (the time the math units draw their power).
    double t_math = 0.0;
    /// The tile, split-K factor, work units (tiles × split) and waves chosen.
    gemm_tile tile{};
    int split_k = 1;
    long long units = 0, waves = 0;
};

/// The shallowest slice of K a split-K work unit is costed at.
inline constexpr long long split_k_min_depth = 256;

/// The schedule of a handful of rows run as matrix-vector products (cuBLAS gemv, llama.cpp's mmvq, TensorRT-LLM's
/// weight-only GEMV): each weight is streamed once and the real multiply-adds run on the CUDA cores (FP32), unpadded.
inline gemm_schedule gemv_schedule(const kernel& k, const gemm_shape& s, const cost_context& c) {
    const auto fp32 = static_cast<std::size_t>(dtype::fp32);
    gemm_schedule x;
    x.tile = {static_cast<int>(std::min<long long>(s.m, 256)), static_cast<int>(std::min<long long>(s.n, 256))};
    x.units = std::min<long long>(c.sms, std::max(s.m, s.n) * s.batch);
    x.waves = 1;
    x.t_math = k.work.value() / (c.vector_peak[fp32] * c.gemm_efficiency[fp32]);
    x.t_compute = x.t_math + c.wave_overhead;
    return x;
}

/// A tiling of a GEMM's output: the tile, the tiles over M, N and the batch, and the split of K.
struct gemm_tiling {
    /// The tile.
    gemm_tile tile;
    /// Tiles over M × N × batch.
    long long tiles_mn;
    /// Split-K factor.
    int split;
};

/// The schedule of kernel `k` (shape `s`) in tiling `t`, w FLOPs per cell over 2 (best_schedule) at `rate` FLOP/s per
/// SM; on tensor cores with Stream-K (c.stream_k) the work units spread over the SMs evenly instead of in whole waves.
inline gemm_schedule split_schedule(const kernel& k, const gemm_shape& s, const cost_context& c, const gemm_tiling& t,
                                    double w, double rate) {
    const bool stream_k = k.unit == exec_unit::tensor_core && c.stream_k;
    const gemm_tile T = t.tile;
    const int split = t.split;
    gemm_schedule x;
    x.tile = T;
    x.split_k = split;
    x.units = t.tiles_mn * split;
    x.waves = ceil_div(x.units, c.sms);
    // A slice runs at least split_k_min_depth deep (shorter slices cost as much: the pipeline's prologue and
    // epilogue dominate), so the time never falls as K grows.
    const long long depth = split == 1 ? s.k : std::max(ceil_div(s.k, split), split_k_min_depth);
    const double waves = stream_k ? std::max(1.0, static_cast<double>(x.units) / static_cast<double>(c.sms))
                                  : static_cast<double>(x.waves);
    x.t_math = waves * 2.0 * w * T.m * T.n * static_cast<double>(depth) / rate;
    x.t_compute = x.t_math + waves * c.wave_overhead;
    // Split-K writes and re-reads FP32 partial tiles in a separate reduction pass.
    x.t_reduce = split > 1
                     ? 2.0 * 4.0 * static_cast<double>(s.m * s.n * s.batch) * split / c.bandwidth + c.kernel_overhead
                     : 0.0;
    return x;
}

/// The schedule of `k` (shape `s`, `peak_rate` on its unit) with the smallest max(t_compute, t_memory) +
/// t_reduce: t_wave = 2·Tm·Tn·⌈K/split⌉·w / (peak/SMs · γ · e(T)) + t_w, waves = ⌈units / SMs⌉.
inline gemm_schedule best_schedule(const kernel& k, const gemm_shape& s, const cost_context& c, double peak_rate,
                                   double t_memory) {
    const double peak_sm = peak_rate / c.sms;
    // FLOPs per M×N×K "cell": 2 for a GEMM; fused attention does two GEMMs per score (and a causal mask skips
    // some), so its work sets the scale.
    const double w = k.work.value() / (2.0 * static_cast<double>(s.m) * static_cast<double>(s.n) *
                                       static_cast<double>(s.k) * static_cast<double>(s.batch));
    const bool tensor = k.unit == exec_unit::tensor_core;
    const std::array<gemm_tile, 3>& tiles = tensor ? *c.tiles : small_tiles;
    const auto& efficiency =
        tensor && c.tiles == &large_tiles ? tile_efficiency_table<large_tiles>() : tile_efficiency_table<small_tiles>();
    const double gamma = k.fused == fused_pass::none ? c.gemm_efficiency[static_cast<std::size_t>(k.type)]
                                                     : c.attention_efficiency[static_cast<std::size_t>(k.fused)] *
                                                           (k.legacy_mma ? c.legacy_attention_ratio : 1.0);
    gemm_schedule best;
    double best_total = std::numeric_limits<double>::infinity();
    if (tensor && k.fused == fused_pass::none && std::min(s.m, s.n) <= gemv_max_rows) {
        best = gemv_schedule(k, s, c);
        best_total = std::max(best.t_compute, t_memory);
    }
    std::array<gemm_tile, 3> seen{};
    std::size_t n_seen = 0;
    for (const gemm_tile& largest : tiles) {
        const int shift_m = fitted_shift(largest.m, s.m), shift_n = fitted_shift(largest.n, s.n);
        const gemm_tile T{1 << shift_m, 1 << shift_n};
        // A tile already tried (small M or N shrinks different tiles to the same one) cannot do better.
        const auto tried = seen.begin() + static_cast<std::ptrdiff_t>(n_seen);
        if (std::any_of(seen.begin(), tried, [&T](gemm_tile u) { return u.m == T.m && u.n == T.n; })) {
            continue;
        }
        seen[n_seen++] = T;
        const long long tiles_mn = ((s.m + T.m - 1) >> shift_m) * ((s.n + T.n - 1) >> shift_n) * s.batch;
        const double rate =
            peak_sm * gamma * efficiency[static_cast<std::size_t>(shift_m - 4)][static_cast<std::size_t>(shift_n - 4)];
        for (int split : {1, 2, 3, 4, 6, 8}) {
            // Split-K only pays when the tiles alone leave SMs idle (a condition that only gets stricter as the split
            // grows). Fused attention splits the keys only when decoding a handful of queries (flash-decoding); its
            // prefill and training kernels keep one thread block per query tile.
            if (split > 1 && (tiles_mn * (split - 1) >= c.sms || (k.fused != fused_pass::none && s.m > 16))) {
                break;
            }
            const gemm_schedule x = split_schedule(k, s, c, {T, tiles_mn, split}, w, rate);
            const double total = std::max(x.t_compute, t_memory) + x.t_reduce;
            if (total < best_total) {
                best_total = total;
                best = x;
            }
        }
    }
    return best;
}

/// cost() of `count` instances of `k` (evaluate passes a count reduced by fusion without copying the kernel).
inline kernel_cost cost_of(const kernel& k, const cost_context& c, double count) {
    const auto i = static_cast<std::size_t>(k.type);
    const double peak_rate = k.unit == exec_unit::tensor_core ? c.tensor_peak[i] : c.vector_peak[i];
    if (peak_rate <= 0.0 && k.work.value() > 0.0) {
        throw unsupported_error(c.gpu->name + " has no " + std::string(to_string_view(k.unit)) + " " +
                                to_string(k.type) + " math (kernel '" + k.name + "')");
    }
    kernel_cost r;
    // GEMM-like kernels, convolutions (cuDNN) and STREAM kernels are the libraries'; the rest the framework's own.
    const bool library = k.shape.has_value() || k.cls == op_class::memory || k.cls == op_class::conv;
    const double t_memory = traffic(k).value() / (library ? c.bandwidth : c.framework_bandwidth);
    double t_compute = 0.0, t_reduce = 0.0, t_math = 0.0;
    if (k.shape && k.work.value() > 0.0) {
        const gemm_schedule g = best_schedule(k, *k.shape, c, peak_rate, t_memory);
        t_compute = g.t_compute;
        t_math = g.t_math;
        t_reduce = g.t_reduce;
        r.tile = g.tile;
        r.split_k = g.split_k;
        r.work_units = g.units;
        r.waves = g.waves;
    } else if (k.work.value() > 0.0) {
        t_compute = k.work.value() / (peak_rate * c.gemm_efficiency[i]);
        t_math = t_compute;
    }
    const double t_overhead = c.kernel_overhead * k.launches;
    r.compute_time = (t_compute + t_reduce) * count * units::second;
    r.math_time = t_math * count * units::second;
    r.memory_time = t_memory * count * units::second;
    r.overhead_time = t_overhead * count * units::second;
    r.time = (std::max(t_compute, t_memory) + t_reduce + t_overhead) * count * units::second;
    const double busy = std::max(t_compute + t_reduce, t_memory);
    r.limiter = t_overhead > busy ? bound::overhead : t_compute + t_reduce >= t_memory ? bound::compute : bound::memory;
    return r;
}

}  // namespace detail

/// Costs kernel `k` in context `c` (docs/model.md):
///   GEMM-like:  for the generation's largest tile in both orientations, shrunk to fit small M or N
///               (tile T), and each split-K factor s, units = ceil(M/Tm)·ceil(N/Tn)·batch·s,
///               waves = ceil(units / SMs), t_wave = work per unit / (peak per SM · γ · e(T)) + t_w,
///               t = max(waves · t_wave, bytes / BW_achieved) + split-K reduction; the fastest candidate.
///   otherwise:  t = max(work / (peak · γ), bytes / BW_achieved).
///   Both add the fixed per-kernel time t_k per launch. Throws unsupported_error when the GPU has no
///   units for the kernel's type.
inline kernel_cost cost(const kernel& k, const cost_context& c) {
    return detail::cost_of(k, c, k.count);
}

/// Prints "time (bound)".
inline std::ostream& operator<<(std::ostream& os, const kernel_cost& k) {
    return os << to_string(k.time) << " (" << k.limiter << ")";
}

}  // namespace roofcast

#endif
