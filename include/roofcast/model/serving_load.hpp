/// @file
/// A served model under load (docs/model.md, "Serving under load"): the steady state of an engine with in-flight
/// batching (plan.hpp, shape_iteration) when a fixed number of clients or a Poisson stream of requests drives it, as
/// serving benchmarks do (vLLM's and SGLang's benchmark_serving, TensorRT-LLM's and LMDeploy's load generators):
/// requests and output tokens per second, time to first token and time per output token.
#ifndef ROOFCAST_MODEL_SERVING_LOAD_HPP
#define ROOFCAST_MODEL_SERVING_LOAD_HPP

#include <roofcast/error.hpp>
#include <roofcast/format.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/queueing.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/units.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace roofcast {

/// What drives a served model: clients, each sending its next request as soon as the previous one completes
/// (benchmark_serving's --max-concurrency), requests arriving as a Poisson stream at a rate (infinite: all at once), or
/// both (a stream of which at most `concurrency` are in flight).
struct serving_load {
    /// Clients: requests in flight at most (unset: no limit).
    std::optional<double> concurrency;
    /// Requests per second (unset: each client sends its next request at once; infinity: every request at once).
    std::optional<double> rate;
    /// Requests the benchmark sends (0: unbounded); a burst of fewer than the engine holds runs as that many clients.
    long long requests = 0;
};

/// A latency's median and its 90th and 99th percentiles over the requests.
struct latency_percentiles {
    seconds p50 = 0.0 * units::second, p90 = 0.0 * units::second, p99 = 0.0 * units::second;
};

/// The steady state of a served model under a load (serve_under_load).
struct serving_estimate {
    /// The engine iteration at the decode batch: its time, throughput and breakdown (predict, phase serve).
    prediction iteration;
    /// Sequences decoding in each iteration.
    long long decode_batch = 0;
    /// Iterations from a request's admission to its first token: its prompt in chunks of the token budget left
    /// beside the decode steps.
    long long prefill_iterations = 1;
    /// Requests and output tokens served per second, over all GPUs.
    double requests_per_s = 0.0, output_tokens_per_s = 0.0;
    /// Mean time to first token (waiting for admission, the iteration in flight and the prefill iterations) and mean
    /// time per output token after the first (one iteration each); the time to first token is infinite for an
    /// unbounded stream the engine cannot keep up with.
    seconds ttft = 0.0 * units::second, tpot = 0.0 * units::second;
    /// The percentiles of each request's time to first token and of its time per output token (serve_under_load
    /// says how they are spread).
    latency_percentiles ttft_percentiles, tpot_percentiles;
    /// Whether the load asks more than the engine serves (requests queue for admission).
    bool saturated = false;
};

namespace detail {

/// Throws input_error unless `l` sets exactly one of a positive concurrency and a positive rate.
inline void validate_load(const serving_load& l) {
    if (!l.concurrency && !l.rate) {
        throw input_error("invalid serving load: give a concurrency, a request rate or both");
    }
    if (l.concurrency && !(*l.concurrency >= 1.0 && *l.concurrency <= run_limits::max_batch)) {
        throw input_error("invalid serving load: concurrency must be between 1 and 1e7 clients, got " +
                          format_number(*l.concurrency));
    }
    if (l.rate && !(*l.rate > 0.0)) {
        throw input_error("invalid serving load: the request rate must be positive, got " + format_number(*l.rate));
    }
    if (l.requests < 0) {
        throw input_error("invalid serving load: requests must not be negative");
    }
}

}  // namespace detail

namespace detail {

/// The iteration at decode batch `b` of serving plan `p` on `g` that also prefills `extra` prompt tokens of one
/// request beside the steady state's chunk (shape_iteration): the iteration that gives a request its first token.
inline prediction iteration_with_prompt(const run_plan& p, long long b, long long extra, const gpu_spec& g,
                                        const cost_params& params) {
    run_plan q = plan_for_batch(p, b);
    transformer_pass& s = q.passes[0];
    s.chunk_tokens += extra;
    s.chunk_kv = std::max(s.chunk_kv, std::min(q.config.prompt_len, (q.config.prompt_len + extra) / 2));
    return predict(q, g, params);
}

/// The wait for admission of each of the `load.requests` requests of a stream above the engine's capacity, in
/// ascending order (an unbounded stream: one infinite wait): request k arrives at k/λ and is admitted at
/// max(k/μ_p, (k − slots)/μ), μ the engine's requests per second and μ_p the prompts per second of iterations full of
/// prefill (K/P prompts each, a prefill of that batch).
inline std::vector<double> admission_waits(const workload& w, const gpu_spec& g, const run_config& rc,
                                           const serving_load& load, double slots, double capacity,
                                           const cost_params& params) {
    if (load.requests == 0) {
        return {std::numeric_limits<double>::infinity()};
    }
    const long long chunk = std::max<long long>(1, rc.max_batched_tokens / std::max<long long>(1, rc.prompt_len));
    run_config k = rc;
    k.phase = phase::prefill;
    k.batch = chunk;
    const double dp = static_cast<double>(data_parallel(rc));
    const double prompts_per_s = static_cast<double>(chunk) * dp / predict(w, g, k, params).time.value();
    const double rate = load.rate.value_or(std::numeric_limits<double>::infinity());
    std::vector<double> waits;
    for (long long i = 0; i < load.requests; ++i) {
        const double n = static_cast<double>(i);
        const double admitted = std::max(n / prompts_per_s, (n - slots) / capacity);
        waits.push_back(std::max(0.0, admitted - (std::isinf(rate) ? 0.0 : n / rate)));
    }
    std::sort(waits.begin(), waits.end());
    return waits;
}

/// The mean of `v` (not empty).
inline double mean_of(const std::vector<double>& v) {
    double sum = 0.0;
    for (const double x : v) sum += x;
    return sum / static_cast<double>(v.size());
}

/// The `q`-quantile of ascending `v` (not empty): the smallest element with at least a share q of `v` at or below it.
inline double quantile_of(const std::vector<double>& v, double q) {
    const double n = std::ceil(q * static_cast<double>(v.size()) - 1e-9);
    return v[static_cast<std::size_t>(std::clamp(n, 1.0, static_cast<double>(v.size()))) - 1];
}

/// The iteration a Poisson stream keeps in steady state: the decode batch B = k·t(B) (Little's law, k the stream's
/// decoding requests per second of iteration time: λ/dp·(G − 1)), solved by fixed-point iteration from B = 1 until it
/// moves by less than half a sequence; `at(b)` predicts the iteration at batch b.
template <class At>
prediction iteration_at_rate(At at, double k) {
    prediction it = at(1.0);
    double b = 1.0;
    for (int i = 0; i < 20; ++i) {
        const double next = k * it.time.value();
        if (std::abs(next - b) < 0.5) {
            break;
        }
        b = next;
        it = at(b);
    }
    return it;
}

/// Requests in flight at most under `load`: its clients, or a burst of fewer requests than the engine holds (`slots`
/// at its largest batch); infinite otherwise.
inline double requests_in_flight(const serving_load& load, double slots) {
    if (load.concurrency) {
        return *load.concurrency;
    }
    return load.requests > 0 && static_cast<double>(load.requests) < slots ? static_cast<double>(load.requests)
                                                                           : std::numeric_limits<double>::infinity();
}

/// Sets the TPOT of `e` (its iteration's time t) and its TTFT from the admission waits `waits` (ascending; one
/// figure for all when they are equal), whether an arrival comes at a random time in an iteration (a Poisson
/// stream's, `random_arrival`: it waits half an iteration on average, a share q of one at its q-quantile), the
/// iterations of the prompt's earlier chunks and the one that runs its last chunk beside the decode steps (the room
/// of an iteration: the token budget less its decode tokens). The TPOT percentiles are those of in-flight batching
/// (inflight_tpot_quantile) with ΔS the cost of one more whole prompt in the iteration.
inline void add_latencies(serving_estimate& e, const run_plan& base, const gpu_spec& g,
                          const std::vector<double>& waits, bool random_arrival, const cost_params& params) {
    const run_config& rc = base.config;
    const double t = e.iteration.time.value();
    const long long room = std::max<long long>(1, rc.max_batched_tokens - e.iteration.batch);
    e.prefill_iterations = std::max<long long>(1, (rc.prompt_len + room - 1) / room);
    const long long last = rc.prompt_len - (e.prefill_iterations - 1) * room;
    const double own = iteration_with_prompt(base, e.iteration.batch, last, g, params).time.value();
    const auto ttft = [&](double wait, double arrival) {
        return (wait + (arrival + static_cast<double>(e.prefill_iterations - 1)) * t + own) * units::second;
    };
    const auto share = [random_arrival](double q) { return random_arrival ? q : 0.0; };
    e.ttft = ttft(mean_of(waits), share(0.5));
    e.ttft_percentiles = {ttft(quantile_of(waits, 0.5), share(0.5)), ttft(quantile_of(waits, 0.9), share(0.9)),
                          ttft(quantile_of(waits, 0.99), share(0.99))};
    e.tpot = t * units::second;
    // One whole prompt more: the iteration above when the prompt fits one iteration's room.
    const double whole = last == rc.prompt_len
                             ? own
                             : iteration_with_prompt(base, e.iteration.batch, rc.prompt_len, g, params).time.value();
    const seconds cost = std::max(0.0, whole - t) * units::second;
    const auto tpot = [&](double q) {
        return inflight_tpot_quantile(e.tpot, cost, e.iteration.batch, static_cast<double>(rc.gen_len), q);
    };
    e.tpot_percentiles = {tpot(0.5), tpot(0.9), tpot(0.99)};
}

}  // namespace detail

/// The steady state of run `c` of decoder `w` (phase serve under in-flight batching; max_serve_batch the engine's
/// cap on running requests) on GPU `g` under load `load`, with parameters `params`. A request lives one prefill
/// (prefill_iterations) and G − 1 decode iterations, so of C clients C·(G − 1)/G decode at a time (at most the batch
/// the memory and the token budget allow: predict); a Poisson stream of rate λ keeps B = λ·(G − 1)·t(B) decoding
/// (Little's law), solved by fixed-point iteration, unless that exceeds its clients. TPOT is the mean iteration time
/// t(B). TTFT is the wait for admission, half an iteration for an arrival at a random time (a Poisson stream's), the
/// iterations that prefill the prompt's earlier chunks and the one that runs its last chunk beside the decode steps.
/// A stream above what the engine serves queues for admission: request k of n is admitted when a slot frees,
/// (k − slots)/μ after the start at the engine's request rate μ, and no sooner than the prefills ahead of it allow,
/// k/μ_p with μ_p the prompts per second of iterations full of prefill; a burst of fewer requests than the engine
/// holds runs them together, as that many clients. The percentiles over the requests: the TTFT's from the spread of
/// their admission waits and of an arrival's moment in the iteration, the TPOT's from the number of prompts that join
/// the iterations while a request decodes (detail::add_latencies). Throws input_error for an invalid load or run and
/// unsupported_error for a run that is not in-flight serving.
inline serving_estimate serve_under_load(const workload& w, const gpu_spec& g, const run_config& c,
                                         const serving_load& load, const cost_params& params = default_params()) {
    detail::validate_load(load);
    if (transformer_of(w) == nullptr || phase_of(c) != phase::serve) {
        throw unsupported_error("serving under load needs a decoder in phase serve");
    }
    const run_plan base = resolve(w, on_gpu(c, g));
    const run_config& rc = base.config;
    if (!detail::inflight_serving(rc, as_transformer(w))) {
        throw unsupported_error(rc.framework + " serves static batches (no in-flight batching at " +
                                std::to_string(rc.gen_len) + " generated tokens): no iteration to load");
    }
    const double G = static_cast<double>(rc.gen_len), dp = static_cast<double>(base.dp);
    const auto at = [&](double b) {
        run_config k = rc;
        k.max_serve_batch = std::max<long long>(1, std::min(std::llround(b), rc.max_serve_batch));
        return predict(w, g, k, params);
    };
    const prediction full = at(static_cast<double>(rc.max_serve_batch));
    const double capacity = *full.tokens_per_s / G;  // requests per second at the largest batch, all replicas
    // Requests the engines hold at batch b: decoding, plus those in their prefill iteration.
    const auto slots = [&](long long b) { return static_cast<double>(b) * G / (G - 1.0) * dp; };
    const auto clients = [&](double n) { return n / dp * (G - 1.0) / G; };  // decoding per replica
    serving_estimate e;
    prediction it = full;
    std::vector<double> waits{0.0};
    bool random_arrival = load.rate && !std::isinf(*load.rate);  // a Poisson stream's: at any moment of an iteration
    // A stream below capacity: Little's law over the decode batch, B = λ/dp·(G − 1)·t(B) per replica.
    const bool by_rate = load.rate && *load.rate < capacity;
    if (by_rate) {
        it = detail::iteration_at_rate(at, *load.rate / dp * (G - 1.0));
        e.requests_per_s = *load.rate;
    }
    const double in_flight = detail::requests_in_flight(load, slots(full.batch));
    if (std::isfinite(in_flight) && !(by_rate && static_cast<double>(it.batch) <= clients(in_flight) + 0.5)) {
        // The requests in flight bound the batch: C·(G − 1)/G decode at a time.
        it = clients(in_flight) >= static_cast<double>(full.batch) ? full : at(std::max(1.0, clients(in_flight)));
        e.requests_per_s = *it.tokens_per_s / G;
        if (load.concurrency) {
            // Clients beyond the engine's slots wait their turn: Little's law over the admission queue.
            e.saturated = in_flight > slots(it.batch) + 0.5;
            waits = {e.saturated ? (in_flight - slots(it.batch)) / e.requests_per_s : 0.0};
            random_arrival = false;  // a client sends its next request as the iteration ends
        } else {
            e.saturated = true;  // a burst: every request is in the engine, admitted as fast as its prompts prefill
            waits = detail::admission_waits(w, g, rc, load, slots(it.batch), e.requests_per_s, params);
        }
    } else if (!by_rate) {
        e.saturated = true;
        e.requests_per_s = capacity;
        waits = detail::admission_waits(w, g, rc, load, slots(full.batch), capacity, params);
    }
    e.iteration = it;
    e.decode_batch = it.batch;
    e.output_tokens_per_s = e.requests_per_s * G;
    detail::add_latencies(e, base, g, waits, random_arrival, params);
    return e;
}

}  // namespace roofcast

#endif
