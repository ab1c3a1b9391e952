/// @file
/// Comparisons of GPUs and the text reports of predictions and comparisons.
#ifndef ROOFCAST_REPORT_PREDICTION_REPORT_HPP
#define ROOFCAST_REPORT_PREDICTION_REPORT_HPP

#include <roofcast/model/predict.hpp>
#include <roofcast/report/gpu_report.hpp>
#include <roofcast/report/table.hpp>

#include <cstdio>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace roofcast {

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
};

/// Predicts `cfg` of `w` on each of `gpus`; a GPU that cannot run it (e.g. no FP8) gets its reason.
/// `prices`, when not empty, gives each GPU's price per GPU-hour (one price applies to all).
inline comparison compare(const workload& w, const std::vector<std::reference_wrapper<const gpu_spec>>& gpus,
                          const run_config& cfg, const cost_params& p = default_params(),
                          const std::vector<double>& prices = {}) {
    if (prices.size() > 1 && prices.size() != gpus.size()) {
        throw input_error("give one price per GPU (" + std::to_string(gpus.size()) + ") or a single price, not " +
                          std::to_string(prices.size()));
    }
    comparison c;
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        const gpu_spec& g = gpus[i];
        run_config one = cfg;
        if (!prices.empty()) {
            one.price_per_hour = prices.size() == 1 ? prices[0] : prices[i];
        }
        c.gpus.push_back(g.name);
        c.max_batches.push_back(largest_fitting_batch(w, g, one));
        try {
            c.results.emplace_back(predict(w, g, one, p));
            c.reasons.emplace_back();
        } catch (const unsupported_error& e) {
            c.results.emplace_back(std::nullopt);
            c.reasons.emplace_back(e.what());
        }
    }
    return c;
}

namespace detail {

/// A rate with 3 significant digits and SI prefix, e.g. "1.23 k".
inline std::string rate(double v) {
    return si_prefixed(v);
}

}  // namespace detail

/// The main throughput of a prediction and its unit: tokens/s for LLM phases and transformer training,
/// samples/s otherwise.
inline std::pair<double, std::string> main_throughput(const prediction& p) {
    if (p.tokens_per_s && (p.config.mode == mode::infer || p.config.seq_len > 0)) {
        return {*p.tokens_per_s, "tokens/s"};
    }
    return {p.samples_per_s, "samples/s"};
}

/// One prediction as text: the headline, memory, likely range, extrapolation and the breakdown.
inline std::string describe(const prediction& p) {
    std::ostringstream o;
    const auto [tp, unit] = main_throughput(p);
    o << p.workload << " on " << (p.config.num_gpus > 1 ? std::to_string(p.config.num_gpus) + " x " : "") << p.gpu
      << ": " << to_string_view(p.config.mode) << ' ' << to_string_view(phase_of(p.config)) << ", "
      << to_string_view(p.config.precision) << ", batch " << p.batch << ", " << p.config.framework << '\n';
    o << "  time        " << to_string(p.time) << " (likely " << to_string(p.likely_low) << " – "
      << to_string(p.likely_high) << ")\n";
    o << "  throughput  " << detail::rate(tp) << unit << (unit == "tokens/s" ? "" : "") << '\n';
    o << "  bound       " << to_string_view(p.limiter) << " (GPU " << to_string(p.gpu_time) << ", host "
      << to_string(p.host_time) << (p.comm_time.value() > 0 ? ", communication " + to_string(p.comm_time) : "")
      << ")\n";
    o << "  power       " << to_string(p.avg_power) << " per GPU (TDP " << to_string(p.tdp) << "), energy "
      << to_string(p.energy);
    if (p.cost_usd) {
        char cost[48];
        std::snprintf(cost, sizeof cost, ", cost $%.4g", *p.cost_usd);
        o << cost;
    }
    o << '\n';
    if (p.epoch_time) {
        o << "  epoch       " << to_string(*p.epoch_time) << ", " << to_string(*p.epoch_energy);
        if (p.epoch_cost_usd) {
            char cost[48];
            std::snprintf(cost, sizeof cost, ", $%.4g", *p.epoch_cost_usd);
            o << cost;
        }
        o << '\n';
    }
    if (p.energy_per_million_tokens) {
        o << "  1M tokens   " << to_string(*p.energy_per_million_tokens);
        if (p.cost_per_million_tokens_usd) {
            char cost[48];
            std::snprintf(cost, sizeof cost, ", $%.4g", *p.cost_per_million_tokens_usd);
            o << cost;
        }
        o << '\n';
    }
    o << "  memory      " << to_string_binary(p.memory.total()) << " of " << to_string_binary(p.memory.capacity)
      << (p.memory.fits() ? " (fits)" : " (DOES NOT FIT)") << '\n';
    if (p.extrapolation) {
        o << "  note        " << *p.extrapolation << '\n';
    }
    text_table t({"class", "time", "share", "work", "traffic", "bound"});
    double sum = 0.0;
    for (const breakdown_entry& b : p.breakdown) {
        sum += b.name == "host" ? 0.0 : b.time.value();
    }
    for (const breakdown_entry& b : p.breakdown) {
        if (b.time.value() <= 0.0) {
            continue;
        }
        char share[16];
        std::snprintf(share, sizeof share, "%.1f%%", b.name == "host" ? 0.0 : 100.0 * b.time.value() / sum);
        t.add_row({b.name, to_string(b.time), b.name == "host" ? "-" : share,
                   b.work.value() > 0 ? to_string(b.work) : "-", b.traffic.value() > 0 ? to_string(b.traffic) : "-",
                   std::string(to_string_view(b.limiter))});
    }
    o << '\n' << t.to_text();
    return o.str();
}

/// What a comparison ranks by.
enum class objective { time, cost, energy };

/// The figure a result is ranked by, lower is better: time, cost or energy per sample (or token) processed;
/// nullopt when it cannot be ranked (no result, or no price for cost).
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

/// 1-based ranks of the results by `o` (0: not ranked).
inline std::vector<int> ranks(const comparison& c, objective o) {
    std::vector<std::pair<double, std::size_t>> keyed;
    for (std::size_t i = 0; i < c.results.size(); ++i) {
        if (c.results[i]) {
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

/// Side-by-side table, best first by `o`: rank, time, throughput, speed relative to the first GPU asked,
/// bound, power, energy and cost, memory, fit and the largest batch.
inline text_table comparison_table(const comparison& c, objective o = objective::time) {
    text_table t({"rank", "gpu", "time", "throughput", "vs first", "bound", "power", "energy", "cost", "memory", "fits",
                  "max batch", "likely range"});
    std::optional<double> first;
    for (const auto& r : c.results) {
        if (r && !first) {
            first = main_throughput(*r).first;
        }
    }
    const std::vector<int> rank = ranks(c, o);
    std::vector<std::size_t> order(c.results.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return (rank[a] == 0 ? 1 << 30 : rank[a]) < (rank[b] == 0 ? 1 << 30 : rank[b]);
    });
    for (std::size_t i : order) {
        const auto& r = c.results[i];
        if (!r) {
            t.add_row({"-", c.gpus[i], "-", "-", "-", "unsupported", "-", "-", "-", "-", "-", "-", c.reasons[i]});
            continue;
        }
        const auto [tp, unit] = main_throughput(*r);
        char ratio[32], cost[32];
        std::snprintf(ratio, sizeof ratio, "%.2fx", tp / *first);
        std::snprintf(cost, sizeof cost, "$%.3g", r->cost_usd.value_or(0.0));
        t.add_row({rank[i] > 0 ? std::to_string(rank[i]) : "-", c.gpus[i], to_string(r->time), detail::rate(tp) + unit,
                   ratio, std::string(to_string_view(r->limiter)), to_string(r->avg_power), to_string(r->energy),
                   r->cost_usd ? cost : "-",
                   to_string_binary(r->memory.total()) + " / " + to_string_binary(r->memory.capacity),
                   r->memory.fits() ? "yes" : "NO", std::to_string(c.max_batches[i]),
                   to_string(r->likely_low) + " – " + to_string(r->likely_high)});
    }
    return t;
}

/// The max-batch answer as text: the batch, its footprint item by item, and suggestions when nothing fits.
inline std::string describe(const batch_limit& b, const std::string& workload, const std::string& gpu) {
    std::ostringstream o;
    auto items = [&o](const memory_footprint& f) {
        text_table t({"item", "bytes", "share"});
        for (const auto& [name, v] : f.items) {
            char share[16];
            std::snprintf(share, sizeof share, "%.1f%%", 100.0 * v / f.total().value());
            t.add_row({name, to_string_binary(v * units::byte), share});
        }
        t.add_row({"total", to_string_binary(f.total()), ""});
        t.add_row({"capacity", to_string_binary(f.capacity), ""});
        o << t.to_text();
    };
    if (b.max_batch > 0) {
        o << workload << " on " << gpu << ": max batch " << b.max_batch << " (limited by " << b.limiting_item
          << ")\n\n";
        items(b.footprint);
        return o.str();
    }
    o << workload << " does not fit " << gpu << " even at batch 1: " << to_string_binary(b.footprint.total())
      << " needed, " << to_string_binary(b.footprint.capacity) << " usable; largest item: " << b.limiting_item
      << "\n\n";
    items(b.footprint);
    if (b.suggestions.empty()) {
        o << "\nno single change among tensor parallelism, ZeRO, recompute or lower precision makes it fit\n";
    } else {
        o << "\nwhat would make batch 1 fit:\n";
        for (const fit_suggestion& s : b.suggestions) {
            o << "  " << s.change << ": " << to_string_binary(s.footprint.total()) << " per GPU of "
              << to_string_binary(s.footprint.capacity) << '\n';
        }
    }
    return o.str();
}

/// One row per prediction with its headline figures (the CSV form of predict).
inline text_table prediction_row_table(const std::vector<prediction>& ps) {
    text_table t({"gpu", "num_gpus", "workload", "mode", "phase", "precision", "batch", "time_s", "samples_per_s",
                  "tokens_per_s", "bound", "memory_total_bytes", "fits", "avg_power_w", "energy_j", "cost_usd"});
    auto num = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", v);
        return std::string(buf);
    };
    for (const prediction& p : ps) {
        t.add_row({p.gpu, std::to_string(p.config.num_gpus), p.workload, std::string(to_string_view(p.config.mode)),
                   std::string(to_string_view(phase_of(p.config))), std::string(to_string_view(p.config.precision)),
                   std::to_string(p.batch), num(p.time.value()), num(p.samples_per_s),
                   p.tokens_per_s ? num(*p.tokens_per_s) : "", std::string(to_string_view(p.limiter)),
                   num(p.memory.total().value()), p.memory.fits() ? "true" : "false", num(p.avg_power.value()),
                   num(p.energy.value()), p.cost_usd ? num(*p.cost_usd) : ""});
    }
    return t;
}

/// Prints the prediction's description.
inline std::ostream& operator<<(std::ostream& os, const prediction& p) {
    return os << describe(p);
}
/// Prints the comparison table.
inline std::ostream& operator<<(std::ostream& os, const comparison& c) {
    return os << comparison_table(c).to_text();
}

}  // namespace roofcast

#endif
