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
        const kernel& k = w.kernels[i];
        const double count = k.fusible ? k.count * (1.0 - c.fusion) : k.count;
        if (count <= 0.0) {
            continue;
        }
        const kernel_cost kc = detail::cost_of(k, c, count);
        const double t = kc.time.value();
        r.gpu += t;
        r.compute_busy += kc.compute_time.value();
        r.memory_busy += kc.memory_time.value();
        if (i >= w.optimizer_begin) {
            r.optimizer += t;
        } else if (i >= w.backward_begin) {
            r.backward += t;
        }
        r.launches += k.launches * count;
        const auto ci = static_cast<std::size_t>(k.cls);
        r.cls_time[ci] += t;
        r.cls_work[ci] += k.work.value() * count;
        r.cls_bytes[ci] += traffic(k).value() * count;
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

/// A run lowered to kernels once, independently of the GPU, to be costed on any number of GPUs
/// (`predict(const lowered_run&, ...)`): lowering is about half the work of a prediction, and a comparison
/// or sweep over GPUs lowers each (workload, shape) only once.
struct lowered_run {
    /// The workload; not owned, it must outlive the lowered run.
    const workload* source = nullptr;
    /// The run, validated.
    run_config config;
    /// Batch run (serving: the largest that fits, found per GPU).
    long long batch = 1;
    /// Whether the run depends on the GPU before it can be lowered (serving: the batch is the largest that
    /// fits the GPU); such a run is lowered per GPU by predict.
    bool per_gpu = false;
    /// Whether it is a training step (timed with pipeline slots and gradient accumulation).
    bool training = false;
    /// Whether the step's host overhead is added.
    bool step_overhead = true;
    /// The passes: one (training step, CNN or encoder pass, prefill, decode step), or a prefill and
    /// `repeats` decode steps (end to end). passes[0] is empty when an end-to-end run has no prompt.
    std::array<lowered_work, 2> passes;
    /// Number of passes used (1 or 2).
    std::size_t pass_count = 1;
    /// Times the second pass runs per unit (generated tokens − 1).
    double repeats = 0.0;
    /// Sequential repetitions of the whole unit: pipeline stages of one request (inference), or 1F1B
    /// micro-batch slots (training, m / (1 − bubble)).
    double stages = 1.0;
    /// Samples and (where counted) tokens of one unit over all data-parallel replicas.
    double samples = 1.0;
    /// Tokens of one unit over all data-parallel replicas, where counted.
    std::optional<double> tokens;
    /// The kind of run whose calibration residuals set the likely range (run_kind).
    std::string kind;
    /// The memory footprint of one GPU, without its capacity.
    memory_footprint memory;
};

/// Lowers run `cfg` of `w` for one GPU's share of the work (see lowered_run); `batch` overrides the run's
/// batch when positive (serving, where it is the largest batch that fits). Throws input_error for an
/// invalid configuration.
inline lowered_run lower_run(const workload& w, const run_config& cfg, long long batch = 0) {
    validate(cfg, w);
    if (!w.cnn && !w.transformer) {
        throw input_error("workload '" + w.name + "' has neither a network nor a configuration");
    }
    lowered_run r;
    r.source = &w;
    r.config = cfg;
    r.kind = run_kind(w, cfg);
    const phase ph = phase_of(cfg);
    if (w.cnn && ph != phase::step && ph != phase::e2e) {
        throw input_error("CNN workloads have phases step (train) and e2e (infer), not " +
                          std::string(to_string_view(ph)));
    }
    if (ph == phase::serve && batch <= 0) {
        r.per_gpu = true;
        return r;
    }
    const long long B = batch > 0 ? batch : cfg.batch;
    r.batch = B;
    const int dp = data_parallel(cfg);
    r.samples = static_cast<double>(B);
    if (w.cnn) {
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
        r.passes[0] = lower_cnn(*graph, cfg, B, false);
    } else {
        const transformer_config& tc = *w.transformer;
        const long long seq = cfg.seq_len > 0 ? cfg.seq_len : default_seq_len(tc);
        transformer_pass pass;
        pass.stage_fraction = 1.0 / cfg.pp;
        pass.named = false;  // predictions report by class, not by kernel
        r.stages = cfg.pp;
        if (cfg.mode == mode::train) {
            const int m = cfg.pp > 1 ? (cfg.microbatches > 0 ? cfg.microbatches : 4 * cfg.pp) : 1;
            pass.batch = std::max<long long>(1, B / m);
            pass.seq_q = pass.seq_kv = seq;
            pass.training = true;
            pass.logits_rows = tc.kind == transformer_kind::encoder ? 0 : pass.batch * seq;
            r.passes[0] = lower_transformer(tc, cfg, pass);
            r.training = true;
            // 1F1B pipeline: (m + p − 1) micro-batch slots per step, of which p − 1 are the bubble.
            r.stages = static_cast<double>(m) / (1.0 - pipeline_bubble_fraction(cfg.pp, m));
            r.tokens = static_cast<double>(B * seq * dp);
        } else if (tc.kind == transformer_kind::encoder || (ph == phase::e2e && cfg.gen_len == 0)) {
            pass.batch = B;
            pass.seq_q = pass.seq_kv = seq;
            pass.logits_rows = tc.kind == transformer_kind::encoder ? 0 : B * seq;
            r.passes[0] = lower_transformer(tc, cfg, pass);
        } else {
            const long long P = cfg.prompt_len, G = cfg.gen_len;
            transformer_pass pf = pass;
            pf.batch = B;
            pf.seq_q = pf.seq_kv = std::max<long long>(P, 1);
            pf.logits_rows = B;
            transformer_pass dc = pass;
            dc.batch = B;
            dc.seq_q = 1;
            dc.seq_kv = P + std::max<long long>(1, G / 2);  // mean context over the generated tokens
            dc.logits_rows = B;
            if (ph == phase::prefill) {
                r.passes[0] = lower_transformer(tc, cfg, pf);
                r.tokens = static_cast<double>(B * P * dp);
            } else if (ph == phase::decode) {
                r.passes[0] = lower_transformer(tc, cfg, dc);
                r.step_overhead = false;
                r.tokens = static_cast<double>(B * dp);
            } else {  // e2e or serve: prefill, then G − 1 decode steps
                if (P > 0) {
                    r.passes[0] = lower_transformer(tc, cfg, pf);
                }
                r.passes[1] = lower_transformer(tc, cfg, dc);
                r.pass_count = 2;
                r.repeats = static_cast<double>(G - 1);
                r.tokens = static_cast<double>(B * G * dp);
            }
        }
    }
    run_config at = cfg;
    at.batch = B;
    r.memory = footprint(w, at);
    return r;
}

/// Costs lowered run `r` on GPU `g` (each of the run's GPUs is a `g`) with parameters `p`. Throws
/// input_error for an invalid GPU description (validate(g)) and unsupported_error for a precision `g` cannot
/// run.
inline prediction predict(const lowered_run& r, const gpu_spec& g, const cost_params& p = default_params()) {
    validate(g);
    const run_config& cfg = r.config;
    const precision_types ty = detail::run_types(cfg);
    if (!peak(g, ty.math, ty.math_unit)) {
        throw unsupported_error(g.name + " (" + std::string(params(g.arch).display_name) + ") cannot run " +
                                std::string(to_string_view(cfg.precision)) + ": it has no " + to_string(ty.math) +
                                " tensor-core math");
    }
    if (r.per_gpu) {  // serving: the batch is the largest that fits this GPU, capped by the server
        const long long b = largest_fitting_batch(*r.source, g, cfg, cfg.max_serve_batch);
        if (b == 0) {
            throw unsupported_error(r.source->name + " does not fit " + g.name + " even at batch 1");
        }
        return predict(lower_run(*r.source, cfg, b), g, p);
    }
    const cost_context ctx = make_cost_context(g, find_profile(cfg.framework), p);
    prediction out;
    out.gpu = g.name;
    out.workload = r.source->name;
    out.config = cfg;
    out.batch = r.batch;
    const int dp = data_parallel(cfg);
    detail::work_time total;
    double t = 0.0;
    if (r.training) {
        const detail::work_time wt = detail::evaluate(r.passes[0], ctx, cfg);
        const double slots = r.stages;
        detail::accumulate(total, wt, slots);
        // With gradient accumulation the optimizer and the exposed gradient communication are paid once per
        // `accumulation` micro-batch steps; the time reported is per micro-batch step.
        const double per_update = wt.optimizer + detail::exposed_overlap(wt, slots * wt.backward);
        t = slots * (std::max(wt.gpu - wt.optimizer, wt.host) + wt.critical_comm) + per_update / cfg.accumulation +
            ctx.step_overhead;
    } else if (r.pass_count == 1) {
        // Pipeline stages of one request run one after the other: pp times one stage's work.
        const detail::work_time wt = detail::evaluate(r.passes[0], ctx, cfg);
        detail::accumulate(total, wt, r.stages);
        t = r.stages * detail::wall(wt) + (r.step_overhead ? ctx.step_overhead : 0.0);
    } else {
        const detail::work_time pf =
            r.passes[0].kernels.empty() ? detail::work_time{} : detail::evaluate(r.passes[0], ctx, cfg);
        const detail::work_time dc = detail::evaluate(r.passes[1], ctx, cfg);
        detail::accumulate(total, pf, r.stages);
        detail::accumulate(total, dc, r.stages * r.repeats);
        t = r.stages * (detail::wall(pf) + r.repeats * detail::wall(dc)) + ctx.step_overhead;
    }
    out.time = t * units::second;
    out.samples_per_s = r.samples * dp / t;
    if (r.tokens) {
        out.tokens_per_s = *r.tokens / t;
    }
    out.gpu_time = total.gpu * units::second;
    out.host_time = total.host * units::second;
    out.comm_time = (total.critical_comm + detail::exposed_overlap(total, total.backward)) * units::second;
    // Breakdown and the bound of the whole run.
    std::array<double, 3> by_bound{};
    out.breakdown.reserve(all_op_classes.size() + 2);
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
    out.memory = r.memory;
    out.memory.capacity = g.usable_memory;
    const auto band = error_band(p, r.kind);
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
    if (r.tokens && *r.tokens > 0.0) {
        const double per_million = 1e6 / *r.tokens;
        out.energy_per_million_tokens = per_million * out.energy;
        if (out.cost_usd) {
            out.cost_per_million_tokens_usd = per_million * *out.cost_usd;
        }
    }
    return out;
}

/// Predicts run `cfg` of `w` on GPU `g` (each of cfg.num_gpus GPUs is a `g`) with parameters `p`:
/// lower_run, then predict on the lowered run. Throws input_error for an invalid configuration and
/// unsupported_error for a precision `g` cannot run.
inline prediction predict(const workload& w, const gpu_spec& g, const run_config& cfg,
                          const cost_params& p = default_params()) {
    return predict(lower_run(w, cfg), g, p);
}

}  // namespace roofcast

#endif
