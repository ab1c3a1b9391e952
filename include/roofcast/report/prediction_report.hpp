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
inline comparison compare(const workload& w, const std::vector<std::reference_wrapper<const gpu_spec>>& gpus,
                          const run_config& cfg, const cost_params& p = default_params()) {
    comparison c;
    for (const gpu_spec& g : gpus) {
        c.gpus.push_back(g.name);
        c.max_batches.push_back(largest_fitting_batch(w, g, cfg));
        try {
            c.results.emplace_back(predict(w, g, cfg, p));
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

/// Side-by-side table: time, throughput, speed relative to the first GPU, bound, memory and fit.
inline text_table comparison_table(const comparison& c) {
    text_table t({"gpu", "time", "throughput", "vs first", "bound", "memory", "fits", "max batch", "likely range"});
    std::optional<double> first;
    for (std::size_t i = 0; i < c.results.size(); ++i) {
        const auto& r = c.results[i];
        if (!r) {
            t.add_row({c.gpus[i], "-", "-", "-", "unsupported", "-", "-", "-", c.reasons[i]});
            continue;
        }
        const auto [tp, unit] = main_throughput(*r);
        if (!first) {
            first = tp;
        }
        char ratio[32];
        std::snprintf(ratio, sizeof ratio, "%.2fx", tp / *first);
        t.add_row({c.gpus[i], to_string(r->time), detail::rate(tp) + unit, ratio,
                   std::string(to_string_view(r->limiter)),
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
