/// @file
/// End-to-end prediction: a resolved run (model/plan.hpp) lowered to kernels once and costed on a GPU, timed
/// phase by phase, with throughput, bound, breakdown, memory, a likely range, an extrapolation warning, power,
/// energy and cost. docs/model.md has the equations.
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
#include <roofcast/model/plan.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/software.hpp>
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
    /// "gemm", "attention", ..., "optimizer", "pipeline bubble", "communication", "overlap slowdown", "host wait",
    /// "step overhead" or "call overhead".
    std::string name;
    /// Time it accounts for on the unit's timeline.
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
    /// Where the workload came from: "built-in" (with its definition's file) or the file read (workload::origin).
    std::string workload_origin = "built-in";
    /// The run, with its defaults filled in (run_plan::config).
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
    /// One GPU's kernel time (busy), all host time (launches, hidden or not, and the fixed overhead), the
    /// communication it waits for, and its idle pipeline slots, in one unit of work.
    seconds gpu_time = 0.0 * units::second, host_time = 0.0 * units::second, comm_time = 0.0 * units::second,
            bubble_time = 0.0 * units::second;
    /// The unit's time as the parts of one GPU's timeline, which add up to `time`: op classes of the passes'
    /// kernels, the optimizer, the pipeline bubble, communication, host wait and the fixed overhead.
    std::vector<breakdown_entry> breakdown;
    /// Memory footprint per GPU.
    memory_footprint memory;
    /// Batch run (serve: the largest that fits, capped by max_serve_batch).
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
    /// The tensor-core clock the run's math settles at under the power limit (docs/model.md, "Settled clock"), and
    /// the clock its bursts run at; equal when the limit does not bind.
    hertz settled_clock = 0.0 * units::hertz, burst_clock = 0.0 * units::hertz;
    /// Serving with in-flight batching: the prompt tokens each iteration prefills beside its `batch` decode tokens
    /// (docs/model.md, "Serving under load"); 0 for every other run.
    long long prefill_tokens = 0;
};

/// The main throughput of a prediction and its unit: tokens/s for LLM phases and transformer training,
/// samples/s otherwise.
inline std::pair<double, std::string> main_throughput(const prediction& p) {
    if (p.tokens_per_s) {
        return {*p.tokens_per_s, "tokens/s"};
    }
    return {p.samples_per_s, "samples/s"};
}

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

/// Time of a collective among `c.group` GPUs laid out as `n` (ring algorithms, alpha-beta model,
/// Thakur et al. 2005): all-reduce 2(n−1)/n·B/bw + 2(n−1)·α; all-gather, reduce-scatter and all-to-all
/// (pairwise exchange: each rank sends (n−1)/n of its B) (n−1)/n·B/bw + (n−1)·α; point-to-point B/bw + α. Within a node
/// bw is the intra-node link's achieved bandwidth. A group whose ranks (`c.stride` apart) span nodes runs one ring
/// per NIC, each leaving a node once (NCCL's rings; nccl-tests doc/PERFORMANCE.md, bus bandwidth): its r ranks on a
/// node send over r NICs, so a ring collective moves at min(intra, r·NIC) with the network's latency; all-to-all and
/// point-to-point traffic leaves through each rank's own NIC. A link a node shares gives each GPU 1/gpus_per_node of
/// it.
inline seconds collective_time(const collective& c, const node_layout& n) {
    const int g = c.group;
    if (g <= 1) {
        return 0.0 * units::second;
    }
    double bw = n.intra->bandwidth * n.intra->efficiency;
    double alpha = n.intra->latency;
    const int stride = std::max(1, c.stride);
    if (static_cast<long long>(g) * stride > n.gpus_per_node) {
        const double nic = n.inter->bandwidth * n.inter->efficiency / (n.inter->per_node ? n.gpus_per_node : 1);
        const int ranks_per_node = std::clamp(n.gpus_per_node / stride, 1, g);
        const bool ring = c.op != collective::kind::all_to_all && c.op != collective::kind::send_recv;
        bw = std::min(bw, nic * (ring ? ranks_per_node : 1));
        alpha = n.inter->latency;
    }
    const double frac = static_cast<double>(g - 1) / g;
    double t = 0.0;
    switch (c.op) {
        case collective::kind::all_reduce: t = 2.0 * frac * c.bytes / bw + 2.0 * (g - 1) * alpha; break;
        case collective::kind::all_gather:
        case collective::kind::reduce_scatter:
        case collective::kind::all_to_all: t = frac * c.bytes / bw + (g - 1) * alpha; break;
        case collective::kind::send_recv: t = c.bytes / bw + alpha; break;
    }
    return t * c.count * units::second;
}

/// The SMs NCCL's kernels hold while collective `c` runs on layout `n` (docs/model.md, "Overlap slowdown"): its
/// network's CTAs when its group spans nodes (as collective_time decides), else its intra-node link's.
inline int nccl_sms(const collective& c, const node_layout& n) {
    const bool spans = static_cast<long long>(c.group) * std::max(1, c.stride) > n.gpus_per_node;
    return c.group <= 1 ? 0 : spans ? n.inter->nccl_ctas : n.intra->nccl_ctas;
}

/// Gradients are all-reduced in buckets as backward produces them (PyTorch DDP's default bucket_cap_mb = 25).
inline constexpr double gradient_bucket_bytes = 25.0 * 1048576.0;

namespace detail {

/// Sums over a set of kernels: GPU time, busy time of the math units and of DRAM, launches, and time, work,
/// traffic and bound per op class.
struct kernel_sums {
    double time = 0.0, compute_busy = 0.0, math_busy = 0.0, memory_busy = 0.0, launches = 0.0;
    std::array<double, all_op_classes.size()> cls_time{}, cls_work{}, cls_bytes{};
    std::array<std::array<double, 3>, all_op_classes.size()> cls_bound{};

    /// Adds `times` copies of `o`.
    void add(const kernel_sums& o, double times) {
        time += o.time * times;
        compute_busy += o.compute_busy * times;
        math_busy += o.math_busy * times;
        memory_busy += o.memory_busy * times;
        launches += o.launches * times;
        for (std::size_t i = 0; i < cls_time.size(); ++i) {
            cls_time[i] += o.cls_time[i] * times;
            cls_work[i] += o.cls_work[i] * times;
            cls_bytes[i] += o.cls_bytes[i] * times;
            for (std::size_t j = 0; j < 3; ++j) {
                cls_bound[i][j] += o.cls_bound[i][j] * times;
            }
        }
    }
};

/// Times of one lowered unit of work: the kernels of its passes (forward, and backward in training) and of the
/// optimizer step, host time, and communication on the critical path or overlapping backward.
struct work_time {
    kernel_sums passes, optimizer;
    /// GPU time of the backward kernels (part of passes.time), which the gradient exchange overlaps.
    double backward = 0.0;
    double host = 0.0, critical_comm = 0.0, overlap_comm = 0.0;
    /// Σ t·k/S over the overlappable collectives: the compute time their NCCL kernels' k SMs of S take while they
    /// run hidden behind compute.
    double overlap_sms = 0.0;
    /// The last gradient bucket's collective, which cannot overlap (it starts when backward ends).
    double last_bucket = 0.0;
};

/// Adds the costs of `w`'s kernels to `r` (fusible kernels shrink by the profile's fusion fraction).
inline void add_kernels(work_time& r, const lowered_work& w, const cost_context& c) {
    for (std::size_t i = 0; i < w.kernels.size(); ++i) {
        const kernel& k = w.kernels[i];
        const double count = k.fusible ? k.count * (1.0 - c.fusion) : k.count;
        if (count <= 0.0) {
            continue;
        }
        const kernel_cost kc = detail::cost_of(k, c, count);
        const double t = kc.time.value();
        kernel_sums& s = i >= w.optimizer_begin ? r.optimizer : r.passes;
        if (i >= w.backward_begin && i < w.optimizer_begin) {
            r.backward += t;
        }
        s.time += t;
        s.compute_busy += kc.compute_time.value();
        s.math_busy += kc.math_time.value();
        s.memory_busy += kc.memory_time.value();
        s.launches += k.launches * count;
        const auto ci = static_cast<std::size_t>(k.cls);
        s.cls_time[ci] += t;
        s.cls_work[ci] += k.work.value() * count;
        s.cls_bytes[ci] += traffic(k).value() * count;
        s.cls_bound[ci][static_cast<std::size_t>(kc.limiter)] += t;
    }
}

/// Costs every kernel and collective of `w` for plan `p` on the context's GPU.
inline work_time evaluate(const lowered_work& w, const cost_context& c, const run_plan& p) {
    work_time r;
    add_kernels(r, w, c);
    r.host = (r.passes.launches + r.optimizer.launches) * c.host_overhead;
    for (const collective& col : w.collectives) {
        const node_layout layout = layout_for(p, *c.gpu, col.group);
        const double t = collective_time(col, layout).value();
        (col.runs == collective::timing::overlapped ? r.overlap_comm : r.critical_comm) += t;
        if (col.runs == collective::timing::overlapped) {
            r.overlap_sms += t * nccl_sms(col, layout) / c.sms;
            collective last = col;
            last.bytes = std::min(col.bytes, gradient_bucket_bytes);
            last.count = 1.0;
            r.last_bucket = std::max(r.last_bucket, collective_time(last, layout).value());
        }
    }
    return r;
}

/// Communication of gradients (and ZeRO gathers) exposed after backward on the GPU's own timeline: what
/// does not fit behind `backward` seconds of backward kernels, and at least the last bucket, which starts
/// only when backward ends.
inline double exposed_overlap(const work_time& t, double backward) {
    return t.overlap_comm > 0.0 ? std::max(t.overlap_comm - backward, t.last_bucket) : 0.0;
}

/// The compute time lost to the SMs NCCL holds while the part of `t`'s overlappable exchange that `exposed` leaves
/// hidden runs: (C − X)/C · Σ t·k/S (docs/model.md, "Overlap slowdown").
inline double overlap_slowdown(const work_time& t, double exposed) {
    return t.overlap_comm > 0.0 ? std::max(0.0, t.overlap_comm - exposed) / t.overlap_comm * t.overlap_sms : 0.0;
}

/// Adds `times` copies of `b` to `a` (a micro-batch slot made of passes of two shapes).
inline void accumulate(work_time& a, const work_time& b, double times) {
    a.passes.add(b.passes, times);
    a.optimizer.add(b.optimizer, times);
    a.backward += b.backward * times;
    a.host += b.host * times;
    a.critical_comm += b.critical_comm * times;
    a.overlap_comm += b.overlap_comm * times;
    a.overlap_sms += b.overlap_sms * times;
    a.last_bucket = std::max(a.last_bucket, b.last_bucket);
}

/// The wall time of one unit of work (a training step, an inference call, a decode step) on one GPU, as the
/// parts of its critical path, which add up to it (docs/model.md, "Step timeline").
struct step_timeline {
    /// The kernels of the work, each once: forward and backward of every micro-batch, or the passes of a call.
    kernel_sums kernels;
    /// The optimizer step's kernels (once per optimizer update, shared by its accumulation steps).
    kernel_sums optimizer;
    /// Slots of the pipeline schedule in which this GPU waits for the others (1F1B: p − 1 of m + p − 1).
    seconds bubble = 0.0 * units::second;
    /// Communication the GPU waits for: tensor- and pipeline-parallel transfers on the critical path, and the part of
    /// the gradient exchange (or ZeRO-3 gathers) that backward does not hide.
    seconds communication = 0.0 * units::second;
    /// Compute slowed by the SMs NCCL's kernels hold while the hidden exchange runs (overlap_slowdown).
    seconds overlap = 0.0 * units::second;
    /// Host time the GPU waits for: kernel launches the GPU outruns.
    seconds host_wait = 0.0 * units::second;
    /// A serving engine's host time per iteration that the GPU waits for: its scheduler (add_scheduler_time).
    seconds scheduler = 0.0 * units::second;
    /// The software profile's fitted host time per step (training) or per call (inference), which no kernel explains.
    seconds fixed_overhead = 0.0 * units::second;
    /// All host time of the unit: every launch, hidden or not, and the fixed overhead.
    seconds host = 0.0 * units::second;
    /// Offloading: copies over the host link that the GPU's kernels do not hide (offload_time).
    seconds host_transfer = 0.0 * units::second;
    /// Offloading: the optimizer step on the CPU.
    seconds host_optimizer = 0.0 * units::second;
    /// The clock the unit's math settled at under the power limit, over the clock of its bursts (1: the limit never
    /// binds; below 1 the board draws its limit for the whole unit).
    double clock_ratio = 1.0;

    /// GPU time of the kernels.
    double gpu() const { return kernels.time + optimizer.time; }
    /// Time the math units are busy.
    double compute_busy() const { return kernels.compute_busy + optimizer.compute_busy; }
    /// Time the math units draw power for: compute_busy without the waves' fixed overheads.
    double math_busy() const { return kernels.math_busy + optimizer.math_busy; }
    /// Time DRAM is busy.
    double memory_busy() const { return kernels.memory_busy + optimizer.memory_busy; }
    /// The unit's wall time: the sum of the parts.
    double total() const {
        return gpu() + bubble.value() + communication.value() + overlap.value() + host_wait.value() +
               scheduler.value() + fixed_overhead.value() + host_transfer.value() + host_optimizer.value();
    }
};

/// An offloading run's copies over the host link and its optimizer step on the CPU, per optimizer update.
struct offload_cost {
    /// Link seconds that can run beside the GPU's kernels (gradients down as backward makes them, parameter shards
    /// up ahead of their gathers, saved activations down and up).
    double overlapped = 0.0;
    /// Link seconds the GPU waits for: the updated weights copied up after the CPU's step, before the next forward.
    double exposed = 0.0;
    /// The optimizer step on the CPU, at the host memory's bandwidth.
    double host_update = 0.0;
};

/// The host-link traffic and CPU optimizer step of plan `p` on `g` per optimizer update (docs/model.md,
/// "Offloading"), over A·m micro-batch passes: an offloaded optimizer (ZeRO-Offload) takes each GPU's 1/d of the
/// gradients down and sends the updated weights up; FSDP's parameter offload copies each shard up for the forward
/// and the backward gathers and its gradient down, every pass; activation offloading sends every saved tensor down
/// and back. The link is full duplex: the larger direction counts, at host_link(g)'s bandwidth times its efficiency;
/// the CPU's step reads and writes what the GPU kernel would (kernels::optimizer_update) at host_memory_bandwidth(g).
inline offload_cost offload_time(const run_plan& p, const gpu_spec& g) {
    const run_config& c = p.config;
    offload_cost o;
    if (!c.offload.any()) {
        return o;
    }
    const link_spec& link = host_link(g);
    const double bw = link.bandwidth * link.efficiency;
    const double passes = static_cast<double>(c.accumulation) * p.microbatches;
    const double wb = training_weight_bytes(p), gb = element_bytes(gradient_type(p.types));
    const double updated = trainable_parameters(*p.source, c) / (c.zero >= 1 ? p.dp : 1.0);
    double down = 0.0, up = 0.0;
    if (c.offload.optimizer_on_host()) {
        down += (c.offload.parameters ? passes : 1.0) * updated * gb;
        const kernel step =
            kernels::optimizer_update("host optimizer", updated, *c.optimizer, dtype::fp32, p.types.fp32_master);
        o.host_update = traffic(step).value() / host_memory_bandwidth(g);
    }
    if (c.offload.parameters) {
        up += passes * 2.0 * local_parameters(*p.source, c) / p.dp * wb;
    } else if (c.offload.optimizer_on_host()) {
        o.exposed = updated * wb / bw;
    }
    if (c.offload.activations) {
        const double saved = passes * saved_per_microbatch(p).total;
        down += saved;
        up += saved;
    }
    o.overlapped = std::max(down, up) / bw;
    return o;
}

}  // namespace detail

/// A run lowered to kernels once, independently of the GPU, to be costed on any number of GPUs
/// (`predict(const lowered_run&, ...)`): lowering is about half the work of a prediction, and a comparison
/// or sweep over GPUs lowers each (workload, shape) only once.
struct lowered_run {
    /// The resolved run.
    run_plan plan;
    /// One GPU's kernels for each pass of the plan (plan.pass_count of them; none while the batch is found per
    /// GPU: plan.batch_per_gpu).
    std::array<lowered_work, 2> passes;
    /// The memory footprint of one GPU, without its capacity.
    memory_footprint memory;
};

/// Lowers plan `p` for one GPU's share of the work: every pass of its shapes (lower_transformer, lower_cnn)
/// and its footprint. A plan whose batch is found per GPU (serving) is lowered by predict, per GPU.
inline lowered_run lower(const run_plan& p) {
    lowered_run r;
    r.plan = p;
    if (p.batch_per_gpu) {
        return r;
    }
    for (std::size_t i = 0; i < p.pass_count; ++i) {
        if (p.pass_weight[i] > 0.0) {
            r.passes[i] =
                p.cnn ? lower_cnn(p, p.passes[i].batch, kernel_names::folded) : lower_transformer(p, p.passes[i]);
        }
    }
    r.memory = footprint(p);
    return r;
}

/// Resolves and lowers run `c` of `w` (lower(resolve(w, c))). Throws input_error for an invalid configuration.
inline lowered_run lower_run(const workload& w, const run_config& c) {
    return lower(resolve(w, c));
}

namespace detail {

/// Throws unsupported_error unless `g` has the units for the plan's GEMM math.
inline void require_math(const run_plan& p, const gpu_spec& g) {
    if (!peak(g, p.types.math, p.types.math_unit)) {
        throw unsupported_error(g.name + " (" + std::string(params(g.arch).display_name) + ") cannot run " +
                                std::string(to_string_view(p.config.precision)) + ": it has no " +
                                to_string(p.types.math) + " tensor-core math");
    }
}

/// Serving: the plan at the largest batch that fits `g`, capped by the server's batch and, under in-flight batching,
/// by the iterations' token budget (iteration_batch_cap).
inline run_plan serving_plan(const run_plan& p, const gpu_spec& g) {
    const transformer_config* t = transformer_of(*p.source);
    const bool inflight = t != nullptr && inflight_serving(p.config, *t);
    const long long cap =
        inflight ? std::min(p.config.max_serve_batch, iteration_batch_cap(p.config)) : p.config.max_serve_batch;
    const long long b = largest_fitting_batch(p, g, cap);
    if (b == 0) {
        throw unsupported_error(p.source->name + " does not fit " + g.name + " even at batch 1");
    }
    return plan_for_batch(p, b);
}

/// A training step, per accumulation step (docs/model.md, "Step timeline"): with A accumulation steps per update,
/// m micro-batches in s = m + p − 1 1F1B slots and per-slot times, the GPU's path carries A·s slots of forward and
/// backward kernels plus the gradient exchange left exposed after the last backward (X = max(C − s·t_bwd,
/// t_last_bucket)) and the compute the hidden exchange's NCCL kernels slow (Y); the host runs concurrently, and the
/// loop's fixed host work comes once per update:
/// t = [max(A·s·t_host, A·s·t_gpu + X + Y) + A·s·t_critical + t_optimizer + t_step] / A. Its parts: the kernels of
/// the m micro-batches, the s − m idle slots (bubble), the critical and exposed communication, the overlap slowdown,
/// the host time the GPU waits for, the optimizer and the fixed overhead.
inline step_timeline training_time(const lowered_run& r, const cost_context& ctx) {
    const run_plan& p = r.plan;
    work_time slot;
    for (std::size_t i = 0; i < p.pass_count; ++i) {
        detail::accumulate(slot, evaluate(r.passes[i], ctx, p), p.pass_weight[i]);
    }
    const double s = p.stages, A = p.config.accumulation, m = p.microbatches;
    const double exposed = exposed_overlap(slot, s * slot.backward);
    const double slowed = overlap_slowdown(slot, exposed);
    const double gpu_path = A * s * slot.passes.time + exposed + slowed, host = A * s * slot.host;
    step_timeline out;
    out.kernels.add(slot.passes, m);
    out.optimizer.add(slot.optimizer, 1.0 / A);
    out.bubble = (s - m) * (slot.passes.time + slot.critical_comm) * units::second;
    out.communication = (m * slot.critical_comm + exposed / A) * units::second;
    out.overlap = slowed / A * units::second;
    out.host_wait = std::max(0.0, host - gpu_path) / A * units::second;
    out.fixed_overhead = ctx.step_overhead / A * units::second;
    out.host = (host + ctx.step_overhead) / A * units::second;
    const offload_cost off = offload_time(p, *ctx.gpu);
    out.host_transfer = (std::max(0.0, off.overlapped - A * s * slot.passes.time) + off.exposed) / A * units::second;
    out.host_optimizer = off.host_update / A * units::second;
    return out;
}

/// What settles a unit's clock under the power limit (settled_clock_ratio): the GPU, its family's coefficients, the
/// power rate of the run's math type, and the contexts at a settled clock.
struct clock_settling {
    const gpu_spec* gpu = nullptr;
    const cost_params* params = nullptr;
    std::size_t profile = 0;
    double rate = 1.0;

    /// The family's parameters.
    const family_params& family() const { return params->family[static_cast<std::size_t>(gpu->arch)]; }
    /// The ratio kernels busy `busy` seconds, their math `math` of them, settle at, relative to the ratio `from` they
    /// were costed at.
    double ratio(double math, double busy, double from = 1.0) const {
        return settled_clock_ratio(*gpu, family(), math, busy, rate, from);
    }
    /// The cost context at clock ratio `x`.
    cost_context at(double x) const { return cost_context_of(*gpu, profile, *params, x); }
};

/// Adds to `tl`, one iteration of in-flight batching of plan `p`, its serving engine's host time (docs/model.md, "The
/// engine's host time"): t = fixed + per_sequence · n over the n = B + B/(G − 1) sequences it schedules (B decoding,
/// B/(G − 1) admitted), all of it when the engine's loop is synchronous, else what the iteration's kernels and
/// transfers do not cover.
inline void add_scheduler_time(step_timeline& tl, const run_plan& p) {
    const run_config& c = p.config;
    const scheduler_host h = scheduler_host_of(c.engine, c.framework_version);
    const double n = static_cast<double>(c.batch) + p.samples;
    const double host = h.fixed + h.per_sequence * n;
    const double busy = tl.gpu() + tl.communication.value();
    tl.scheduler = (h.overlap == host_overlap::synchronous ? host : std::max(0.0, host - busy)) * units::second;
    tl.host += host * units::second;
}

/// An inference unit: pipeline stages of one request run one after the other; an LLM call is its prefill and
/// decode steps, each with a wall time of its own, max(t_gpu, t_host) + t_critical, and the call's fixed overhead.
inline step_timeline inference_time(const lowered_run& r, const cost_context& ctx) {
    const run_plan& p = r.plan;
    step_timeline out;
    for (std::size_t i = 0; i < p.pass_count; ++i) {
        if (p.pass_weight[i] <= 0.0) {
            continue;
        }
        const double k = p.stages * p.pass_weight[i];
        const work_time wt = evaluate(r.passes[i], ctx, p);
        out.kernels.add(wt.passes, k);
        const double gpu = wt.passes.time + wt.optimizer.time;
        out.communication += k * (wt.critical_comm + exposed_overlap(wt, wt.backward)) * units::second;
        out.host_wait += k * std::max(0.0, wt.host - gpu) * units::second;
        out.host += k * wt.host * units::second;
    }
    out.fixed_overhead = (p.step_overhead ? ctx.call_overhead : 0.0) * units::second;
    out.host += out.fixed_overhead;
    if (p.iteration) {
        add_scheduler_time(out, p);
    }
    return out;
}

/// The kernel bound that accounts for most of `k`'s time; adds `k`'s time per bound to `by_bound`.
inline bound dominant_bound(const kernel_sums& k, std::array<double, 3>& by_bound) {
    std::array<double, 3> b{};
    for (const auto& c : k.cls_bound) {
        for (std::size_t j = 0; j < 3; ++j) {
            b[j] += c[j];
            by_bound[j] += c[j];
        }
    }
    return static_cast<bound>(std::max_element(b.begin(), b.end()) - b.begin());
}

/// The breakdown of the unit's wall time into the parts of its timeline (op classes, optimizer, pipeline bubble,
/// communication, host wait, fixed overhead), which add up to it, and the bound of the run: overhead when the GPU
/// waits for the host's launches, else the largest of the kernels (named by the bound of most of their time), the
/// communication, the bubble and the fixed overhead.
inline void add_breakdown(prediction& out, const step_timeline& tl, bool training) {
    const auto class_bound = [](const std::array<double, 3>& b) {
        return static_cast<bound>(std::max_element(b.begin(), b.end()) - b.begin());
    };
    out.breakdown.reserve(all_op_classes.size() + 8);
    for (op_class c : all_op_classes) {
        const auto i = static_cast<std::size_t>(c);
        if (tl.kernels.cls_time[i] > 0.0) {
            out.breakdown.push_back({std::string(to_string_view(c)), tl.kernels.cls_time[i] * units::second,
                                     tl.kernels.cls_work[i] * units::flop, tl.kernels.cls_bytes[i] * units::byte,
                                     class_bound(tl.kernels.cls_bound[i])});
        }
    }
    std::array<double, 3> by_bound{};
    dominant_bound(tl.kernels, by_bound);
    if (tl.optimizer.time > 0.0) {
        double work = 0.0, moved = 0.0;
        for (std::size_t i = 0; i < all_op_classes.size(); ++i) {
            work += tl.optimizer.cls_work[i];
            moved += tl.optimizer.cls_bytes[i];
        }
        out.breakdown.push_back({"optimizer", tl.optimizer.time * units::second, work * units::flop,
                                 moved * units::byte, dominant_bound(tl.optimizer, by_bound)});
    }
    const std::array<breakdown_entry, 8> waits = {
        breakdown_entry{"pipeline bubble", tl.bubble, 0.0 * units::flop, 0.0 * units::byte, bound::pipeline_bubble},
        breakdown_entry{"communication", tl.communication, 0.0 * units::flop, 0.0 * units::byte, bound::communication},
        breakdown_entry{"overlap slowdown", tl.overlap, 0.0 * units::flop, 0.0 * units::byte, bound::communication},
        breakdown_entry{"host transfer", tl.host_transfer, 0.0 * units::flop, 0.0 * units::byte, bound::communication},
        breakdown_entry{"host optimizer", tl.host_optimizer, 0.0 * units::flop, 0.0 * units::byte, bound::overhead},
        breakdown_entry{"host wait", tl.host_wait, 0.0 * units::flop, 0.0 * units::byte, bound::overhead},
        breakdown_entry{"scheduler", tl.scheduler, 0.0 * units::flop, 0.0 * units::byte, bound::overhead},
        breakdown_entry{training ? "step overhead" : "call overhead", tl.fixed_overhead, 0.0 * units::flop,
                        0.0 * units::byte, bound::overhead}};
    const auto top = static_cast<std::size_t>(std::max_element(by_bound.begin(), by_bound.end()) - by_bound.begin());
    out.limiter = static_cast<bound>(top);
    double largest = tl.gpu();
    for (const breakdown_entry& e : waits) {
        if (e.time.value() > 0.0) {
            out.breakdown.push_back(e);
        }
        if (e.time.value() > largest) {
            largest = e.time.value();
            out.limiter = e.limiter;
        }
    }
    if (tl.host_wait.value() > 0.0) {
        out.limiter = bound::overhead;
    }
}

/// Refinements of a settled clock at most (each costs the step once more), until the costing at the clock reproduces
/// it within 1e-4.
inline constexpr int settle_refinements = 3;

/// The timeline of lowered run `r` with its clock settled under the power limit (docs/model.md, "Settled clock"): a
/// training step settles as a whole (its layers' kernels share the limiter's window); inference is costed at the
/// burst clock.
inline step_timeline settled_timeline(const lowered_run& r, const clock_settling& clocks) {
    const cost_context burst = clocks.at(1.0);
    if (!r.plan.training) {
        return inference_time(r, burst);
    }
    step_timeline tl = training_time(r, burst);
    double x = clocks.ratio(tl.math_busy(), tl.gpu());
    if (x < 1.0) {
        // The ratio is solved on a linear stretch of a costing: refined from the costing at it until it holds.
        tl = training_time(r, clocks.at(x));
        for (int i = 0; i < settle_refinements; ++i) {
            const double y = clocks.ratio(tl.math_busy(), tl.gpu(), x);
            if (std::abs(y - 1.0) < 1e-4) {
                break;
            }
            x = std::min(1.0, x * y);
            tl = training_time(r, clocks.at(x));
        }
        tl.clock_ratio = x;
    }
    return tl;
}

/// Power, energy and cost (docs/model.md): in inference the pipeline stages of a request run one after
/// another, so each GPU is busy for its stage only, 1/pp of the accumulated work; per epoch with a dataset
/// size, per million tokens where tokens are counted.
inline void add_energy_and_cost(prediction& out, const run_plan& p, const gpu_spec& g, const step_timeline& tl) {
    const run_config& c = p.config;
    const double t = tl.total();
    // While the limiter holds the clock down the board draws its limit; otherwise it draws by activity.
    const double share = c.mode == mode::infer ? 1.0 / c.pp : 1.0;
    out.avg_power =
        tl.clock_ratio < 1.0 ? g.tdp : average_power(g, share * tl.compute_busy(), share * tl.memory_busy(), t);
    out.tdp = g.tdp;
    const double gpus = static_cast<double>(c.num_gpus);
    out.energy = out.avg_power * out.time * gpus;
    if (c.price_per_hour) {
        out.cost_usd = *c.price_per_hour * gpus * t / 3600.0;
    }
    if (c.dataset_size && c.mode == mode::train) {
        const double steps = *c.dataset_size / (static_cast<double>(out.batch) * p.dp);
        out.epoch_time = steps * out.time;
        out.epoch_energy = steps * out.energy;
        if (out.cost_usd) {
            out.epoch_cost_usd = steps * *out.cost_usd;
        }
    }
    if (p.tokens && *p.tokens > 0.0) {
        const double per_million = 1e6 / *p.tokens;
        out.energy_per_million_tokens = per_million * out.energy;
        if (out.cost_usd) {
            out.cost_per_million_tokens_usd = per_million * *out.cost_usd;
        }
    }
}

}  // namespace detail

/// Costs lowered run `r` on GPU `g` (each of the run's GPUs is a `g`) with parameters `p`. Throws
/// input_error for an invalid GPU description (validate(g)) and unsupported_error for a precision `g` cannot
/// run or a served model that does not fit.
inline prediction predict(const lowered_run& r, const gpu_spec& g, const cost_params& p = default_params()) {
    validate(g);
    const run_plan& plan = r.plan;
    detail::require_math(plan, g);
    if (plan.batch_per_gpu) {
        return predict(lower(detail::serving_plan(plan, g)), g, p);
    }
    // A run keeps its math busy for longer than the power limiter's window: it settles where the limit allows
    // (g validated above).
    const double rate = uses_fp32_accumulate(plan.types.math) ? g.fp32_accumulate_rate : 1.0;
    const detail::clock_settling clocks{&g, &p, plan.profile, rate};
    const detail::step_timeline tl = detail::settled_timeline(r, clocks);
    const double t = tl.total();
    prediction out;
    out.burst_clock = burst_tensor_clock(g, clocks.family(), rate);
    out.settled_clock = out.burst_clock * tl.clock_ratio;
    out.gpu = g.name;
    out.workload = plan.source->name;
    out.workload_origin = plan.source->origin;
    out.config = plan.config;
    out.batch = plan.config.batch;
    out.prefill_tokens = plan.passes[0].chunk_tokens;
    out.time = t * units::second;
    out.samples_per_s = plan.samples * plan.dp / t;
    if (plan.tokens) {
        out.tokens_per_s = *plan.tokens / t;
    }
    out.gpu_time = tl.gpu() * units::second;
    out.host_time = tl.host;
    out.comm_time = tl.communication;
    out.bubble_time = tl.bubble;
    detail::add_breakdown(out, tl, plan.training);
    out.memory = detail::placed_on(r.memory, plan, g);
    const auto band = error_band(p, plan.kind);
    out.likely_low = out.time * band.first;
    out.likely_high = out.time * band.second;
    out.extrapolation = extrapolation_note(p, g, plan);
    detail::add_energy_and_cost(out, plan, g, tl);
    return out;
}

/// Predicts plan `plan` on GPU `g` with parameters `p` (predict(lower(plan), g, p)).
inline prediction predict(const run_plan& plan, const gpu_spec& g, const cost_params& p = default_params()) {
    return predict(lower(plan), g, p);
}

/// Predicts run `cfg` of `w` on GPU `g` (each of cfg.num_gpus GPUs is a `g`) with parameters `p`:
/// resolve, lower, then cost. Throws input_error for an invalid configuration and unsupported_error for a
/// precision `g` cannot run.
inline prediction predict(const workload& w, const gpu_spec& g, const run_config& cfg,
                          const cost_params& p = default_params()) {
    return predict(lower_run(w, on_gpu(cfg, g)), g, p);
}

}  // namespace roofcast

#endif
