/// @file
/// Capacity planning for serving: for each GPU type and tensor-parallel degree, the replicas that serve a
/// request rate within targets for the time to first token (TTFT) and the time per output token (TPOT), at
/// p50 and p99, with continuous batching (model/queueing.hpp); or which target cannot be met, and why.
/// docs/planning.md has the model, its formulas and a worked example.
#ifndef ROOFCAST_MODEL_SERVING_PLAN_HPP
#define ROOFCAST_MODEL_SERVING_PLAN_HPP

#include <roofcast/error.hpp>
#include <roofcast/format.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/queueing.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/serving_load.hpp>
#include <roofcast/model/software.hpp>
#include <roofcast/units.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace roofcast {

/// The lengths of one request: prompt tokens and tokens generated.
struct request_length {
    /// Prompt tokens (at least 1).
    long long prompt = 1;
    /// Tokens generated (at least 1).
    long long generated = 1;
};

/// The run a serving plan starts from: inference on TensorRT-LLM, whose in-flight batching prefills prompts in chunks
/// beside the decode steps.
inline run_config serving_base() {
    run_config c;
    c.mode = mode::infer;
    c.framework = "tensorrt-llm";
    return c;
}

/// Latency targets of a service; each one not set is not a constraint.
struct serving_targets {
    /// Time to first token, median and 99th percentile.
    std::optional<seconds> ttft_p50, ttft_p99;
    /// Time per output token after the first, median and 99th percentile.
    std::optional<seconds> tpot_p50, tpot_p99;
};

/// A service to plan, and where to look for its replicas.
struct serving_request {
    /// The model (a decoder); not owned, it must outlive the plan.
    const workload* source = nullptr;
    /// How every replica runs: precision, framework (default tensorrt-llm, an engine that batches in flight; an
    /// eager framework schedules prefill first), attention, TF32, GPUs per node, interconnect, the largest batch a
    /// replica may decode (max_serve_batch) and the tokens an iteration runs (max_batched_tokens), sequence
    /// parallelism (applied where tp > 1). Its mode
    /// and phase (inference prefill and decode), batch, prompt and generation lengths, beams, GPUs, nodes, tp, pp,
    /// training options (ZeRO, recompute, accumulation, micro-batches), price and dataset size are what the plan
    /// sets, so their values here are not read.
    run_config base = serving_base();
    /// Requests per second, arriving as a Poisson stream.
    double rate = 0.0;
    /// Request lengths: one (the means) or samples of a distribution, each weighing the same.
    std::vector<request_length> lengths;
    /// Latency targets.
    serving_targets targets;
    /// The GPU types to consider.
    std::vector<gpu_spec> gpus;
    /// US dollars per GPU-hour: one per GPU type, one for all, or none (no costs).
    std::vector<double> prices;
    /// Tensor-parallel degrees to consider; empty: every divisor of the attention heads up to a node's GPUs.
    std::vector<int> tps;
};

/// A replica (one tensor-parallel group of one GPU type) and how many serve the rate; or why none can.
struct serving_option {
    /// GPU type.
    std::string gpu;
    /// Tensor-parallel degree: GPUs per replica.
    int tp = 1;
    /// Why no number of replicas meets the targets (a precision the GPU cannot run, a model that does not fit, a
    /// target out of reach); empty when the option is a plan.
    std::string unmet;
    /// Sequences the KV cache of one replica holds beside the weights (capped at max_serve_batch).
    long long kv_batch = 0;
    /// Sequences each replica decodes at its capacity, the batch b of the formulas.
    long long batch = 0;
    /// Prompt tokens each iteration prefills beside the batch's decode steps under in-flight batching, b·P/(G − 1)
    /// (0: prefill first, each prompt alone ahead of the decode steps).
    long long prefill_tokens = 0;
    /// What bounds the decode step (the iteration under in-flight batching): compute, memory, overhead or
    /// communication.
    bound limiter = bound::compute;
    /// What bounds the batch: "KV cache", "batch cap", "token budget", "TPOT p50", "TPOT p99", "TTFT" or "replicas" (a
    /// smaller batch needs no more replicas and has the lower TTFT, when the TTFT target sets the replica count).
    std::string batch_limit;
    /// One decode step at the batch; the mean prefill of one prompt; a prefill's root-mean-square and p99.
    seconds decode_step = 0.0 * units::second, prefill_mean = 0.0 * units::second;
    /// Root-mean-square prefill time √E[S²] and the 99th percentile over the request lengths.
    seconds prefill_rms = 0.0 * units::second, prefill_p99 = 0.0 * units::second;
    /// Latencies at the plan's load (queueing.hpp).
    seconds ttft_p50 = 0.0 * units::second, ttft_p99 = 0.0 * units::second;
    /// Time per output token, median and 99th percentile.
    seconds tpot_p50 = 0.0 * units::second, tpot_p99 = 0.0 * units::second;
    /// Requests per second one replica serves at the batch (replica_throughput).
    double replica_rate = 0.0;
    /// Replicas, and GPUs in all (replicas × tp).
    long long replicas = 0, num_gpus = 0;
    /// What sets the replica count: "throughput", "TTFT p50" or "TTFT p99".
    std::string replicas_limit;
    /// Offered load over the replicas' capacity: rate / (replicas × replica rate).
    double utilization = 0.0;
    /// Cost per hour of all replicas, and per million output tokens at the rate, with a price.
    std::optional<double> cost_per_hour_usd, cost_per_million_tokens_usd;

    /// Whether it meets every target.
    bool feasible() const { return unmet.empty(); }
};

/// The answer of plan_serving: every GPU type and tensor-parallel degree asked, the plans cheapest first.
struct serving_plan {
    /// Workload name.
    std::string workload;
    /// The base run with its defaults filled in.
    run_config base;
    /// Requests per second.
    double rate = 0.0;
    /// Request lengths: samples given, mean prompt and generated tokens.
    std::size_t samples = 0;
    /// Mean prompt and generated tokens per request.
    double mean_prompt = 0.0, mean_gen = 0.0;
    /// The decode step's prompt and generated tokens (length-biased means E[G·P]/E[G] and E[G²]/E[G]: a
    /// sequence decodes for as many steps as it generates), which set the KV cache and the attention context.
    long long decode_prompt = 0, decode_gen = 0;
    /// The targets, as asked.
    serving_targets targets;
    /// Whether the replicas batch in flight (the base run's framework or max_batched_tokens), prefilling prompts in
    /// chunks beside the decode steps, rather than prefill first.
    bool inflight = false;
    /// One per GPU type and tensor-parallel degree: the plans, cheapest first (fewest GPUs without prices),
    /// then the options that cannot meet the targets, in the order asked.
    std::vector<serving_option> options;
};

/// Largest number of replicas a plan considers: more is no answer.
inline constexpr long long max_replicas = 1'000'000'000;

namespace detail {

/// Throws input_error "invalid serving plan: MESSAGE".
[[noreturn]] inline void invalid_serving_plan(const std::string& message) {
    throw input_error("invalid serving plan: " + message);
}

/// Checks a target: positive and finite when set.
inline void check_target(const char* name, const std::optional<seconds>& t) {
    if (t && !(t->value() > 0.0 && std::isfinite(t->value()))) {
        invalid_serving_plan(std::string(name) + " must be a positive, finite time, got " + format_number(t->value()));
    }
}

/// Checks the request lengths: at least one, each prompt and generation within 1 and run_limits::max_tokens, and
/// more than one token generated on average (a time per output token needs a second token).
inline void check_lengths(const std::vector<request_length>& lengths) {
    if (lengths.empty()) invalid_serving_plan("no request lengths");
    double gen = 0.0;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        const request_length& l = lengths[i];
        if (l.prompt < 1 || l.prompt > run_limits::max_tokens || l.generated < 1 ||
            l.generated > run_limits::max_tokens)
            invalid_serving_plan("request " + std::to_string(i + 1) +
                                 ": prompt-len and gen-len must be between 1 and 1e7 tokens, got " +
                                 std::to_string(l.prompt) + " and " + std::to_string(l.generated));
        gen += static_cast<double>(l.generated);
    }
    if (!(gen / static_cast<double>(lengths.size()) > 1.0))
        invalid_serving_plan("gen-len must average more than 1 token: the time per output token needs a second one");
}

/// Throws input_error unless `r` can be planned: a decoder, a positive finite rate, valid lengths and targets,
/// GPU types, one price per GPU type (or one for all, or none) each valid, tensor-parallel degrees of at least 1.
inline void validate_serving_request(const serving_request& r) {
    if (r.source == nullptr) invalid_serving_plan("no workload");
    if (const transformer_config* t = transformer_of(*r.source); t == nullptr || t->kind == transformer_kind::encoder)
        invalid_serving_plan(r.source->name + " does not generate tokens: serving plans are for decoders");
    if (!(r.rate > 0.0 && r.rate <= 1e9))
        invalid_serving_plan("rate must be a positive number of requests per second up to 1e9, got " +
                             format_number(r.rate));
    check_lengths(r.lengths);
    check_target("ttft-p50", r.targets.ttft_p50);
    check_target("ttft-p99", r.targets.ttft_p99);
    check_target("tpot-p50", r.targets.tpot_p50);
    check_target("tpot-p99", r.targets.tpot_p99);
    if (r.gpus.empty()) invalid_serving_plan("no GPU types");
    if (r.prices.size() > 1 && r.prices.size() != r.gpus.size())
        invalid_serving_plan("give one price per GPU type (" + std::to_string(r.gpus.size()) +
                             ") or one for all, not " + std::to_string(r.prices.size()));
    for (double p : r.prices) {
        if (!(p > 0.0 && p < run_limits::max_price_per_hour))
            invalid_serving_plan("price-per-hour must be a positive number of dollars below 1e6, got " +
                                 format_number(p));
    }
    for (int tp : r.tps) {
        if (tp < 1 || tp > run_limits::max_gpus)
            invalid_serving_plan("tp must be between 1 and 1000000, got " + std::to_string(tp));
    }
}

/// The length-biased decode lengths of `lengths`: prompt E[G·P]/E[G] and generation E[G²]/E[G] (rounded), so
/// that the decode step's KV cache (P + G per sequence) and mean context (P + G/2) are those of the sequences
/// in the batch, each in it for as many steps as it generates.
inline std::pair<long long, long long> decode_lengths(const std::vector<request_length>& lengths) {
    double g = 0.0, gp = 0.0, gg = 0.0;
    for (const request_length& l : lengths) {
        const double gen = static_cast<double>(l.generated);
        g += gen;
        gp += gen * static_cast<double>(l.prompt);
        gg += gen * gen;
    }
    return {std::llround(gp / g), std::max(1LL, std::llround(gg / g))};
}

/// The run of one replica of `r` on `tp` GPUs in phase `ph`, with prompt `prompt`, generation `gen` and batch `b`.
inline run_config replica_run(const serving_request& r, int tp, phase ph, long long prompt, long long gen,
                              long long b) {
    run_config c = r.base;
    c.mode = mode::infer;
    c.phase = ph;
    c.batch = b;
    c.prompt_len = prompt;
    c.gen_len = gen;
    c.tp = tp;
    c.pp = 1;
    c.nodes = 0;
    c.num_gpus = tp;
    c.beams = 1;
    c.zero = 0;
    c.recompute = recompute::none;
    c.accumulation = 1;
    c.microbatches = 0;
    c.sequence_parallel = r.base.sequence_parallel && tp > 1;
    c.price_per_hour.reset();
    c.dataset_size.reset();
    return c;
}

/// The prefill times of one replica over the request lengths: mean, root-mean-square and the q-quantile. Prompts
/// are sorted and cut into at most 32 groups of equal count, each predicted at its mean prompt.
struct prefill_times {
    seconds mean = 0.0 * units::second, rms = 0.0 * units::second, p50 = 0.0 * units::second, p99 = 0.0 * units::second;
};

/// The prefill times of requests `r` on a replica of `tp` GPUs of type `g` (one prompt at a time, batch 1).
inline prefill_times prefill_of(const serving_request& r, int tp, const gpu_spec& g, const cost_params& params,
                                long long gen) {
    std::vector<long long> prompts;
    for (const request_length& l : r.lengths) prompts.push_back(l.prompt);
    std::sort(prompts.begin(), prompts.end());
    const std::size_t groups = std::min<std::size_t>(32, prompts.size());
    std::vector<std::pair<double, double>> time_share;  // ascending in time with the prompt
    double mean = 0.0, square = 0.0;
    for (std::size_t k = 0; k < groups; ++k) {
        const std::size_t lo = k * prompts.size() / groups, hi = (k + 1) * prompts.size() / groups;
        double sum = 0.0;
        for (std::size_t i = lo; i < hi; ++i) sum += static_cast<double>(prompts[i]);
        const long long p = std::llround(sum / static_cast<double>(hi - lo));
        const double t = predict(*r.source, g, replica_run(r, tp, phase::prefill, p, gen, 1), params).time.value();
        const double w = static_cast<double>(hi - lo) / static_cast<double>(prompts.size());
        time_share.emplace_back(t, w);
        mean += w * t;
        square += w * t * t;
    }
    auto quantile = [&](double q) {
        double cdf = 0.0;
        for (const auto& [t, w] : time_share) {
            cdf += w;
            if (cdf >= q - 1e-12) return t * units::second;
        }
        return time_share.back().first * units::second;
    };
    return {mean * units::second, std::sqrt(square) * units::second, quantile(0.5), quantile(0.99)};
}

/// The most sequences a replica's memory holds. An engine that sizes its KV pool up front (engine_memory_of:
/// TensorRT-LLM) holds as many as its pool (kv_pool_bytes) has room for, each sequence's KV cache for its prompt and
/// output (every beam its own). Otherwise: the footprint of one sequence decoding (weights, its KV cache, the
/// transient activations of one prompt's prefill — prompts are prefilled one at a time — its logits, context,
/// headroom) plus, per further sequence, its KV cache and logits with the framework's allocator headroom. 0 when
/// one does not fit; capped at `cap`.
inline long long kv_capacity(const run_plan& one, const gpu_spec& g, long long cap, memory_footprint& at_one) {
    at_one = footprint(one, g);
    const transformer_config* tf = transformer_of(*one.source);
    if (const auto engine = engine_memory_of(software_profiles[one.profile].name);
        engine && tf != nullptr && tf->kind != transformer_kind::encoder) {
        const transformer_config& t = *tf;
        const double per_sequence = kv_cache_bytes_per_token(t, one.config) * kv_cache_tokens(t, one.kv_tokens) *
                                    static_cast<double>(one.config.beams);
        const double held = per_sequence > 0.0 ? std::floor(kv_pool_bytes(one, g, *engine) / per_sequence) : 0.0;
        return static_cast<long long>(std::min(static_cast<double>(cap), held));
    }
    if (!at_one.fits()) return 0;
    const double per_sequence =
        (at_one.item("kv cache") + at_one.item("logits")) * (1.0 + software_profiles[one.profile].headroom);
    const double room = (at_one.capacity - at_one.total()).value();
    const double more = per_sequence > 0.0 ? std::floor(room / per_sequence) : static_cast<double>(cap);
    return static_cast<long long>(std::min(static_cast<double>(cap), 1.0 + more));
}

/// One replica's figures at decode batch b: the decode step, its throughput, its TPOT quantiles and the
/// replicas each constraint needs at rate λ.
struct replica_point {
    long long batch = 0;
    seconds decode = 0.0 * units::second, tpot_p50 = 0.0 * units::second, tpot_p99 = 0.0 * units::second;
    /// In-flight batching: the prompt tokens of each iteration and the TTFT quantiles, which do not depend on the load
    /// (prefill first: 0, and the TTFT comes from the prefill queue at the plan's load).
    long long prefill_tokens = 0;
    std::optional<seconds> ttft_p50, ttft_p99;
    /// What bounds the decode step or iteration.
    bound limiter = bound::compute;
    double rate = 0.0;
    long long for_throughput = 0, for_ttft_p50 = 1, for_ttft_p99 = 1;
    /// The replicas needed: the most any constraint needs.
    long long replicas() const { return std::max({for_throughput, for_ttft_p50, for_ttft_p99}); }
};

/// The fewest replicas that keep the q-quantile of the TTFT of `r` within `target` (1 without a target;
/// max_replicas + 1 when none does): each replica sees rate λ/n (a Poisson stream split at random stays Poisson),
/// and TTFT_q falls with n (ttft_quantile) towards S_q + q · t_decode, its value at no load.
inline long long replicas_for_ttft(const serving_request& r, const prefill_times& s, seconds prefill_q, seconds decode,
                                   double q, const std::optional<seconds>& target) {
    if (!target) return 1;
    if (prefill_q + q * decode > *target) return max_replicas + 1;
    auto meets = [&](long long n) {
        return ttft_quantile(prefill_q, decode, r.rate / static_cast<double>(n), s.mean, s.rms, q) <= *target;
    };
    long long hi = 1;
    while (hi <= max_replicas && !meets(hi)) hi *= 2;
    if (hi > max_replicas) return max_replicas + 1;
    long long lo = hi / 2;  // does not meet it (or 0)
    while (hi - lo > 1) {
        const long long mid = lo + (hi - lo) / 2;
        (meets(mid) ? hi : lo) = mid;
    }
    return hi;
}

/// The replicas that serve the plan's rate when each serves `rate` (max_replicas + 1 when more are needed).
inline long long replicas_for_rate(const serving_request& r, double rate) {
    const double n = std::ceil(r.rate / rate);
    return n > static_cast<double>(max_replicas) ? max_replicas + 1 : static_cast<long long>(n);
}

/// Replica figures at batch `b` with decode step `decode` (replica_throughput, tpot_quantile, replicas_for_ttft).
inline replica_point point_at(const serving_request& r, const prefill_times& s, long long b, seconds decode,
                              double mean_gen) {
    replica_point p;
    p.batch = b;
    p.decode = decode;
    p.rate = replica_throughput(decode, b, s.mean, mean_gen);
    p.tpot_p50 = tpot_quantile(decode, b, s.mean, mean_gen, 0.5);
    p.tpot_p99 = tpot_quantile(decode, b, s.mean, mean_gen, 0.99);
    p.for_throughput = replicas_for_rate(r, p.rate);
    p.for_ttft_p50 = replicas_for_ttft(r, s, s.p50, decode, 0.5, r.targets.ttft_p50);
    p.for_ttft_p99 = replicas_for_ttft(r, s, s.p99, decode, 0.99, r.targets.ttft_p99);
    return p;
}

/// Whether point `p` meets the TPOT targets of `t`.
inline bool meets_tpot(const replica_point& p, const serving_targets& t) {
    return !(t.tpot_p50 && p.tpot_p50 > *t.tpot_p50) && !(t.tpot_p99 && p.tpot_p99 > *t.tpot_p99);
}

/// Why the TPOT targets of `t` fail at point `p` (batch 1): the first one missed, with its value.
inline std::string tpot_unmet(const replica_point& p, const serving_targets& t) {
    const bool p99 = t.tpot_p99 && p.tpot_p99 > *t.tpot_p99;
    return std::string("TPOT ") + (p99 ? "p99" : "p50") + " target " + to_string(p99 ? *t.tpot_p99 : *t.tpot_p50) +
           " cannot be met: " + to_string(p99 ? p.tpot_p99 : p.tpot_p50) + " already at batch 1 (" +
           (p.ttft_p99 ? "iteration " : "decode step ") + to_string(p.decode) + ")";
}

/// Why the TTFT targets of `t` fail at point `p` (batch 1, the shortest decode step): the first one out of reach.
inline std::string ttft_unmet(const replica_point& p, const prefill_times& s, const serving_targets& t) {
    const bool p99 = p.for_ttft_p99 > max_replicas;
    if (p.ttft_p99) {
        return std::string("TTFT ") + (p99 ? "p99" : "p50") + " target " + to_string(p99 ? *t.ttft_p99 : *t.ttft_p50) +
               " cannot be met: " + to_string(p99 ? *p.ttft_p99 : *p.ttft_p50) +
               " already at batch 1 (the iteration in flight and the one that prefills the prompt)";
    }
    const seconds floor = p99 ? s.p99 + 0.99 * p.decode : s.p50 + 0.5 * p.decode;
    return std::string("TTFT ") + (p99 ? "p99" : "p50") + " target " + to_string(p99 ? *t.ttft_p99 : *t.ttft_p50) +
           " cannot be met: at least " + to_string(floor) + " with any number of replicas (prefill " +
           to_string(p99 ? s.p99 : s.p50) + " + the decode step it waits for)";
}

/// The points `make_point(b)` at batches 1, 2, … up to `most` while they meet the TPOT targets of `r`: the batch is
/// tried upwards until it first misses one, and `stop` then names the target ("TPOT p99", "TPOT p50"); a batch 1 that
/// misses is returned alone, for the reason.
template <class MakePoint>
std::vector<replica_point> points_while(const serving_request& r, long long most, std::string& stop,
                                        MakePoint make_point) {
    std::vector<replica_point> out;
    for (long long b = 1; b <= most; ++b) {
        const replica_point p = make_point(b);
        if (!meets_tpot(p, r.targets)) {
            stop = r.targets.tpot_p99 && p.tpot_p99 > *r.targets.tpot_p99 ? "TPOT p99" : "TPOT p50";
            if (out.empty()) out.push_back(p);
            break;
        }
        out.push_back(p);
    }
    return out;
}

/// The decode points of a replica of `tp` GPUs of type `g` at batches 1, 2, … up to `most`, while they meet the
/// TPOT targets: the batch is tried upwards until it first misses one, and `stop` then names the target
/// ("TPOT p99", "TPOT p50"); a batch 1 that misses is returned alone, for the reason.
inline std::vector<replica_point> decode_points(const serving_request& r, const gpu_spec& g, int tp,
                                                const cost_params& params, const prefill_times& s,
                                                std::pair<long long, long long> lengths, double mean_gen,
                                                long long most, std::string& stop) {
    return points_while(r, most, stop, [&](long long b) {
        const run_config c = replica_run(r, tp, phase::decode, lengths.first, lengths.second, b);
        const prediction step = predict(*r.source, g, c, params);
        replica_point p = point_at(r, s, b, step.time, mean_gen);
        p.limiter = step.limiter;
        return p;
    });
}

/// The iteration points of a replica of `tp` GPUs of type `g` that batches in flight (docs/planning.md, "In-flight
/// batching"), at batches 1, 2, … up to `most` (and the token budget: iteration_batch_cap) while they meet the TPOT
/// targets. At batch b the steady iteration t(b) decodes b tokens and prefills b·P/(G − 1) (shape_iteration); one
/// prompt more costs ΔS = t(b, +P) − t(b). With K ~ Poisson(b) prompts joining while a request decodes (as for
/// prefill first), TPOT_q = t(b) − ΔS·b/(G − 1) + ΔS·K_q/(G − 1); the throughput is X(b) = b/((G − 1)·t(b)); a prompt
/// waits for the iteration in flight (q·t(b)) and runs in the next one with its own prompt, t(b) + ΔS·S_q/E[S], so
/// TTFT_q = q·t(b) + t(b) + ΔS·S_q/E[S] at any load the batch serves.
inline std::vector<replica_point> iteration_points(const serving_request& r, const gpu_spec& g, int tp,
                                                   const cost_params& params, const prefill_times& s,
                                                   std::pair<long long, long long> lengths, double mean_gen,
                                                   double mean_prompt, long long most, std::string& stop) {
    const run_plan base = resolve(*r.source, replica_run(r, tp, phase::serve, lengths.first, lengths.second, 1));
    if (const long long cap = iteration_batch_cap(base.config); cap < most) {
        most = cap;
        stop = "token budget";
    }
    const double g1 = mean_gen - 1.0;
    const long long prompt = std::max<long long>(1, std::llround(mean_prompt));
    return points_while(r, most, stop, [&](long long b) {
        const run_plan at = plan_for_batch(base, b);
        const prediction it = predict(at, g, params);
        const double t = it.time.value();
        const double ds = std::max(0.0, iteration_with_prompt(base, b, prompt, g, params).time.value() - t);
        replica_point p;
        p.batch = b;
        p.decode = it.time;
        p.prefill_tokens = at.passes[0].chunk_tokens;
        p.limiter = it.limiter;
        p.rate = static_cast<double>(b) / (g1 * t);
        p.tpot_p50 = inflight_tpot_quantile(it.time, ds * units::second, b, mean_gen, 0.5);
        p.tpot_p99 = inflight_tpot_quantile(it.time, ds * units::second, b, mean_gen, 0.99);
        const double scale = s.mean.value() > 0.0 ? ds / s.mean.value() : 0.0;
        p.ttft_p50 = (0.5 * t + t + scale * s.p50.value()) * units::second;
        p.ttft_p99 = (0.99 * t + t + scale * s.p99.value()) * units::second;
        p.for_throughput = replicas_for_rate(r, p.rate);
        const auto reach = [](const std::optional<seconds>& target, seconds v) {
            return !target || v <= *target ? 1LL : max_replicas + 1;
        };
        p.for_ttft_p50 = reach(r.targets.ttft_p50, *p.ttft_p50);
        p.for_ttft_p99 = reach(r.targets.ttft_p99, *p.ttft_p99);
        return p;
    });
}

/// The point of `points` that needs the fewest replicas (the largest batch among equals), or none when every
/// point needs more than max_replicas.
inline std::optional<std::size_t> best_point(const std::vector<replica_point>& points) {
    std::optional<std::size_t> best;
    for (std::size_t k = 0; k < points.size(); ++k) {
        if (points[k].replicas() <= max_replicas && (!best || points[k].replicas() <= points[*best].replicas())) {
            best = k;
        }
    }
    return best;
}

/// Fills option `o` with the plan at point `p`: n = the replicas it needs, each serving λ/n; the latencies at
/// that load; utilization λ / (n · X(b)); cost per hour = price × n × tp, and per million output tokens at the
/// rate λ · E[G] tokens per second.
inline void fill_option(serving_option& o, const serving_request& r, const replica_point& p, const prefill_times& s,
                        double mean_gen, const std::optional<double>& price) {
    const long long n = p.replicas();
    const double per_replica = r.rate / static_cast<double>(n);
    o.batch = p.batch;
    o.decode_step = p.decode;
    o.tpot_p50 = p.tpot_p50;
    o.tpot_p99 = p.tpot_p99;
    o.ttft_p50 = p.ttft_p50 ? *p.ttft_p50 : ttft_quantile(s.p50, p.decode, per_replica, s.mean, s.rms, 0.5);
    o.ttft_p99 = p.ttft_p99 ? *p.ttft_p99 : ttft_quantile(s.p99, p.decode, per_replica, s.mean, s.rms, 0.99);
    o.prefill_tokens = p.prefill_tokens;
    o.limiter = p.limiter;
    o.replica_rate = p.rate;
    o.replicas = n;
    o.num_gpus = n * o.tp;
    o.replicas_limit = n == p.for_throughput ? "throughput" : n == p.for_ttft_p99 ? "TTFT p99" : "TTFT p50";
    o.utilization = per_replica / p.rate;
    if (price) {
        o.cost_per_hour_usd = *price * static_cast<double>(o.num_gpus);
        o.cost_per_million_tokens_usd = *o.cost_per_hour_usd / 3600.0 / (r.rate * mean_gen) * 1e6;
    }
}

/// Why a replica of `o` cannot hold one sequence: its footprint at batch 1 against the usable memory.
inline std::string fit_unmet(const memory_footprint& f, long long tokens) {
    const auto [item, b] = f.largest();
    return "does not fit: " + to_string_binary(f.total()) + " per GPU with one sequence of " + std::to_string(tokens) +
           " tokens, " + to_string_binary(f.capacity) + " usable (largest item: " + item + ", " +
           to_string_binary(b * units::byte) + ")";
}

/// The replica of `tp` GPUs of type `g` for request `r` whose lengths are summarized in `head`: the precision
/// it must run, the sequences its memory holds (kv_capacity), the prefill times, the decode points that meet
/// the TPOT targets, and the one needing the fewest replicas (fill_option); or the first reason none does.
inline serving_option plan_replica(const serving_request& r, const gpu_spec& g, int tp,
                                   const std::optional<double>& price, const roofcast::serving_plan& head,
                                   const cost_params& params) {
    serving_option o;
    o.gpu = g.name;
    o.tp = tp;
    const std::pair<long long, long long> lengths{head.decode_prompt, head.decode_gen};
    const run_plan one = resolve(*r.source, replica_run(r, tp, phase::decode, lengths.first, lengths.second, 1));
    if (!peak(g, one.types.math, one.types.math_unit)) {
        o.unmet = "cannot run " + std::string(to_string_view(one.config.precision)) + ": " +
                  std::string(roofcast::params(g.arch).display_name) + " has no " + to_string(one.types.math) +
                  " tensor-core math";
        return o;
    }
    memory_footprint at_one;
    o.kv_batch = kv_capacity(one, g, r.base.max_serve_batch, at_one);
    if (o.kv_batch == 0) {
        o.unmet = fit_unmet(at_one, lengths.first + lengths.second);
        return o;
    }
    const prefill_times s = prefill_of(r, tp, g, params, lengths.second);
    o.prefill_mean = s.mean;
    o.prefill_rms = s.rms;
    o.prefill_p99 = s.p99;
    std::string stop = o.kv_batch < r.base.max_serve_batch ? "KV cache" : "batch cap";
    const std::vector<replica_point> points =
        head.inflight
            ? iteration_points(r, g, tp, params, s, lengths, head.mean_gen, head.mean_prompt, o.kv_batch, stop)
            : decode_points(r, g, tp, params, s, lengths, head.mean_gen, o.kv_batch, stop);
    o.decode_step = points.front().decode;
    const auto k = meets_tpot(points.front(), r.targets) ? best_point(points) : std::nullopt;
    if (!k) {
        o.unmet = !meets_tpot(points.front(), r.targets) ? tpot_unmet(points.front(), r.targets)
                  : points.front().replicas() > max_replicas && points.front().for_throughput <= max_replicas
                      ? ttft_unmet(points.front(), s, r.targets)
                      : "needs more than 1e9 replicas";
        return o;
    }
    fill_option(o, r, points[*k], s, head.mean_gen, price);
    // A larger batch needs more replicas: for the TTFT (prefill first: its queue sets the replica count; in flight:
    // its target is out of reach there) or, in flight, for a throughput that falls with the batch.
    const bool ttft = *k + 1 < points.size() && (!head.inflight || points[*k + 1].for_ttft_p50 > max_replicas ||
                                                 points[*k + 1].for_ttft_p99 > max_replicas);
    o.batch_limit = *k + 1 < points.size() ? (ttft ? "TTFT" : "replicas") : stop;
    return o;
}

/// The tensor-parallel degrees to try on `g`: those asked, else every degree up to a node's GPUs that splits the
/// model (detail::tp_unfit: heads, key/value heads and FFN widths).
inline std::vector<int> replica_tps(const serving_request& r, const gpu_spec& g) {
    if (!r.tps.empty()) return r.tps;
    const int per_node = r.base.gpus_per_node > 0 ? r.base.gpus_per_node : gpus_per_node_of(g);
    std::vector<int> out;
    for (int tp = 1; tp <= per_node; ++tp) {
        if (tp_unfit(as_transformer(*r.source), tp).empty()) out.push_back(tp);
    }
    return out;
}

/// The plan's description of the service: workload, base run with its defaults, rate, lengths and targets.
inline roofcast::serving_plan serving_header(const serving_request& r) {
    roofcast::serving_plan p;
    p.workload = r.source->name;
    p.rate = r.rate;
    p.samples = r.lengths.size();
    for (const request_length& l : r.lengths) {
        p.mean_prompt += static_cast<double>(l.prompt) / static_cast<double>(r.lengths.size());
        p.mean_gen += static_cast<double>(l.generated) / static_cast<double>(r.lengths.size());
    }
    std::tie(p.decode_prompt, p.decode_gen) = decode_lengths(r.lengths);
    p.targets = r.targets;
    p.base = resolve(*r.source, replica_run(r, 1, phase::decode, p.decode_prompt, p.decode_gen, 1)).config;
    p.inflight = inflight_serving(p.base, as_transformer(*r.source));
    return p;
}

}  // namespace detail

/// Plans serving `r` (docs/planning.md, "Serving"): for each GPU type and tensor-parallel degree, a replica's
/// KV capacity, prefill and decode times predicted with parameters `params`, the batch that meets the TPOT
/// targets with the fewest replicas for the rate and the TTFT targets, and the cost; or the first reason it
/// cannot (precision, memory, TPOT, TTFT). Throws input_error for an invalid request, base run or GPU.
inline serving_plan plan_serving(const serving_request& r, const cost_params& params = default_params()) {
    detail::validate_serving_request(r);
    serving_plan plan = detail::serving_header(r);
    for (std::size_t i = 0; i < r.gpus.size(); ++i) {
        validate(r.gpus[i]);
        const std::optional<double> price =
            r.prices.empty() ? std::nullopt : std::optional<double>(r.prices[r.prices.size() == 1 ? 0 : i]);
        for (int tp : detail::replica_tps(r, r.gpus[i])) {
            plan.options.push_back(detail::plan_replica(r, r.gpus[i], tp, price, plan, params));
        }
    }
    std::stable_sort(plan.options.begin(), plan.options.end(), [](const serving_option& a, const serving_option& b) {
        return std::make_tuple(!a.feasible(), a.cost_per_hour_usd.value_or(0.0), a.num_gpus) <
               std::make_tuple(!b.feasible(), b.cost_per_hour_usd.value_or(0.0), b.num_gpus);
    });
    return plan;
}

}  // namespace roofcast

#endif
