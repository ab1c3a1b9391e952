/// @file
/// Capacity planning for training: of every layout — GPU type and count, tensor, pipeline and data parallelism,
/// ZeRO stage, recompute, micro-batch size and micro-batches per step — that runs a global batch, the ones that
/// fit memory and meet a deadline and a budget, ranked by time, cost or energy to train; and why the layouts
/// ranked above the best are not plans. Each layout without its GPU type is resolved, its footprint taken and
/// its kernels lowered once, then costed on every GPU type (lower, predict). docs/planning.md has the search,
/// the formulas and a worked example.
#ifndef ROOFCAST_MODEL_TRAINING_PLAN_HPP
#define ROOFCAST_MODEL_TRAINING_PLAN_HPP

#include <roofcast/detail/parallel.hpp>
#include <roofcast/error.hpp>
#include <roofcast/format.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/model/compare.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/lower_workload.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/units.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace roofcast {

/// A training job to plan, and where to look for its layouts.
struct training_request {
    /// The model; not owned, it must outlive the plan.
    const workload* source = nullptr;
    /// How every layout runs apart from its layout: precision, sequence length (CNNs: image size), framework,
    /// optimizer, attention, sequence parallelism (applied where tp > 1), GPUs per node, interconnect, TF32. Its
    /// mode and phase (a training step), batch, GPU count, nodes, tp, pp, micro-batches, accumulation, ZeRO stage,
    /// recompute, the inference options (beams, mean sequence length), price and dataset size are what the search
    /// sets, so their values here are not read.
    run_config base;
    /// Sequences (samples) per optimizer step over all data-parallel replicas.
    long long global_batch = 0;
    /// Tokens to train (transformers): ⌈tokens / (global batch × sequence length)⌉ optimizer steps.
    std::optional<double> tokens;
    /// Samples to train (any workload): ⌈samples / global batch⌉ optimizer steps. Give tokens or samples.
    std::optional<double> samples;
    /// The longest the training may take.
    std::optional<seconds> deadline;
    /// The most it may cost, US dollars (needs prices).
    std::optional<double> budget_usd;
    /// The GPU types to consider.
    std::vector<gpu_spec> gpus;
    /// US dollars per GPU-hour: one per GPU type, one for all, or none (no costs).
    std::vector<double> prices;
    /// The most GPUs a layout may use.
    int max_gpus = 1024;
    /// What ranks the layouts (cost needs prices).
    roofcast::objective objective = roofcast::objective::time;
    /// Layouts to list, best first.
    std::size_t top = 10;
    /// Rejected layouts ranked above the best to explain (the best of each GPU type and count).
    std::size_t explain = 5;
    /// Worker threads; the plan does not depend on their number.
    int threads = 1;
};

/// One layout of a training job on one GPU type, with its time, cost and energy to train.
struct training_option {
    /// GPU type.
    std::string gpu;
    /// GPUs: tp · pp · dp.
    int num_gpus = 1;
    /// Tensor-, pipeline- and data-parallel degrees.
    int tp = 1, pp = 1, dp = 1;
    /// ZeRO stage.
    int zero = 0;
    /// Activation recomputation.
    roofcast::recompute recompute = roofcast::recompute::none;
    /// Sequences (samples) per micro-batch.
    long long micro_batch = 1;
    /// Micro-batches per optimizer step and replica: gradient-accumulation steps (pp = 1) or the micro-batches
    /// of one pipeline flush (pp > 1); global batch = micro_batch · micro_batches · dp.
    int micro_batches = 1;
    /// Optimizer steps to train.
    double steps = 0.0;
    /// One optimizer step (the global batch). This and the figures below it but memory are 0 for a layout that
    /// does not fit: it is not costed.
    seconds step_time = 0.0 * units::second;
    /// Time to train: steps × step time.
    seconds time = 0.0 * units::second;
    /// The likely range of the time to train: its 10th to 90th percentile from the held-out residuals of its kind of
    /// run, the multi-GPU training rows among them (prediction::likely_low, likely_high); 0 when not costed.
    seconds likely_low = 0.0 * units::second, likely_high = 0.0 * units::second;
    /// Energy to train over all GPUs.
    joules energy = 0.0 * units::joule;
    /// Cost to train: price × GPUs × time, when a price is given.
    std::optional<double> cost_usd;
    /// Model FLOPs utilization: model FLOPs per second over the GPUs' dense peak of the run's math type.
    double mfu = 0.0;
    /// Memory per GPU, and the usable memory of one GPU.
    bytes memory = 0.0 * units::byte, capacity = 0.0 * units::byte;
    /// The largest item of the footprint.
    std::string largest_item;
    /// What limits the step: "compute", "memory" (bandwidth), "overhead" (host), "communication" or "pipeline
    /// bubble": the prediction's bound, read off the step's timeline (predict).
    std::string limiter;

    /// Whether the footprint fits one GPU.
    bool fits() const { return memory <= capacity; }
    /// The likely range of the cost, the cost scaled as the time's likely range (cost is price × GPUs × time);
    /// nullopt without a price or for a layout that is not costed.
    std::optional<std::pair<double, double>> likely_cost_usd() const {
        if (!cost_usd || time.value() <= 0.0) {
            return std::nullopt;
        }
        return std::make_pair(*cost_usd * likely_low.value() / time.value(),
                              *cost_usd * likely_high.value() / time.value());
    }
};

/// Why a layout is not a plan, in the order checked.
enum class training_rejection_reason { does_not_fit, misses_deadline, over_budget };

/// "does not fit", "misses the deadline" or "over budget".
inline constexpr std::string_view to_string_view(training_rejection_reason r) {
    return r == training_rejection_reason::does_not_fit      ? "does not fit"
           : r == training_rejection_reason::misses_deadline ? "misses the deadline"
                                                             : "over budget";
}

/// A layout that is not a plan, and why.
struct training_rejection {
    /// The layout.
    training_option option;
    /// The first reason it fails: memory, then the deadline, then the budget.
    training_rejection_reason reason = training_rejection_reason::does_not_fit;
};

/// The answer of plan_training: the best layouts and why the better-ranked ones are not plans.
struct training_plan {
    /// Workload name.
    std::string workload;
    /// The base run with its defaults filled in (precision, sequence length or image size, framework, ...).
    run_config base;
    /// Sequences (samples) per optimizer step.
    long long global_batch = 0;
    /// What is trained: tokens or samples, as asked.
    double amount = 0.0;
    /// Whether `amount` counts tokens (else samples).
    bool counts_tokens = true;
    /// Optimizer steps: ⌈amount / (global batch × sequence length)⌉ (tokens) or ⌈amount / global batch⌉.
    double steps = 0.0;
    /// The deadline and the budget, as asked.
    std::optional<seconds> deadline;
    /// Budget in US dollars.
    std::optional<double> budget_usd;
    /// What ranks the layouts.
    roofcast::objective objective = roofcast::objective::time;
    /// Model FLOPs of one sequence (sample) in training (model_flops_per_sample).
    double model_flops_per_sample = 0.0;
    /// How they are counted.
    std::string flops_basis;
    /// Layouts searched (over GPU types), of them those that fit memory, and those that meet every constraint.
    std::size_t layouts = 0, fitting = 0, feasible = 0;
    /// The best `top` feasible layouts, best first.
    std::vector<training_option> options;
    /// The best feasible layout of each GPU type that has one, in the order the types were given.
    std::vector<training_option> best_per_gpu;
    /// Why the options ranked above the best plan are not plans, at most `explain` of each kind: for each GPU
    /// type, the largest GPU count below the smallest that fits, where nothing fits (its smallest footprint);
    /// then the GPU types and counts whose layouts fit but miss the deadline (their fastest) or the budget (their
    /// cheapest within the deadline) and rank above the best plan, nearest it first.
    std::vector<training_rejection> rejected;
    /// GPU types not searched, with the reason (a precision they cannot run).
    std::vector<std::string> skipped;
};

/// Parameters of transformer `t` that multiply every token (the N of 6N): every block (of an MoE block only
/// the top-k experts a token runs), the final norms, the output projection where the model has one (decoders),
/// BERT's pooler; not the embedding tables, which are looked up.
inline double matmul_parameters(const transformer_config& t) {
    const double h = static_cast<double>(t.hidden), v = static_cast<double>(t.vocab) * h;
    double n = parameters(t) - v - static_cast<double>(t.type_vocab) * h;
    n -= t.position == position_kind::learned ? static_cast<double>(t.max_seq) * h : 0.0;
    n -= static_cast<double>(t.encoder_positions) * h;  // a fixed input's position table, looked up too
    n -= t.tied_embeddings ? 0.0 : v;
    n += t.kind == transformer_kind::encoder ? 0.0 : v;
    return n - idle_expert_parameters(t);
}

/// Model FLOPs of one training sequence (sample) of run `c` of `w`, and how they are counted. A transformer's
/// S tokens each cost 6·N + 12·L·H·Q·S (Chowdhery et al. 2022, PaLM, Appendix B: forward and backward of the
/// matmuls, 6 per parameter, and of attention's two S × S products, not halved for causal masks; N:
/// matmul_parameters, L layers, H heads of width Q). A CNN's sample costs 3 × its forward FLOPs (backward ≈ 2 ×
/// forward), lowered at the run's image size. An encoder-decoder with a fixed input counts each stack over its own
/// positions. Recomputation is not model work, so it never raises the count.
inline std::pair<double, std::string> model_flops_per_sample(const workload& w, const run_config& c) {
    if (const transformer_config* tf = transformer_of(w)) {
        const transformer_config& t = *tf;
        const double s = static_cast<double>(seq_len_of(c, t));
        const double layers = static_cast<double>(t.layers + t.decoder_layers);
        const double hq = static_cast<double>(t.heads * t.head_dim);
        if (t.encoder_positions > 0) {
            // A fixed encoder input (Whisper): the encoder's E positions and the decoder's S tokens each count their
            // own stack's matmuls and attention, the decoder's also its cross-attention over E keys; the front end's
            // first convolution runs over 2E frames.
            const double E = static_cast<double>(t.encoder_positions);
            const double conv1 = 3.0 * static_cast<double>(t.mel_bins * t.hidden) + static_cast<double>(t.hidden);
            const double encoder =
                stack_parameters(t, t.layers, cross_attention::absent) + audio_frontend_parameters(t);
            const double decoder = matmul_parameters(t) - encoder;
            const double enc = E * (6.0 * (encoder + conv1) + 12.0 * static_cast<double>(t.layers) * hq * E);
            const double dec = s * (6.0 * decoder + 12.0 * static_cast<double>(t.decoder_layers) * hq * (s + E));
            return {enc + dec, "6N + 12·L·H·Q·S per token of each stack (PaLM, Appendix B)"};
        }
        const double per_token = 6.0 * matmul_parameters(t) + 12.0 * layers * hq * s;
        return {s * per_token, "6N + 12·L·H·Q·S per token (PaLM, Appendix B)"};
    }
    run_config fwd;
    fwd.mode = mode::infer;
    fwd.precision = precision::fp16;
    fwd.image_size = c.image_size;
    const run_plan p = resolve(w, fwd);
    double forward = 0.0;
    for (const kernel& k : lower_cnn(p, 1, kernel_names::folded).kernels) {
        forward += k.work.value() * k.count;
    }
    return {3.0 * forward, "3 x forward FLOPs per sample"};
}

/// Largest number of layouts (over GPU types) one training plan searches: every layout's figures are kept
/// until the ranking, so a larger search is refused rather than run out of memory.
inline constexpr double max_training_layouts = 1e6;

namespace detail {

/// One layout without its GPU type: what is resolved, measured and lowered once.
struct training_shape {
    int tp = 1, pp = 1, dp = 1, zero = 0;
    roofcast::recompute recompute = roofcast::recompute::none;
    long long micro = 1;
    int micro_batches = 1;
};

/// Throws input_error "invalid training plan: MESSAGE".
[[noreturn]] inline void invalid_training_plan(const std::string& message) {
    throw input_error("invalid training plan: " + message);
}

/// The divisors of `n` (≥ 1) that are at most `most`, in increasing order.
inline std::vector<long long> divisors(long long n, long long most) {
    std::vector<long long> low, high;
    for (long long d = 1; d * d <= n; ++d) {
        if (n % d == 0) {
            low.push_back(d);
            if (d != n / d) {
                high.push_back(n / d);
            }
        }
    }
    low.insert(low.end(), high.rbegin(), high.rend());
    low.erase(std::upper_bound(low.begin(), low.end(), most), low.end());
    return low;
}

/// The run of layout `s` from `base`: its GPUs, parallelism, ZeRO stage and recompute; with pipelining one
/// flush of s.micro_batches micro-batches per optimizer step (batch = micro · micro-batches), else
/// s.micro_batches gradient-accumulation steps of one micro-batch.
inline run_config shape_run(const run_config& base, const training_shape& s) {
    run_config c = base;
    c.mode = mode::train;
    c.phase.reset();
    c.nodes = 0;
    c.num_gpus = s.tp * s.pp * s.dp;
    c.tp = s.tp;
    c.pp = s.pp;
    c.zero = s.zero;
    c.recompute = s.recompute;
    c.sequence_parallel = base.sequence_parallel && s.tp > 1;
    c.batch = s.pp > 1 ? s.micro * s.micro_batches : s.micro;
    c.microbatches = s.pp > 1 ? s.micro_batches : 0;
    c.accumulation = s.pp > 1 ? 1 : s.micro_batches;
    c.beams = 1;
    c.mean_seq_len = 0;
    c.price_per_hour.reset();
    c.dataset_size.reset();
    return c;
}

/// ZeRO stages worth searching: none without data parallelism (nothing to shard over); 0 and 1 with
/// pipelining (DeepSpeed does not combine ZeRO-2/3 with pipeline parallelism); else 0 to 3.
inline int most_zero(int dp, int pp) {
    return dp == 1 ? 0 : pp > 1 ? 1 : 3;
}

/// Appends every layout of `r` with tensor-parallel degree `tp` and pipeline degree `pp`: each data-parallel
/// degree dividing the global batch within the GPU limit, each micro-batch size dividing a replica's share,
/// each ZeRO stage (most_zero) and, for transformers, each recompute mode (roofcast models recomputation for
/// transformers only). Throws input_error past max_training_layouts.
inline void add_shapes(std::vector<training_shape>& out, const training_request& r, int tp, int pp) {
    const long long G = r.global_batch;
    for (long long dp : divisors(G, r.max_gpus / (tp * pp))) {
        for (long long micro : divisors(G / dp, G / dp)) {
            const long long m = G / dp / micro;
            if (m > run_limits::max_steps) {
                continue;
            }
            for (int z = 0; z <= most_zero(static_cast<int>(dp), pp); ++z) {
                for (roofcast::recompute rc : all_recomputes) {
                    if (rc == recompute::none || transformer_of(*r.source)) {  // CNNs keep every activation
                        out.push_back({tp, pp, static_cast<int>(dp), z, rc, micro, static_cast<int>(m)});
                    }
                }
            }
        }
        if (static_cast<double>(out.size()) * static_cast<double>(r.gpus.size()) > max_training_layouts) {
            invalid_training_plan("more than 1e6 layouts to search; lower max-gpus, or give fewer GPU types");
        }
    }
}

/// Every layout of `r`: tp up to `most_tp` (the GPUs of a node) that splits the model (tp_unfit), pp a divisor
/// of the layers (whole layers per stage), tp · pp within max_gpus; CNNs are data parallel only.
inline std::vector<training_shape> training_shapes(const training_request& r, int most_tp) {
    std::vector<long long> tps{1}, pps{1};
    if (const transformer_config* t = transformer_of(*r.source)) {
        tps = divisors(t->heads, most_tp);
        tps.erase(std::remove_if(tps.begin(), tps.end(), [&t](long long tp) { return !tp_unfit(*t, tp).empty(); }),
                  tps.end());
        pps = divisors(t->layers + t->decoder_layers, r.max_gpus);
    }
    std::vector<training_shape> out;
    for (long long tp : tps) {
        for (long long pp : pps) {
            if (tp * pp <= r.max_gpus) {
                add_shapes(out, r, static_cast<int>(tp), static_cast<int>(pp));
            }
        }
    }
    return out;
}

/// Checks a positive, finite amount (tokens, samples, the budget) below `most`.
inline void check_amount(const char* field, double v, double most) {
    if (!(v > 0.0 && v < most)) {
        invalid_training_plan(std::string(field) + " must be a positive number below " + format_number(most, 3) +
                              ", got " + format_number(v, 6));
    }
}

/// Throws input_error unless `r` is a job that can be planned: a workload, a global batch within the run
/// limits, exactly one of tokens (transformers) and samples, a positive deadline and budget, GPU types, one
/// price per GPU type (or one for all, or none) each a valid price, prices where cost ranks or a budget bounds,
/// GPU and layout counts within their limits.
inline void validate_training_request(const training_request& r) {
    if (r.source == nullptr) invalid_training_plan("no workload");
    if (r.global_batch < 1 || r.global_batch > run_limits::max_batch)
        invalid_training_plan("global-batch must be between 1 and 1e8 sequences, got " +
                              std::to_string(r.global_batch));
    if (r.tokens.has_value() == r.samples.has_value()) invalid_training_plan("give tokens or samples to train (one)");
    if (r.tokens && !transformer_of(*r.source))
        invalid_training_plan("tokens: " + r.source->name + " is a CNN; give the samples to train");
    check_amount(r.tokens ? "tokens" : "samples", r.tokens ? *r.tokens : *r.samples, 1e18);
    if (r.deadline && !(r.deadline->value() > 0.0 && std::isfinite(r.deadline->value())))
        invalid_training_plan("deadline must be a positive, finite time, got " + format_number(r.deadline->value()));
    if (r.budget_usd) check_amount("budget", *r.budget_usd, 1e15);
    if (r.gpus.empty()) invalid_training_plan("no GPU types to search");
    if (r.prices.size() > 1 && r.prices.size() != r.gpus.size())
        invalid_training_plan("give one price per GPU type (" + std::to_string(r.gpus.size()) +
                              ") or one for all, not " + std::to_string(r.prices.size()));
    for (double p : r.prices) check_amount("price-per-hour", p, run_limits::max_price_per_hour);
    if (r.prices.empty() && (r.objective == objective::cost || r.budget_usd))
        invalid_training_plan("ranking by cost, or a budget, needs a price per GPU-hour (price-per-hour)");
    if (r.max_gpus < 1 || r.max_gpus > run_limits::max_gpus)
        invalid_training_plan("max-gpus must be between 1 and 1000000, got " + std::to_string(r.max_gpus));
    if (r.top < 1) invalid_training_plan("top must be at least 1");
    if (r.threads < 1 || r.threads > 1024)
        invalid_training_plan("threads must be between 1 and 1024, got " + std::to_string(r.threads));
}

/// What one (layout, GPU type) pair gives: whether it is a layout of the type at all (the type runs the precision
/// and a node holds the tensor-parallel group), whether it fits, and the figures of one that fits.
struct scored_layout {
    bool valid = false, fits = false;
    double step_time = 0.0, time = 0.0, energy = 0.0, cost = 0.0, mfu = 0.0;
    /// The time's likely range as factors of it (prediction::likely_low / time, likely_high / time).
    double likely_low = 1.0, likely_high = 1.0;
    /// Bytes the layout keeps on this GPU type beside its footprint, which is the same on every type
    /// (detail::device_bytes: cuBLAS workspaces, FP8 weight copies).
    double device_memory = 0.0;
    std::string_view limiter;
};

/// The memory of one layout (the same on every GPU type): total bytes per GPU and the largest item.
struct layout_memory {
    double total = 0.0;
    std::string largest;
};

/// What is fixed over a search: the job, the GPU types' prices, GPUs per node and peaks, and the parameters.
struct training_search {
    const training_request* request = nullptr;
    const cost_params* params = nullptr;
    double steps = 0.0, flops_per_sample = 0.0;
    std::string flops_basis;
    std::vector<double> prices, peaks;
    std::vector<int> per_node;
    std::vector<bool> usable;
};

/// The figures of prediction `p` of layout `s` on GPU type `g` of search `x`: step time = accumulation × the
/// micro-batch step (pp = 1) or the pipeline flush (pp > 1); time = steps × step time; energy likewise; cost =
/// price × GPUs × time; MFU = model FLOPs per sample × global batch / step time / (GPUs × peak).
inline scored_layout score_layout(const prediction& p, const training_shape& s, std::size_t g,
                                  const training_search& x) {
    const double per_step = s.pp > 1 ? 1.0 : static_cast<double>(s.micro_batches);
    const double gpus = static_cast<double>(s.tp) * s.pp * s.dp;
    scored_layout o;
    o.valid = o.fits = true;
    o.step_time = per_step * p.time.value();
    o.time = x.steps * o.step_time;
    o.energy = x.steps * per_step * p.energy.value();
    o.cost = x.prices.empty() ? 0.0 : x.prices[g] * gpus * o.time / 3600.0;
    o.mfu = x.flops_per_sample * static_cast<double>(x.request->global_batch) / o.step_time / (gpus * x.peaks[g]);
    o.limiter = to_string_view(p.limiter);  // the largest part of the step's timeline (predict)
    o.likely_low = p.likely_low.value() / p.time.value();
    o.likely_high = p.likely_high.value() / p.time.value();
    return o;
}

/// Resolves layout `s` and takes its footprint once; where it fits a usable GPU type of `x` whose nodes hold its
/// tensor-parallel group, lowers it once and costs it on each such type, writing one result per GPU type into
/// `out` and the footprint into `memory`. A layout that does not fit is not costed.
inline void evaluate_shape(const training_shape& s, const training_search& x, scored_layout* out,
                           layout_memory& memory) {
    const training_request& r = *x.request;
    const run_plan plan = resolve(*r.source, shape_run(r.base, s));
    const memory_footprint f = footprint(plan);
    memory = {f.total().value(), f.largest().first};
    std::optional<lowered_run> lowered;
    for (std::size_t g = 0; g < r.gpus.size(); ++g) {
        const double device = detail::device_bytes(plan, r.gpus[g]);
        out[g].valid = x.usable[g] && s.tp <= x.per_node[g];
        out[g].fits = out[g].valid && memory.total + device <= r.gpus[g].usable_memory.value();
        if (out[g].fits) {
            if (!lowered) {
                lowered = lower(plan);
            }
            out[g] = score_layout(predict(*lowered, r.gpus[g], *x.params), s, g, x);
        }
        out[g].device_memory = device;
    }
}

/// Evaluates every layout of `shapes` (evaluate_shape) on `threads` threads; each writes its own slots, so the
/// result does not depend on the number of threads. An exception of any layout stops the search and is rethrown.
inline void evaluate_all(const std::vector<training_shape>& shapes, const training_search& x,
                         std::vector<scored_layout>& out, std::vector<layout_memory>& memory, int threads) {
    const std::size_t n = x.request->gpus.size();
    detail::parallel_for(shapes.size(), threads,
                         [&](std::size_t i) { evaluate_shape(shapes[i], x, &out[i * n], memory[i]); });
}

/// The search of request `r`: the steps, model FLOPs, prices, GPUs per node and peaks of each GPU type, and the
/// types that cannot run the precision (into `skipped`, with the reason). Validates every GPU description.
inline training_search make_search(const training_request& r, const cost_params& cost, const run_plan& probe,
                                   std::vector<std::string>& skipped) {
    training_search x;
    x.request = &r;
    x.params = &cost;
    const double per_step =
        static_cast<double>(r.global_batch) * (r.tokens ? static_cast<double>(probe.config.seq_len) : 1.0);
    x.steps = std::ceil((r.tokens ? *r.tokens : *r.samples) / per_step);
    std::tie(x.flops_per_sample, x.flops_basis) = model_flops_per_sample(*r.source, probe.config);
    for (std::size_t g = 0; g < r.gpus.size(); ++g) {
        const gpu_spec& gpu = r.gpus[g];
        validate(gpu);
        const auto pk = peak(gpu, probe.types.math, probe.types.math_unit);
        x.usable.push_back(pk.has_value());
        x.peaks.push_back(pk ? pk->value() : 0.0);
        x.per_node.push_back(r.base.gpus_per_node > 0 ? r.base.gpus_per_node : gpus_per_node_of(gpu));
        if (!r.prices.empty()) {
            x.prices.push_back(r.prices.size() == 1 ? r.prices[0] : r.prices[g]);
        }
        if (!pk) {
            skipped.push_back(gpu.name + " (" + std::string(params(gpu.arch).display_name) + ") cannot run " +
                              std::string(to_string_view(probe.config.precision)) + ": it has no " +
                              to_string(probe.types.math) + " tensor-core math");
        }
    }
    return x;
}

/// The objective's figure of a scored layout: time, cost or energy to train (lower is better).
inline double objective_key(const scored_layout& s, objective o) {
    return o == objective::time ? s.time : o == objective::cost ? s.cost : s.energy;
}

/// Why scored layout `s` is not a plan of `r`: it does not fit, misses the deadline or is over budget (checked in
/// that order); nullopt when it is one.
inline std::optional<training_rejection_reason> rejection_of(const scored_layout& s, const training_request& r) {
    if (!s.fits) {
        return training_rejection_reason::does_not_fit;
    }
    if (r.deadline && s.time > r.deadline->value()) {
        return training_rejection_reason::misses_deadline;
    }
    if (r.budget_usd && s.cost > *r.budget_usd) {
        return training_rejection_reason::over_budget;
    }
    return std::nullopt;
}

/// The option of layout `s` on GPU type `g` with its figures and memory.
inline training_option make_option(const training_shape& s, const scored_layout& sc, const layout_memory& m,
                                   std::size_t g, const training_search& x) {
    const gpu_spec& gpu = x.request->gpus[g];
    training_option o;
    o.gpu = gpu.name;
    o.num_gpus = s.tp * s.pp * s.dp;
    o.tp = s.tp;
    o.pp = s.pp;
    o.dp = s.dp;
    o.zero = s.zero;
    o.recompute = s.recompute;
    o.micro_batch = s.micro;
    o.micro_batches = s.micro_batches;
    o.steps = x.steps;
    o.step_time = sc.step_time * units::second;
    o.time = sc.time * units::second;
    o.likely_low = o.time * sc.likely_low;
    o.likely_high = o.time * sc.likely_high;
    o.energy = sc.energy * units::joule;
    o.cost_usd = x.prices.empty() ? std::nullopt : std::optional<double>(sc.cost);
    o.mfu = sc.mfu;
    o.memory = (m.total + sc.device_memory) * units::byte;
    o.capacity = gpu.usable_memory;
    o.largest_item = m.largest;
    o.limiter = std::string(sc.limiter);
    return o;
}

/// The order of the ranking: by the objective, then time, cost and energy, then fewer GPUs, then the order of
/// GPU types and layouts searched, so it is total and the same on any number of threads. Candidate i is layout
/// i / n on GPU type i % n.
struct training_order {
    const std::vector<training_shape>* shapes;
    const std::vector<scored_layout>* scored;
    std::size_t n;
    objective by;

    bool operator()(std::size_t a, std::size_t b) const {
        const scored_layout &x = (*scored)[a], &y = (*scored)[b];
        const training_shape &sa = (*shapes)[a / n], &sb = (*shapes)[b / n];
        return std::make_tuple(objective_key(x, by), x.time, x.cost, x.energy, sa.tp * sa.pp * sa.dp, a % n, a / n) <
               std::make_tuple(objective_key(y, by), y.time, y.cost, y.energy, sb.tp * sb.pp * sb.dp, b % n, b / n);
    }
};

/// What a GPU type and count achieve over all their layouts (candidate indices; none: no such layout): the
/// smallest footprint; of the layouts that fit, the best-ranked, the fastest and the cheapest that meets the
/// deadline; and whether any is a plan.
struct training_group {
    static constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
    std::size_t smallest = none, best = none, fastest = none, cheapest_in_time = none;
    bool feasible = false;
};

/// Adds candidate `i` of layout memory `m` to its group's summary (ranked by `before`).
inline void add_to_group(training_group& g, std::size_t i, const std::vector<scored_layout>& scored,
                         const std::vector<layout_memory>& memory, std::size_t n, const training_order& before,
                         const training_request& r) {
    constexpr std::size_t none = training_group::none;
    const scored_layout& s = scored[i];
    if (g.smallest == none || memory[i / n].total < memory[g.smallest / n].total) g.smallest = i;
    if (!s.fits) return;
    if (g.best == none || before(i, g.best)) g.best = i;
    if (g.fastest == none || s.time < scored[g.fastest].time) g.fastest = i;
    const bool in_time = !(r.deadline && s.time > r.deadline->value());
    if (in_time && (g.cheapest_in_time == none || s.cost < scored[g.cheapest_in_time].cost)) g.cheapest_in_time = i;
    g.feasible = g.feasible || !rejection_of(s, r);
}

/// Groups of GPU type and count: (type, count) → summary.
using training_groups = std::map<std::pair<std::size_t, int>, training_group>;

/// The GPU counts where nothing fits, one per GPU type: the largest count below the smallest count of that type
/// where a layout fits (every count of the type, when none fits), as its smallest-footprint layout.
inline std::vector<std::size_t> memory_limits(const training_groups& groups, std::size_t n) {
    std::vector<std::size_t> out;
    for (std::size_t t = 0; t < n; ++t) {
        int first_fit = std::numeric_limits<int>::max();
        for (const auto& [key, g] : groups) {
            if (key.first == t && g.best != training_group::none) first_fit = std::min(first_fit, key.second);
        }
        std::size_t limit = training_group::none;
        for (const auto& [key, g] : groups) {  // ascending counts: the last one below first_fit
            if (key.first == t && key.second < first_fit) limit = g.smallest;
        }
        if (limit != training_group::none) out.push_back(limit);
    }
    return out;
}

/// The GPU types and counts where layouts fit but none is a plan and whose best layout ranks above the best plan
/// `best` (all of them without a plan), nearest the best plan first (best first without one), each as the layout
/// that comes closest: the fastest, when none meets the deadline, else the cheapest that meets it (over budget).
inline std::vector<std::pair<std::size_t, training_rejection_reason>> late_or_costly(const training_groups& groups,
                                                                                     std::size_t best,
                                                                                     const training_order& before) {
    std::vector<const training_group*> failing;
    for (const auto& [key, g] : groups) {
        if (g.best != training_group::none && !g.feasible && (best == training_group::none || before(g.best, best)))
            failing.push_back(&g);
    }
    std::sort(failing.begin(), failing.end(), [&](const auto* a, const auto* b) { return before(a->best, b->best); });
    if (best != training_group::none) std::reverse(failing.begin(), failing.end());
    std::vector<std::pair<std::size_t, training_rejection_reason>> out;
    for (const training_group* g : failing) {
        out.emplace_back(g->cheapest_in_time == training_group::none ? g->fastest : g->cheapest_in_time,
                         g->cheapest_in_time == training_group::none ? training_rejection_reason::misses_deadline
                                                                     : training_rejection_reason::over_budget);
    }
    return out;
}

/// Fills the options and rejections of `plan` from a finished search: the best `top` feasible layouts, best
/// first, and the best of each GPU type; then, at most `explain` of each, the GPU counts below which nothing fits
/// (memory_limits) and the GPU types and counts that fit but miss the deadline or the budget while ranking above the
/// best plan (late_or_costly).
inline void rank(training_plan& plan, const std::vector<training_shape>& shapes,
                 const std::vector<scored_layout>& scored, const std::vector<layout_memory>& memory,
                 const training_search& x) {
    const training_request& r = *x.request;
    const std::size_t n = r.gpus.size();
    const training_order before{&shapes, &scored, n, r.objective};
    std::vector<std::size_t> feasible;
    training_groups groups;
    for (std::size_t i = 0; i < scored.size(); ++i) {
        if (scored[i].valid) {
            const training_shape& s = shapes[i / n];
            add_to_group(groups[{i % n, s.tp * s.pp * s.dp}], i, scored, memory, n, before, r);
            if (scored[i].fits) {
                ++plan.fitting;
            }
            ++plan.layouts;
            if (scored[i].fits && !rejection_of(scored[i], r)) feasible.push_back(i);
        }
    }
    plan.feasible = feasible.size();
    const std::size_t top = std::min(r.top, feasible.size());
    std::partial_sort(feasible.begin(), feasible.begin() + static_cast<std::ptrdiff_t>(top), feasible.end(), before);
    auto option = [&](std::size_t i) { return make_option(shapes[i / n], scored[i], memory[i / n], i % n, x); };
    for (std::size_t k = 0; k < top; ++k) plan.options.push_back(option(feasible[k]));
    std::vector<std::size_t> per_gpu(n, training_group::none);
    for (std::size_t i : feasible) {
        if (per_gpu[i % n] == training_group::none || before(i, per_gpu[i % n])) per_gpu[i % n] = i;
    }
    for (std::size_t i : per_gpu) {
        if (i != training_group::none) plan.best_per_gpu.push_back(option(i));
    }
    const std::vector<std::size_t> small = memory_limits(groups, n);
    for (std::size_t k = 0; k < small.size() && k < r.explain; ++k)
        plan.rejected.push_back({option(small[k]), training_rejection_reason::does_not_fit});
    const auto late = late_or_costly(groups, feasible.empty() ? training_group::none : feasible.front(), before);
    std::map<training_rejection_reason, std::size_t> listed;  // at most `explain` of each kind
    for (const auto& [i, why] : late) {
        if (listed[why]++ < r.explain) plan.rejected.push_back({option(i), why});
    }
}

/// The plan's description of the job: workload, base run with its defaults, batch, amount and steps, limits.
inline training_plan plan_header(const training_request& r, const run_plan& probe, const training_search& x) {
    training_plan p;
    p.workload = r.source->name;
    p.base = probe.config;
    p.global_batch = r.global_batch;
    p.counts_tokens = r.tokens.has_value();
    p.amount = r.tokens ? *r.tokens : *r.samples;
    p.steps = x.steps;
    p.deadline = r.deadline;
    p.budget_usd = r.budget_usd;
    p.objective = r.objective;
    p.model_flops_per_sample = x.flops_per_sample;
    p.flops_basis = x.flops_basis;
    return p;
}

}  // namespace detail

/// Plans training job `r` (docs/planning.md, "Training"): every layout (detail::training_shapes) on every GPU
/// type that can run the precision, each lowered once and costed with parameters `params`; the feasible ones
/// — footprint within a GPU's usable memory, time within the deadline, cost within the budget — ranked by the
/// objective, and the better-ranked layouts that fail with their reasons. Throws input_error for an invalid
/// request or base run.
inline training_plan plan_training(const training_request& r, const cost_params& params = default_params()) {
    detail::validate_training_request(r);
    const run_plan probe = resolve(*r.source, detail::shape_run(r.base, detail::training_shape{}));
    std::vector<std::string> skipped;
    const detail::training_search x = detail::make_search(r, params, probe, skipped);
    training_plan plan = detail::plan_header(r, probe, x);
    plan.skipped = std::move(skipped);
    const auto shapes = detail::training_shapes(r, *std::max_element(x.per_node.begin(), x.per_node.end()));
    std::vector<detail::scored_layout> scored(shapes.size() * r.gpus.size());
    std::vector<detail::layout_memory> memory(shapes.size());
    detail::evaluate_all(shapes, x, scored, memory, r.threads);
    detail::rank(plan, shapes, scored, memory, x);
    return plan;
}

}  // namespace roofcast

#endif
