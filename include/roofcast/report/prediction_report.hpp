/// @file
/// Text reports and tables of predictions and of everything built from them: a prediction, its breakdown
/// and footprint, a comparison of GPUs, a max-batch answer, a scaling study, a sweep. Each result type has
/// describe() (text), to_table() (the CSV form) and operator<<.
#ifndef ROOFCAST_REPORT_PREDICTION_REPORT_HPP
#define ROOFCAST_REPORT_PREDICTION_REPORT_HPP

#include <roofcast/format.hpp>
#include <roofcast/model/compare.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/scaling.hpp>
#include <roofcast/model/sweep.hpp>
#include <roofcast/report/roofline.hpp>
#include <roofcast/report/table.hpp>
#include <roofcast/units.hpp>

#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace roofcast {

/// The footprint item by item, with each item's share of the total, then the total and the capacity.
inline text_table footprint_table(const memory_footprint& f) {
    text_table t({"item", "bytes", "share"});
    const double total = f.total().value();
    for (const auto& [name, v] : f.items) {
        t.add_row({name, to_string_binary(v * units::byte), total > 0.0 ? format_percent(v / total) : "-"});
    }
    t.add_row({"total", to_string_binary(f.total()), ""});
    t.add_row({"capacity", to_string_binary(f.capacity), ""});
    return t;
}

/// "fits: 15.2 GiB of 39.4 GiB" or "DOES NOT FIT: 130 GiB of 79.2 GiB".
inline std::string fit_verdict(const memory_footprint& f) {
    return std::string(f.fits() ? "fits: " : "DOES NOT FIT: ") + to_string_binary(f.total()) + " of " +
           to_string_binary(f.capacity);
}

/// The breakdown of a prediction: the parts of its timeline (op classes, optimizer, pipeline bubble,
/// communication, host wait, fixed overhead) with time, share of the phase time, work, DRAM traffic and bound, and a
/// total row, the phase time; parts that take no time are left out.
inline text_table breakdown_table(const prediction& p) {
    text_table t({"part", "time", "share", "work", "traffic", "bound"});
    const double total = p.time.value();
    double work = 0.0, moved = 0.0;
    for (const breakdown_entry& b : p.breakdown) {
        if (b.time.value() <= 0.0) {
            continue;
        }
        work += b.work.value();
        moved += b.traffic.value();
        t.add_row({b.name, to_string(b.time), total > 0.0 ? format_percent(b.time.value() / total) : "-",
                   b.work.value() > 0 ? to_string(b.work) : "-", b.traffic.value() > 0 ? to_string(b.traffic) : "-",
                   std::string(to_string_view(b.limiter))});
    }
    t.add_row({"total", to_string(p.time), total > 0.0 ? format_percent(1.0) : "-",
               work > 0 ? to_string(work * units::flop) : "-", moved > 0 ? to_string(moved * units::byte) : "-",
               std::string(to_string_view(p.limiter))});
    return t;
}

/// "compute (GPU 29.1 s, host 525 ms, communication 2.1 s, pipeline bubble 1.6 s)": the bound of prediction `p`
/// with its GPU, host, communication and bubble times.
inline std::string bound_summary(const prediction& p) {
    return std::string(to_string_view(p.limiter)) + " (GPU " + to_string(p.gpu_time) + ", host " +
           to_string(p.host_time) + (p.comm_time.value() > 0 ? ", communication " + to_string(p.comm_time) : "") +
           (p.bubble_time.value() > 0 ? ", pipeline bubble " + to_string(p.bubble_time) : "") + ")";
}

/// "700 W per GPU (TDP 700 W, power-limited: clock 1.54 GHz of 1.83 GHz), energy 4.1 kJ": the power of prediction
/// `p`, the clock its power limit settled at where it binds, and its energy.
inline std::string power_summary(const prediction& p) {
    const bool limited = p.settled_clock < p.burst_clock;
    return to_string(p.avg_power) + " per GPU (TDP " + to_string(p.tdp) +
           (limited ? ", power-limited: clock " + to_string(p.settled_clock) + " of " + to_string(p.burst_clock) : "") +
           "), energy " + to_string(p.energy);
}

/// "train step, amp-fp16, batch 256, pytorch": the run of prediction `p` in one phrase.
inline std::string run_headline(const prediction& p) {
    return std::string(to_string_view(p.config.mode)) + ' ' + std::string(to_string_view(phase_of(p.config))) + ", " +
           std::string(to_string_view(p.config.precision)) + ", batch " + std::to_string(p.batch) + ", " +
           framework_label(p.config);
}

namespace detail {

/// ", $1.234" or "" (with `label` before the amount, e.g. ", cost $1.234").
inline std::string dollars_suffix(const std::optional<double>& usd, const char* label = "") {
    return usd ? std::string(", ") + label + format_dollars(*usd) : std::string();
}

}  // namespace detail

/// One prediction as text: the headline, time with its likely range, throughput, bound, power, energy and
/// cost, memory, the extrapolation note and the breakdown.
inline std::string describe(const prediction& p) {
    std::ostringstream o;
    const auto [tp, unit] = main_throughput(p);
    o << p.workload << (p.workload_origin.rfind("built-in", 0) == 0 ? "" : " (" + p.workload_origin + ")") << " on "
      << (p.config.num_gpus > 1 ? std::to_string(p.config.num_gpus) + " x " : "") << p.gpu << ": " << run_headline(p)
      << '\n';
    o << "  time        " << to_string(p.time) << " (likely " << to_string(p.likely_low) << " – "
      << to_string(p.likely_high) << ")\n";
    if (p.prefill_tokens > 0) {
        o << "  iteration   " << p.batch << " decode + " << p.prefill_tokens
          << " prefill tokens (in-flight batching)\n";
    }
    o << "  throughput  " << si_prefixed(tp) << unit << '\n';
    o << "  bound       " << bound_summary(p) << '\n';
    o << "  power       " << power_summary(p) << detail::dollars_suffix(p.cost_usd, "cost ") << '\n';
    if (p.epoch_time) {
        o << "  epoch       " << to_string(*p.epoch_time) << ", " << to_string(*p.epoch_energy)
          << detail::dollars_suffix(p.epoch_cost_usd) << '\n';
    }
    if (p.energy_per_million_tokens) {
        o << "  1M tokens   " << to_string(*p.energy_per_million_tokens)
          << detail::dollars_suffix(p.cost_per_million_tokens_usd) << '\n';
    }
    o << "  memory      " << to_string_binary(p.memory.total()) << " of " << to_string_binary(p.memory.capacity)
      << (p.memory.fits() ? " (fits)" : " (DOES NOT FIT)") << '\n';
    if (p.extrapolation) {
        o << "  note        " << *p.extrapolation << '\n';
    }
    o << '\n' << breakdown_table(p).to_text();
    return o.str();
}

/// One row per prediction with its headline figures (the CSV form of predict and sweep).
inline text_table prediction_row_table(const std::vector<prediction>& ps) {
    text_table t({"gpu", "num_gpus", "workload", "mode", "phase", "precision", "batch", "time_s", "samples_per_s",
                  "tokens_per_s", "bound", "memory_total_bytes", "fits", "avg_power_w", "energy_j", "cost_usd"});
    for (const prediction& p : ps) {
        t.add_row({p.gpu, std::to_string(p.config.num_gpus), p.workload, std::string(to_string_view(p.config.mode)),
                   std::string(to_string_view(phase_of(p.config))), std::string(to_string_view(p.config.precision)),
                   std::to_string(p.batch), format_number(p.time.value(), 6), format_number(p.samples_per_s, 6),
                   p.tokens_per_s ? format_number(*p.tokens_per_s, 6) : "", std::string(to_string_view(p.limiter)),
                   format_number(p.memory.total().value(), 6), p.memory.fits() ? "true" : "false",
                   format_number(p.avg_power.value(), 6), format_number(p.energy.value(), 6),
                   p.cost_usd ? format_number(*p.cost_usd, 6) : ""});
    }
    return t;
}

/// "14.5 / 45 GiB": a footprint's total over the usable memory, the unit written once where both share it.
inline std::string memory_of_capacity(const memory_footprint& f) {
    const std::string used = to_string_binary(f.total()), capacity = to_string_binary(f.capacity);
    const auto space = used.rfind(' ');
    if (space != std::string::npos && capacity.size() > used.size() - space &&
        capacity.compare(capacity.size() - (used.size() - space), used.size() - space, used, space) == 0) {
        return used.substr(0, space) + " / " + capacity;
    }
    return used + " / " + capacity;
}

/// Side-by-side table, best first by the comparison's objective: rank, time, throughput, speed relative to the
/// row ranked first, bound, power, energy and cost, memory, fit and the largest batch. A GPU the run does not fit is
/// not ranked and shows no time: "does not fit" in place of its bound, and its footprint against the usable memory.
inline text_table comparison_table(const comparison& c) {
    text_table t({"rank", "gpu", "time", "throughput", "vs rank 1", "bound", "power", "energy", "cost", "memory",
                  "fits", "max batch", "likely range"});
    std::optional<double> top;
    for (std::size_t i : display_order(c)) {
        if (c.results[i] && c.rank[i] > 0 && !top) {
            top = main_throughput(*c.results[i]).first;
        }
    }
    for (std::size_t i : display_order(c)) {
        const auto& r = c.results[i];
        if (!r) {
            t.add_row({"-", c.gpus[i], "-", "-", "-", "unsupported", "-", "-", "-", "-", "-", "-", c.reasons[i]});
            continue;
        }
        const std::string memory = memory_of_capacity(r->memory);
        if (!r->memory.fits()) {
            t.add_row({"-", c.gpus[i], "-", "-", "-", "does not fit", "-", "-", "-", memory, "NO",
                       std::to_string(c.max_batches[i]), "-"});
            continue;
        }
        const auto [tp, unit] = main_throughput(*r);
        t.add_row({c.rank[i] > 0 ? std::to_string(c.rank[i]) : "-", c.gpus[i], to_string(r->time),
                   si_prefixed(tp) + unit, top ? format_ratio(tp / *top) : "-", std::string(to_string_view(r->limiter)),
                   to_string(r->avg_power), to_string(r->energy), r->cost_usd ? format_dollars(*r->cost_usd, 3) : "-",
                   memory, "yes", std::to_string(c.max_batches[i]),
                   to_string(r->likely_low) + " – " + to_string(r->likely_high)});
    }
    t.optional({"power", "energy", "cost", "fits", "max batch", "likely range"});
    return t;
}

/// The max-batch answer as text: the batch, its footprint item by item, and suggestions when nothing fits.
inline std::string describe(const batch_limit& b, const std::string& workload, const std::string& gpu) {
    std::ostringstream o;
    if (b.max_batch > 0) {
        o << wrap_text(workload + " on " + gpu + ": max batch " + std::to_string(b.max_batch) + " (likely " +
                           std::to_string(b.likely_low) + " – " + std::to_string(b.likely_high) + "; limited by " +
                           b.limiting_item + "; a larger batch grows the " + b.growing_item + ")",
                       text_width())
          << '\n'
          << footprint_table(b.footprint).to_text();
        return o.str();
    }
    o << workload << " does not fit " << gpu << " even at batch 1: " << to_string_binary(b.footprint.total())
      << " needed, " << to_string_binary(b.footprint.capacity) << " usable; largest item: " << b.limiting_item << "\n\n"
      << footprint_table(b.footprint).to_text();
    if (b.suggestions.empty()) {
        o << "\nno single change among tensor parallelism, ZeRO, recompute or lower precision makes it fit\n";
        return o.str();
    }
    o << "\nwhat would make batch 1 fit:\n";
    for (const fit_suggestion& s : b.suggestions) {
        o << "  " << s.change << ": " << to_string_binary(s.footprint.total()) << " per GPU of "
          << to_string_binary(s.footprint.capacity) << '\n';
    }
    return o.str();
}

/// The max-batch answer with its names (describe(batch_limit, workload, gpu)).
inline std::string describe(const max_batch_result& r) {
    return describe(r.limit, r.workload, r.gpu);
}

/// One row per GPU count of a scaling study: GPUs, nodes, time, throughput, speedup, efficiency, exposed
/// communication and bound.
inline text_table scaling_table(const scaling_report& r) {
    text_table t({"gpus", "nodes", "time", "throughput", "speedup", "efficiency", "communication", "bound"});
    for (const scaling_point& pt : r.points) {
        const auto [tp, unit] = main_throughput(pt.result);
        t.add_row({std::to_string(pt.num_gpus), std::to_string(pt.nodes), to_string(pt.result.time),
                   si_prefixed(tp) + unit, format_ratio(pt.speedup), format_percent(pt.efficiency),
                   to_string(pt.result.comm_time), std::string(to_string_view(pt.result.limiter))});
    }
    return t;
}

/// A scaling study as text: what scales, then scaling_table.
inline std::string describe(const scaling_report& r) {
    return r.workload + " on " + r.gpu + ": data-parallel scaling (tp " + std::to_string(r.config.tp) + ", pp " +
           std::to_string(r.config.pp) + ", batch " + std::to_string(r.config.batch) + " per replica)\n\n" +
           scaling_table(r).to_text();
}

/// The predictions of a sweep that succeeded, one row each (prediction_row_table).
inline text_table sweep_table(const sweep_report& r) {
    std::vector<prediction> ok;
    ok.reserve(r.results.size());
    for (const sweep_result& one : r.results) {
        if (one.result) {
            ok.push_back(*one.result);
        }
    }
    return prediction_row_table(ok);
}

/// One roofline point per op class of `p` that has work, traffic and time: its work over its DRAM traffic,
/// at its achieved rate (work over time), labelled "class (bound)" and grouped by class.
inline std::vector<roofline_point> roofline_points(const prediction& p) {
    std::vector<roofline_point> points;
    for (const breakdown_entry& b : p.breakdown) {
        if (b.work.value() > 0.0 && b.traffic.value() > 0.0 && b.time.value() > 0.0) {
            points.push_back({b.name + " (" + std::string(to_string_view(b.limiter)) + ")", b.name, b.work / b.traffic,
                              b.work / b.time});
        }
    }
    return points;
}

/// The table of a prediction: one row of headline figures.
inline text_table to_table(const prediction& p) {
    return prediction_row_table({p});
}
/// The table of a comparison (comparison_table).
inline text_table to_table(const comparison& c) {
    return comparison_table(c);
}
/// The table of a max-batch answer: the footprint at the largest batch.
inline text_table to_table(const max_batch_result& r) {
    return footprint_table(r.limit.footprint);
}
/// The table of a scaling study (scaling_table).
inline text_table to_table(const scaling_report& r) {
    return scaling_table(r);
}
/// The table of a sweep (sweep_table).
inline text_table to_table(const sweep_report& r) {
    return sweep_table(r);
}

/// Prints describe(p).
inline std::ostream& operator<<(std::ostream& os, const prediction& p) {
    return os << describe(p);
}
/// Prints the comparison table.
inline std::ostream& operator<<(std::ostream& os, const comparison& c) {
    return os << comparison_table(c).to_text();
}
/// Prints "gemm: 3.21 ms, 12.3 TFLOP, 2.1 GB, compute".
inline std::ostream& operator<<(std::ostream& os, const breakdown_entry& b) {
    return os << b.name << ": " << to_string(b.time) << ", " << to_string(b.work) << ", " << to_string(b.traffic)
              << ", " << to_string_view(b.limiter);
}
/// Prints the footprint table and the verdict.
inline std::ostream& operator<<(std::ostream& os, const memory_footprint& f) {
    return os << footprint_table(f).to_text() << fit_verdict(f) << '\n';
}
/// Prints "--tp 2 --num-gpus 2: 35.1 GiB per GPU of 79.2 GiB".
inline std::ostream& operator<<(std::ostream& os, const fit_suggestion& s) {
    return os << s.change << ": " << to_string_binary(s.footprint.total()) << " per GPU of "
              << to_string_binary(s.footprint.capacity);
}
/// Prints the max-batch answer without names (see max_batch_result for one with them).
inline std::ostream& operator<<(std::ostream& os, const batch_limit& b) {
    return os << describe(b, "the workload", "the GPU");
}
/// Prints the max-batch answer (describe(max_batch_result)).
inline std::ostream& operator<<(std::ostream& os, const max_batch_result& r) {
    return os << describe(r);
}
/// Prints describe(r).
inline std::ostream& operator<<(std::ostream& os, const scaling_report& r) {
    return os << describe(r);
}
/// Prints the sweep's table as text.
inline std::ostream& operator<<(std::ostream& os, const sweep_report& r) {
    return os << sweep_table(r).to_text();
}

/// The comparison as text: the side-by-side table and what its columns mean (and that cost needs a price).
inline std::string describe(const comparison& c) {
    bool priced = false;
    for (const auto& r : c.results) {
        priced = priced || (r && r->cost_usd);
    }
    return comparison_table(c).to_text() + '\n' +
           wrap_text(
               "ranked by " + std::string(to_string_view(c.objective)) +
                   " per unit of work; vs rank 1: throughput over the first row's; bound: what limits the run "
                   "(compute, memory bandwidth, communication, the pipeline bubble, or host overhead: the largest "
                   "part of its timeline); likely range: the time's 10th to 90th percentile from the held-out "
                   "residuals (docs/accuracy.md)" +
                   (priced ? std::string(".") : std::string("; cost: give --price-per-hour.")),
               text_width());
}

/// The sweep as text: one row per prediction.
inline std::string describe(const sweep_report& r) {
    return sweep_table(r).to_text();
}

}  // namespace roofcast

#endif
