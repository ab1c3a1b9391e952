/// @file
/// Comparisons: one run predicted on several GPU types, ranked by time, cost or energy per unit of work,
/// with the largest batch that fits each.
#ifndef ROOFCAST_MODEL_COMPARE_HPP
#define ROOFCAST_MODEL_COMPARE_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// What a comparison ranks by.
enum class objective { time, cost, energy };

/// Every objective.
inline constexpr std::array<objective, 3> all_objectives = {objective::time, objective::cost, objective::energy};

/// "time", "cost" or "energy".
inline constexpr std::string_view to_string_view(objective o) {
    return o == objective::time ? "time" : o == objective::cost ? "cost" : "energy";
}

/// Prints the objective's name.
inline std::ostream& operator<<(std::ostream& os, objective o) {
    return os << to_string_view(o);
}

/// Predictions of one run on several GPUs; a GPU that cannot run it carries the reason instead.
struct comparison {
    /// One per GPU, in the order asked; nullopt where the GPU cannot run the configuration.
    std::vector<std::optional<prediction>> results;
    /// GPU names, in the same order.
    std::vector<std::string> gpus;
    /// Why a GPU has no result (empty where it has one).
    std::vector<std::string> reasons;
    /// The largest batch that fits each GPU (0: not even batch 1).
    std::vector<long long> max_batches;
    /// What the results are ranked by.
    roofcast::objective objective = roofcast::objective::time;
    /// 1-based rank of each result by `objective` (0: not ranked).
    std::vector<int> rank;
};

/// The figure a result is ranked by, lower is better: time, cost or energy per sample (or token) processed;
/// nullopt when it cannot be ranked (no price for cost).
inline std::optional<double> rank_key(const prediction& r, objective o) {
    const double work = main_throughput(r).first * r.time.value();  // samples or tokens in one unit
    switch (o) {
        case objective::time: return 1.0 / main_throughput(r).first;
        case objective::energy: return r.energy.value() / work;
        case objective::cost:
            if (!r.cost_usd) {
                return std::nullopt;
            }
            return *r.cost_usd / work;
    }
    return std::nullopt;
}

/// 1-based ranks of the results of `c` by `o` (0: not ranked: no result, no key, or a footprint that does not fit
/// the GPU, so the run cannot execute there).
inline std::vector<int> ranks(const comparison& c, objective o) {
    std::vector<std::pair<double, std::size_t>> keyed;
    for (std::size_t i = 0; i < c.results.size(); ++i) {
        if (c.results[i] && c.results[i]->memory.fits()) {
            if (const auto k = rank_key(*c.results[i], o)) {
                keyed.emplace_back(*k, i);
            }
        }
    }
    std::stable_sort(keyed.begin(), keyed.end());
    std::vector<int> r(c.results.size(), 0);
    for (std::size_t j = 0; j < keyed.size(); ++j) {
        r[keyed[j].second] = static_cast<int>(j + 1);
    }
    return r;
}

/// The order to show the results of `c` in: ranked ones best first, then the unranked in the order asked.
inline std::vector<std::size_t> display_order(const comparison& c) {
    std::vector<std::size_t> order(c.results.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    auto key = [&c](std::size_t i) { return c.rank[i] == 0 ? 1 << 30 : c.rank[i]; };
    std::stable_sort(order.begin(), order.end(), [&key](std::size_t a, std::size_t b) { return key(a) < key(b); });
    return order;
}

/// Predicts `cfg` of `w` on each of `gpus` (lowered once), ranked by `by`; a GPU that cannot run it (e.g. no
/// FP8, or a served model that does not fit) gets its reason. `prices`, when not empty, gives each GPU's price
/// per GPU-hour (one price applies to all). Throws input_error for an invalid run, a price list of the wrong
/// length, or ranking by cost without prices.
inline comparison compare(const workload& w, const std::vector<std::reference_wrapper<const gpu_spec>>& gpus,
                          const run_config& cfg, const cost_params& p = default_params(),
                          const std::vector<double>& prices = {}, objective by = objective::time) {
    if (prices.size() > 1 && prices.size() != gpus.size()) {
        throw input_error("give one price per GPU (" + std::to_string(gpus.size()) + ") or a single price, not " +
                          std::to_string(prices.size()));
    }
    if (by == objective::cost && prices.empty() && !cfg.price_per_hour) {
        throw input_error("ranking by cost needs a price per GPU-hour (--price-per-hour)");
    }
    lowered_run run = lower_run(w, cfg);
    comparison c;
    c.objective = by;
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        const gpu_spec& g = gpus[i];
        if (!prices.empty()) {
            run.plan.config.price_per_hour = prices.size() == 1 ? prices[0] : prices[i];
        }
        c.gpus.push_back(g.name);
        c.max_batches.push_back(largest_fitting_batch(run.plan, g));
        try {
            c.results.emplace_back(predict(run, g, p));
            c.reasons.emplace_back();
        } catch (const unsupported_error& e) {
            c.results.emplace_back(std::nullopt);
            c.reasons.emplace_back(e.what());
        }
    }
    c.rank = ranks(c, by);
    return c;
}

}  // namespace roofcast

#endif
