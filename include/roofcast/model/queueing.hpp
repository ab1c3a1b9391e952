/// @file
/// The queueing formulas of the serving planner (docs/planning.md, "Serving"): a replica under continuous
/// (iteration-level) batching that runs a waiting prompt's prefill before the next decode step. Requests
/// arrive as a Poisson stream; the time per output token grows with the prefills that run while a request
/// decodes, and the time to first token is a prefill's wait plus its own time. Each formula cites its source.
#ifndef ROOFCAST_MODEL_QUEUEING_HPP
#define ROOFCAST_MODEL_QUEUEING_HPP

#include <roofcast/units.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofcast {

/// The `q`-quantile of a Poisson distribution of mean `mean` (≥ 0): the smallest k with P(N ≤ k) ≥ q, for
/// 0 < q < 1. The probabilities are summed in log space from 10 standard deviations below the mean (the
/// mass below is under 1e-20), so any mean a server's batch reaches is exact.
inline long long poisson_quantile(double mean, double q) {
    if (mean <= 0.0) {
        return 0;
    }
    const double start = std::floor(std::max(0.0, mean - 10.0 * std::sqrt(mean) - 10.0));
    double cdf = 0.0;
    for (double k = start;; k += 1.0) {
        cdf += std::exp(-mean + k * std::log(mean) - std::lgamma(k + 1.0));
        if (cdf >= q || k > mean + 40.0 * std::sqrt(mean) + 40.0) {
            return static_cast<long long>(k);
        }
    }
}

/// Requests per second one replica serves when it keeps `batch` sequences decoding: each request costs its
/// prefill and its share of the G − 1 decode steps after its first token,
///   X(b) = b / ((G − 1) · t_decode(b) + b · E[S]),
/// with E[S] the mean prefill time and G the mean tokens generated (Little's law over the decode batch).
inline double replica_throughput(seconds decode_step, long long batch, seconds mean_prefill, double mean_gen) {
    const double b = static_cast<double>(batch);
    return b / ((mean_gen - 1.0) * decode_step.value() + b * mean_prefill.value());
}

/// The `q`-quantile of the time per output token of a request at decode batch b:
///   TPOT_q = t_decode(b) + E[S] · K_q / (G − 1),
/// where K ~ Poisson(b) is the number of prompts prefilled while the request decodes (in steady state b/(G − 1)
/// arrive per decode step, over its G − 1 steps; Poisson arrivals) and each pauses the batch for a prefill of
/// mean time E[S]. TPOT is the request's (end-to-end − first token) / (G − 1), as serving benchmarks report it.
inline seconds tpot_quantile(seconds decode_step, long long batch, seconds mean_prefill, double mean_gen, double q) {
    const double k = static_cast<double>(poisson_quantile(static_cast<double>(batch), q));
    return decode_step + mean_prefill * (k / (mean_gen - 1.0));
}

/// The `q`-quantile of the time per output token under in-flight batching at decode batch b, whose iteration takes
/// t(b) with its mean share b/(G − 1) of prompts and `prompt_cost` ΔS = t(b, one prompt more) − t(b) per prompt:
///   TPOT_q = t(b) − ΔS · b/(G − 1) + ΔS · K_q/(G − 1),
/// K ~ Poisson(b) the prompts that join while the request decodes its G − 1 tokens (tpot_quantile's argument).
inline seconds inflight_tpot_quantile(seconds iteration, seconds prompt_cost, long long batch, double mean_gen,
                                      double q) {
    const double g1 = mean_gen - 1.0, b = static_cast<double>(batch);
    const double k = static_cast<double>(poisson_quantile(b, q));
    return iteration + prompt_cost * ((k - b) / g1);
}

/// Mean wait of a prompt behind the prompts queued before it, in an M/G/1 queue of prefills with arrival rate
/// λ, mean service time E[S] and root-mean-square service time √E[S²] (Pollaczek–Khinchine; the prefills are
/// the top class of a non-preemptive priority queue, Cobham 1954):
///   V̄ = λ · E[S²] / (2 · (1 − ρ)),  ρ = λ · E[S].
/// Infinite when ρ ≥ 1 (the prefills alone saturate the replica).
inline seconds prefill_queue_wait(double rate, seconds mean_service, seconds rms_service) {
    const double rho = rate * mean_service.value();
    if (!(rho < 1.0)) {
        return std::numeric_limits<double>::infinity() * units::second;
    }
    const double s2 = rms_service.value() * rms_service.value();
    return rate * s2 / (2.0 * (1.0 - rho)) * units::second;
}

/// The `q`-quantile of a wait that is positive with probability `p` and has mean `mean`, by the exponential
/// approximation P(W > t) ≈ p · exp(−p · t / W̄) (exact for M/M/1; the heavy-traffic law of Kingman 1961):
///   W_q = (W̄ / p) · ln(p / (1 − q)) when p > 1 − q, else 0.
inline seconds wait_quantile(seconds mean, double p, double q) {
    if (!(p > 1.0 - q) || mean.value() <= 0.0) {
        return 0.0 * units::second;
    }
    return mean / p * std::log(p / (1.0 - q));
}

/// The `q`-quantile of the time to first token with prefill-first scheduling: the prompt waits for the decode
/// step in progress (uniform over one step of time t_decode: its q-quantile q · t_decode), then for the
/// prefills queued before it (prefill_queue_wait, positive with probability ρ = λ · E[S]; wait_quantile), then
/// runs its own prefill (its q-quantile S_q); the components' quantiles are added:
///   TTFT_q = S_q + q · t_decode + V_q.
inline seconds ttft_quantile(seconds prefill_q, seconds decode_step, double rate, seconds mean_prefill,
                             seconds rms_prefill, double q) {
    const seconds queue = prefill_queue_wait(rate, mean_prefill, rms_prefill);
    if (!std::isfinite(queue.value())) {
        return queue;
    }
    return prefill_q + q * decode_step + wait_quantile(queue, rate * mean_prefill.value(), q);
}

}  // namespace roofcast

#endif
