/// @file
/// End-to-end prediction: a workload run on a GPU (or several), timed phase by phase, with throughput,
/// bound, breakdown, memory, a likely range and an extrapolation warning.
#ifndef ROOFCAST_MODEL_PREDICT_HPP
#define ROOFCAST_MODEL_PREDICT_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/model/confidence.hpp>
#include <roofcast/model/cost.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/lower_workload.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/workload/cnn_models.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roofcast {

/// Time, work and traffic of one op class (or of communication and host overhead) in a prediction.
struct breakdown_entry {
    /// "gemm", "attention", ..., "communication", "host".
    std::string name;
    /// Time it accounts for (GPU time; host time for "host").
    seconds time = 0.0 * units::second;
    /// Work.
    flops work = 0.0 * units::flop;
    /// DRAM traffic.
    bytes traffic = 0.0 * units::byte;
    /// What bounds most of its time.
    bound limiter = bound::compute;
};

/// A prediction of one run.
struct prediction {
    /// GPU name.
    std::string gpu;
    /// Workload name.
    std::string workload;
    /// The run.
    run_config config;
    /// Time of the phase: one training step, one inference call (e2e), the prefill, one decode step (mean over
    /// the generated tokens), or the time to serve one batch (serve).
    seconds time = 0.0 * units::second;
    /// Samples (images, sequences) per second over all GPUs.
    double samples_per_s = 0.0;
    /// Tokens per second over all GPUs where meaningful (training: processed; prefill: prompt; decode, e2e
    /// and serve: generated).
    std::optional<double> tokens_per_s;
    /// What limits the run.
    bound limiter = bound::compute;
    /// GPU busy time, host time and exposed communication of one unit of work.
    seconds gpu_time = 0.0 * units::second, host_time = 0.0 * units::second, comm_time = 0.0 * units::second;
    /// By op class.
    std::vector<breakdown_entry> breakdown;
    /// Memory footprint per GPU.
    memory_footprint memory;
    /// Batch served (serve phase: the largest that fits, capped by max_serve_batch).
    long long batch = 1;
    /// Range the time likely falls in, from the calibration residuals of this kind of run.
    seconds likely_low = 0.0 * units::second, likely_high = 0.0 * units::second;
    /// Why the query lies outside what the model was validated on, if it does.
    std::optional<std::string> extrapolation;
    /// Average board power of one GPU over the phase.
    watts avg_power = 0.0 * units::watt;
    /// Energy of the phase over all GPUs.
    joules energy = 0.0 * units::joule;
    /// Cost of the phase over all GPUs, when a price per GPU-hour is given.
    std::optional<double> cost_usd;
    /// Training: time, energy and cost of one epoch, when a dataset size is given.
    std::optional<seconds> epoch_time;
    /// Energy of one epoch.
    std::optional<joules> epoch_energy;
    /// Cost of one epoch (with a price).
    std::optional<double> epoch_cost_usd;
    /// Energy and cost per million tokens, where tokens are counted.
    std::optional<joules> energy_per_million_tokens;
    /// Cost per million tokens (with a price).
    std::optional<double> cost_per_million_tokens_usd;
    /// Board power limit of the GPU predicted on.
    watts tdp = 0.0 * units::watt;
};

/// Idle (static) board power as a fraction of TDP: about 60 W of a 400 W A100 and 100 W of a 700 W H100.
inline constexpr double idle_power_fraction = 0.15;

/// Average board power from activity (docs/model.md): P = P_idle + (TDP − P_idle) · min(1, max(a_c, 0.6·a_m)),
/// with a_c and a_m the fractions of the wall time the math units and DRAM are busy; a compute-bound run at
/// its sustained clock draws the TDP, a streaming one about 60% of the dynamic range, a host-bound one idles.
inline watts average_power(const gpu_spec& g, double compute_busy, double memory_busy, double wall) {
    const double tdp = g.tdp.value(), idle = idle_power_fraction * tdp;
    if (wall <= 0.0) {
        return idle * units::watt;
    }
    const double activity = std::min(1.0, std::max(compute_busy / wall, 0.6 * memory_busy / wall));
    return (idle + (tdp - idle) * activity) * units::watt;
}

/// The node layout of run `c` on `g` for a collective among `group` GPUs: the defaults of `g`
/// (default_layout), with the run's GPUs per node and inter-node network where it gives them.
inline node_layout layout_for(const gpu_spec& g, const run_config& c, int group) {
    node_layout n = default_layout(g, group);
    if (c.gpus_per_node > 0) {
        n.gpus_per_node = c.gpus_per_node;
    }
    if (!c.interconnect.empty()) {
        n.inter = &find_link(c.interconnect);
    }
    return n;
}

/// Time of a collective among `c.group` GPUs laid out as `n` (ring algorithms, alpha-beta model,
/// Thakur et al. 2005): all-reduce 2(n−1)/n·B/bw + 2(n−1)·α; all-gather and reduce-scatter (n−1)/n·B/bw +
/// (n−1)·α; point-to-point B/bw + α. Within a node bw is the intra-node link's achieved bandwidth; a group
/// spanning nodes is bound by the slower of the two links, with the network's latency.
inline seconds collective_time(const collective& c, const node_layout& n) {
    const int g = c.group;
    if (g <= 1) {
        return 0.0 * units::second;
    }
    double bw = n.intra->bandwidth * n.intra->efficiency;
    double alpha = n.intra->latency;
    if (g > n.gpus_per_node) {
        bw = std::min(bw, n.inter->bandwidth * n.inter->efficiency);
        alpha = n.inter->latency;
    }
    const double frac = static_cast<double>(g - 1) / g;
    double t = 0.0;
    switch (c.op) {
        case collective::kind::all_reduce: t = 2.0 * frac * c.bytes / bw + 2.0 * (g - 1) * alpha; break;
        case collective::kind::all_gather:
        case collective::kind::reduce_scatter: t = frac * c.bytes / bw + (g - 1) * alpha; break;
        case collective::kind::send_recv: t = c.bytes / bw + alpha; break;
    }
    return t * c.count * units::second;
}

/// Fraction of a 1F1B pipeline step lost to the bubble: (p − 1) / (m + p − 1) with p stages and m
/// micro-batches (Narayanan et al. 2021, PipeDream-Flush / Megatron-LM).
inline double pipeline_bubble_fraction(int p, int m) {
    return static_cast<double>(p - 1) / static_cast<double>(m + p - 1);
}

/// Gradients are all-reduced in buckets as backward produces them (PyTorch DDP's default bucket_cap_mb = 25).
inline constexpr double gradient_bucket_bytes = 25.0 * 1048576.0;

namespace detail {

/// Times of one lowered unit of work.
struct work_time {
    double gpu = 0.0, host = 0.0, backward = 0.0, optimizer = 0.0, critical_comm = 0.0, overlap_comm = 0.0;
    double compute_busy = 0.0, memory_busy = 0.0;
    /// The last gradient bucket's collective, which cannot overlap (it starts when backward ends).
    double last_bucket = 0.0;
    double launches = 0.0;
    std::array<double, 11> cls_time{}, cls_work{}, cls_bytes{};
    std::array<std::array<double, 3>, 11> cls_bound{};
};

/// Costs every kernel of `w`; fusible kernels shrink by the profile's fusion fraction.
inline work_time evaluate(const lowered_work& w, const cost_context& c, const run_config& cfg) {
    work_time r;
    for (std::size_t i = 0; i < w.kernels.size(); ++i) {
        kernel k = w.kernels[i];
        if (k.fusible) {
            k.count *= 1.0 - c.fusion;
            if (k.count <= 0.0) {
                continue;
            }
        }
        const kernel_cost kc = cost(k, c);
        const double t = kc.time.value();
        r.gpu += t;
        r.compute_busy += kc.compute_time.value();
        r.memory_busy += kc.memory_time.value();
        if (i >= w.optimizer_begin) {
            r.optimizer += t;
        } else if (i >= w.backward_begin) {
            r.backward += t;
        }
        r.launches += k.launches * k.count;
        const auto ci = static_cast<std::size_t>(k.cls);
        r.cls_time[ci] += t;
        r.cls_work[ci] += k.work.value() * k.count;
        r.cls_bytes[ci] += traffic(k).value() * k.count;
        r.cls_bound[ci][static_cast<std::size_t>(kc.limiter)] += t;
    }
    r.host = r.launches * c.host_overhead;
    for (const collective& col : w.collectives) {
        const node_layout layout = layout_for(*c.gpu, cfg, col.group);
        const double t = collective_time(col, layout).value();
        (col.overlappable ? r.overlap_comm : r.critical_comm) += t;
        if (col.overlappable) {
            collective last = col;
            last.bytes = std::min(col.bytes, gradient_bucket_bytes);
            last.count = 1.0;
            r.last_bucket = std::max(r.last_bucket, collective_time(last, layout).value());
        }
    }
    return r;
}

/// Communication of gradients (and ZeRO gathers) exposed after backward: what does not fit behind the
/// backward pass, and at least the last bucket, which starts only when backward ends.
inline double exposed_overlap(const work_time& t, double backward) {
    return t.overlap_comm > 0.0 ? std::max(t.overlap_comm - backward, t.last_bucket) : 0.0;
}

/// Wall time of a unit: the GPU and the host run concurrently (the host queues kernels ahead), so the
/// slower of the two; critical-path communication adds; overlappable communication hides behind backward.
inline double wall(const work_time& t) {
    return std::max(t.gpu, t.host) + t.critical_comm + exposed_overlap(t, t.backward);
}

/// The sum of two work times (phases made of several passes), `times` copies of `b`.
inline void accumulate(work_time& a, const work_time& b, double times) {
    a.gpu += b.gpu * times;
    a.host += b.host * times;
    a.backward += b.backward * times;
    a.optimizer += b.optimizer * times;
    a.critical_comm += b.critical_comm * times;
    a.overlap_comm += b.overlap_comm * times;
    a.launches += b.launches * times;
    a.compute_busy += b.compute_busy * times;
    a.memory_busy += b.memory_busy * times;
    a.last_bucket = std::max(a.last_bucket, b.last_bucket);
    for (std::size_t i = 0; i < a.cls_time.size(); ++i) {
        a.cls_time[i] += b.cls_time[i] * times;
        a.cls_work[i] += b.cls_work[i] * times;
        a.cls_bytes[i] += b.cls_bytes[i] * times;
        for (std::size_t j = 0; j < 3; ++j) {
            a.cls_bound[i][j] += b.cls_bound[i][j] * times;
        }
    }
}

}  // namespace detail

/// Predicts run `cfg` of `w` on GPU `g` (each of cfg.num_gpus GPUs is a `g`) with parameters `params`.
/// Throws input_error for an invalid configuration and unsupported_error for a precision `g` cannot run.
inline prediction predict(const workload& w, const gpu_spec& g, const run_config& cfg,
                          const cost_params& p = default_params()) {
    validate(cfg);
    if (!w.cnn && !w.transformer) {
        throw input_error("workload '" + w.name + "' has neither a network nor a configuration");
    }
    const precision_types ty = detail::run_types(cfg);
    if (!peak(g, ty.math, ty.math_unit)) {
        throw unsupported_error(g.name + " (" + std::string(params(g.arch).display_name) + ") cannot run " +
                                std::string(to_string_view(cfg.precision)) + ": it has no " + to_string(ty.math) +
                                " tensor-core math");
    }
    const cost_context ctx = make_cost_context(g, find_profile(cfg.framework), p);
    prediction out;
    out.gpu = g.name;
    out.workload = w.name;
    out.config = cfg;
    out.batch = cfg.batch;
    const phase ph = phase_of(cfg);
    const int dp = data_parallel(cfg);
    detail::work_time total;
    double t = 0.0;
    double samples = static_cast<double>(cfg.batch);
    std::optional<double> tokens;
    if (w.cnn) {
        if (ph != phase::step && ph != phase::e2e) {
            throw input_error("CNN workloads have phases step (train) and e2e (infer), not " +
                              std::string(to_string_view(ph)));
        }
        // A CNN is built for one input size; another size rebuilds a catalog network (a user's C++ network
        // cannot be rebuilt, so that is an error).
        const cnn_graph* graph = &*w.cnn;
        std::optional<cnn_graph> resized;
        if (cfg.image_size > 0 && cfg.image_size != graph->image_size) {
            resized = cnns::make_cnn(graph->name, cfg.image_size);
            if (!resized) {
                throw input_error("CNN '" + graph->name + "' is built for " + std::to_string(graph->image_size) +
                                  " pixels and cannot be rebuilt for " + std::to_string(cfg.image_size));
            }
            graph = &*resized;
        }
        const detail::work_time wt = detail::evaluate(lower_cnn(*graph, cfg, cfg.batch, false), ctx, cfg);
        detail::accumulate(total, wt, 1.0);
        t = detail::wall(wt) + ctx.step_overhead;
    } else {
        const transformer_config& tc = *w.transformer;
        const long long seq = cfg.seq_len > 0 ? cfg.seq_len : default_seq_len(tc);
        transformer_pass pass;
        pass.stage_fraction = 1.0 / cfg.pp;
        pass.named = false;  // predictions report by class, not by kernel
        if (cfg.mode == mode::train) {
            const int m = cfg.pp > 1 ? (cfg.microbatches > 0 ? cfg.microbatches : 4 * cfg.pp) : 1;
            pass.batch = std::max<long long>(1, cfg.batch / m);
            pass.seq_q = pass.seq_kv = seq;
            pass.training = true;
            pass.logits_rows = tc.kind == transformer_kind::encoder ? 0 : pass.batch * seq;
            const detail::work_time wt = detail::evaluate(lower_transformer(tc, cfg, pass), ctx, cfg);
            // 1F1B pipeline: (m + p − 1) micro-batch slots per step, of which p − 1 are the bubble.
            const double slots = static_cast<double>(m) / (1.0 - pipeline_bubble_fraction(cfg.pp, m));
            detail::accumulate(total, wt, slots);
            // With gradient accumulation the optimizer and the exposed gradient communication are paid once per
            // `accumulation` micro-batch steps; the time reported is per micro-batch step.
            const double per_update = wt.optimizer + detail::exposed_overlap(wt, slots * wt.backward);
            t = slots * (std::max(wt.gpu - wt.optimizer, wt.host) + wt.critical_comm) + per_update / cfg.accumulation +
                ctx.step_overhead;
            tokens = static_cast<double>(cfg.batch * seq * dp);
        } else if (tc.kind == transformer_kind::encoder || (ph == phase::e2e && cfg.gen_len == 0)) {
            if (ph == phase::serve) {  // offline serving: the largest batch that fits, capped by the server
                out.batch = largest_fitting_batch(w, g, cfg, cfg.max_serve_batch);
                if (out.batch == 0) {
                    throw unsupported_error(w.name + " does not fit " + g.name + " even at batch 1");
                }
                samples = static_cast<double>(out.batch);
            }
            pass.batch = out.batch;
            pass.seq_q = pass.seq_kv = seq;
            pass.logits_rows = tc.kind == transformer_kind::encoder ? 0 : out.batch * seq;
            const detail::work_time wt = detail::evaluate(lower_transformer(tc, cfg, pass), ctx, cfg);
            detail::accumulate(total, wt, cfg.pp);
            t = cfg.pp * detail::wall(wt) + ctx.step_overhead;
        } else {
            const long long P = cfg.prompt_len, G = cfg.gen_len;
            long long B = cfg.batch;
            if (ph == phase::serve) {
                run_config probe = cfg;
                B = largest_fitting_batch(w, g, probe, cfg.max_serve_batch);
                if (B == 0) {
                    throw unsupported_error(w.name + " does not fit " + g.name + " even at batch 1");
                }
                out.batch = B;
                samples = static_cast<double>(B);
            }
            auto prefill = [&]() {
                transformer_pass pf = pass;
                pf.batch = B;
                pf.seq_q = pf.seq_kv = std::max<long long>(P, 1);
                pf.logits_rows = B;
                return detail::evaluate(lower_transformer(tc, cfg, pf), ctx, cfg);
            };
            auto decode = [&]() {
                transformer_pass dc = pass;
                dc.batch = B;
                dc.seq_q = 1;
                dc.seq_kv = P + std::max<long long>(1, G / 2);  // mean context over the generated tokens
                dc.logits_rows = B;
                return detail::evaluate(lower_transformer(tc, cfg, dc), ctx, cfg);
            };
            // Pipeline stages of one request run one after the other: pp times one stage's work.
            const double stages = cfg.pp;
            if (ph == phase::prefill) {
                const detail::work_time wt = prefill();
                detail::accumulate(total, wt, stages);
                t = stages * detail::wall(wt) + ctx.step_overhead;
                tokens = static_cast<double>(B * P * dp);
            } else if (ph == phase::decode) {
                const detail::work_time wt = decode();
                detail::accumulate(total, wt, stages);
                t = stages * detail::wall(wt);
                tokens = static_cast<double>(B * dp);
                samples = static_cast<double>(B);
            } else {  // e2e or serve: prefill, then G − 1 decode steps
                const detail::work_time pf = P > 0 ? prefill() : detail::work_time{};
                const detail::work_time dc = decode();
                detail::accumulate(total, pf, stages);
                detail::accumulate(total, dc, stages * static_cast<double>(G - 1));
                t = stages * (detail::wall(pf) + static_cast<double>(G - 1) * detail::wall(dc)) + ctx.step_overhead;
                tokens = static_cast<double>(B * G * dp);
            }
        }
    }
    out.time = t * units::second;
    out.samples_per_s = samples * dp / t;
    if (tokens) {
        out.tokens_per_s = *tokens / t;
    }
    out.gpu_time = total.gpu * units::second;
    out.host_time = total.host * units::second;
    out.comm_time = (total.critical_comm + detail::exposed_overlap(total, total.backward)) * units::second;
    // Breakdown and the bound of the whole run.
    std::array<double, 3> by_bound{};
    for (op_class c : all_op_classes) {
        const auto i = static_cast<std::size_t>(c);
        if (total.cls_time[i] <= 0.0) {
            continue;
        }
        const auto& b = total.cls_bound[i];
        const auto top = static_cast<std::size_t>(std::max_element(b.begin(), b.end()) - b.begin());
        out.breakdown.push_back({std::string(to_string_view(c)), total.cls_time[i] * units::second,
                                 total.cls_work[i] * units::flop, total.cls_bytes[i] * units::byte,
                                 static_cast<bound>(top)});
        for (std::size_t j = 0; j < 3; ++j) {
            by_bound[j] += b[j];
        }
    }
    if (out.comm_time.value() > 0.0) {
        out.breakdown.push_back({"communication", out.comm_time, 0.0 * units::flop, 0.0 * units::byte, bound::memory});
    }
    out.breakdown.push_back({"host", out.host_time, 0.0 * units::flop, 0.0 * units::byte, bound::overhead});
    const auto top = static_cast<std::size_t>(std::max_element(by_bound.begin(), by_bound.end()) - by_bound.begin());
    out.limiter = total.host > total.gpu ? bound::overhead : static_cast<bound>(top);
    run_config mem = cfg;
    mem.batch = out.batch;
    out.memory = footprint(w, g, mem);
    const auto band = error_band(p, run_kind(w, cfg));
    out.likely_low = out.time * band.first;
    out.likely_high = out.time * band.second;
    out.extrapolation = extrapolation_note(p, g, cfg);
    // Power, energy and cost. In inference the pipeline stages of a request run one after another, so each
    // GPU is busy for its stage only: 1/pp of the accumulated work.
    const double share = cfg.mode == mode::infer ? 1.0 / cfg.pp : 1.0;
    out.avg_power = average_power(g, share * total.compute_busy, share * total.memory_busy, t);
    out.tdp = g.tdp;
    const double gpus = static_cast<double>(cfg.num_gpus);
    out.energy = out.avg_power * out.time * gpus;
    if (cfg.price_per_hour) {
        out.cost_usd = *cfg.price_per_hour * gpus * t / 3600.0;
    }
    if (cfg.dataset_size && cfg.mode == mode::train) {
        const double steps = *cfg.dataset_size / (static_cast<double>(out.batch) * dp);
        out.epoch_time = steps * out.time;
        out.epoch_energy = steps * out.energy;
        if (out.cost_usd) {
            out.epoch_cost_usd = steps * *out.cost_usd;
        }
    }
    if (tokens && *tokens > 0.0) {
        const double per_million = 1e6 / *tokens;
        out.energy_per_million_tokens = per_million * out.energy;
        if (out.cost_usd) {
            out.cost_per_million_tokens_usd = per_million * *out.cost_usd;
        }
    }
    return out;
}

}  // namespace roofcast

#endif
