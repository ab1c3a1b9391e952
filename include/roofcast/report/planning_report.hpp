/// @file
/// Text reports and tables of capacity plans: a training plan (the best layouts, why the better-ranked ones are
/// not plans) and a serving plan (replicas per GPU type and tensor-parallel degree, or the target that cannot be
/// met). Each has describe() (text), to_table() (the CSV form) and operator<<, as do their rows.
#ifndef ROOFCAST_REPORT_PLANNING_REPORT_HPP
#define ROOFCAST_REPORT_PLANNING_REPORT_HPP

#include <roofcast/format.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/serving_plan.hpp>
#include <roofcast/model/training_plan.hpp>
#include <roofcast/report/table.hpp>
#include <roofcast/units.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace roofcast {

namespace detail {

/// A whole number with thousands separators: 476838 → "476,838".
inline std::string grouped(double v) {
    char digits[64];
    std::snprintf(digits, sizeof digits, "%.0f", std::fabs(v));
    std::string s = digits, out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        out += s[i];
        if ((s.size() - i - 1) % 3 == 0 && i + 1 < s.size()) {
            out += ',';
        }
    }
    return (v < 0 ? "-" : "") + out;
}

/// Dollars: "$0.4213", "$12.35", "$953,654".
inline std::string money(double usd) {
    return usd < 1000.0 ? "$" + format_number(usd, 4) : "$" + grouped(usd);
}

/// A duration in years (of 365.25 days) from 1000 days, so that three digits show it ("5.72 years"), else in the
/// largest unit that leaves at least 2 of it: "166 days", "5.3 h", "12.5 min", else to_string ("45.3 ms").
inline std::string duration(seconds t) {
    const double s = t.value();
    if (s >= 1000.0 * 86400.0) return format_number(s / (365.25 * 86400.0), 3) + " years";
    if (s >= 2.0 * 86400.0) return format_number(s / 86400.0, 3) + " days";
    if (s >= 2.0 * 3600.0) return format_number(s / 3600.0, 3) + " h";
    if (s >= 2.0 * 60.0) return format_number(s / 60.0, 3) + " min";
    return to_string(t);
}

/// "258 – 661 days": a range of durations, the unit written once where both ends take the same one.
inline std::string duration_range(seconds low, seconds high) {
    const std::string a = duration(low), b = duration(high);
    const std::size_t ua = a.rfind(' '), ub = b.rfind(' ');
    const bool same = ua != std::string::npos && ub != std::string::npos && a.substr(ua) == b.substr(ub);
    return (same ? a.substr(0, ua) : a) + " – " + b;
}

/// "$1,187,002 – $3,038,725".
inline std::string money_range(const std::pair<double, double>& usd) {
    return money(usd.first) + " – " + money(usd.second);
}

/// Energy in megawatt-hours from 1 MWh, else kilowatt-hours: "812 MWh", "91.9 kWh".
inline std::string watt_hours(joules e) {
    const double wh = e.value() / 3600.0;
    return wh >= 1e6 ? format_number(wh / 1e6, 3) + " MWh" : format_number(wh / 1e3, 3) + " kWh";
}

/// "tp 2, pp 20, dp 2, ZeRO 1, selective recompute, micro-batch 1 x 512" ("no recompute" without).
inline std::string layout_text(const training_option& o) {
    const std::string rc = o.recompute == recompute::none ? "no" : std::string(to_string_view(o.recompute));
    return "tp " + std::to_string(o.tp) + ", pp " + std::to_string(o.pp) + ", dp " + std::to_string(o.dp) + ", ZeRO " +
           std::to_string(o.zero) + ", " + rc + " recompute, micro-batch " + std::to_string(o.micro_batch) + " x " +
           std::to_string(o.micro_batches);
}

/// Why a rejected GPU type and count are not a plan, in words: its smallest footprint against the memory, its
/// fastest time against the deadline, or its cheapest cost within the deadline against the budget; then the
/// layout that comes closest.
inline std::string rejection_text(const training_rejection& r, const training_plan& p) {
    const training_option& o = r.option;
    std::string s = std::to_string(o.num_gpus) + " x " + o.gpu + ": " + std::string(to_string_view(r.reason)) + ": ";
    switch (r.reason) {
        case training_rejection_reason::does_not_fit:
            s += "no layout does; the smallest takes " + to_string_binary(o.memory) + " per GPU, " +
                 to_string_binary(o.capacity) + " usable (largest item: " + o.largest_item + ")";
            break;
        case training_rejection_reason::misses_deadline:
            s += "its fastest layout takes " + duration(o.time) + ", the deadline is " + duration(*p.deadline);
            break;
        case training_rejection_reason::over_budget:
            s += "its cheapest layout within the deadline costs " + money(*o.cost_usd) + ", the budget is " +
                 money(*p.budget_usd);
            break;
    }
    return s + "; with " + layout_text(o);
}

/// "ranked by cost; no deadline, budget $2,500,000".
inline std::string limits_text(const training_plan& p) {
    return "ranked by " + std::string(to_string_view(p.objective)) + "; " +
           (p.deadline ? "deadline " + duration(*p.deadline) : std::string("no deadline")) + ", " +
           (p.budget_usd ? "budget " + money(*p.budget_usd) : std::string("no budget"));
}

}  // namespace detail

/// The listed layouts of a training plan, best first: GPUs, layout, time and cost with their likely ranges, energy,
/// MFU, memory per GPU and what limits the step.
inline text_table training_options_table(const training_plan& p) {
    text_table t({"rank", "gpu", "gpus", "tp", "pp", "dp", "zero", "recompute", "micro-batch", "time", "likely time",
                  "cost", "likely cost", "energy", "MFU", "memory/GPU", "limiter"});
    for (std::size_t i = 0; i < p.options.size(); ++i) {
        const training_option& o = p.options[i];
        t.add_row({std::to_string(i + 1), o.gpu, std::to_string(o.num_gpus), std::to_string(o.tp), std::to_string(o.pp),
                   std::to_string(o.dp), std::to_string(o.zero), std::string(to_string_view(o.recompute)),
                   std::to_string(o.micro_batch) + " x " + std::to_string(o.micro_batches), detail::duration(o.time),
                   detail::duration_range(o.likely_low, o.likely_high), o.cost_usd ? detail::money(*o.cost_usd) : "-",
                   o.likely_cost_usd() ? detail::money_range(*o.likely_cost_usd()) : "-", detail::watt_hours(o.energy),
                   format_percent(o.mfu), to_string_binary(o.memory) + " / " + to_string_binary(o.capacity),
                   o.limiter});
    }
    t.optional({"energy", "memory/GPU", "likely cost", "micro-batch", "MFU"});
    return t;
}

namespace detail {

/// The columns of a CSV table, written as one comma-separated line.
inline std::vector<std::string> columns(const std::string& line) {
    std::vector<std::string> out(1);
    for (char c : line) {
        if (c == ',') {
            out.emplace_back();
        } else {
            out.back() += c;
        }
    }
    return out;
}

/// The CSV row of training layout `o` with its status and rank; the figures of a layout that is not costed (it
/// does not fit) are empty.
inline std::vector<std::string> training_row(const training_option& o, const std::string& status,
                                             const std::string& rank) {
    const bool costed = o.step_time.value() > 0.0;
    auto fig = [costed](double v) { return costed ? format_number(v, 8) : std::string(); };
    const auto likely_cost = o.likely_cost_usd();
    return {status,
            rank,
            o.gpu,
            std::to_string(o.num_gpus),
            std::to_string(o.tp),
            std::to_string(o.pp),
            std::to_string(o.dp),
            std::to_string(o.zero),
            std::string(to_string_view(o.recompute)),
            std::to_string(o.micro_batch),
            std::to_string(o.micro_batches),
            format_number(o.steps, 10),
            fig(o.step_time.value()),
            fig(o.time.value()),
            fig(o.likely_low.value()),
            fig(o.likely_high.value()),
            costed && o.cost_usd ? format_number(*o.cost_usd, 8) : "",
            likely_cost ? format_number(likely_cost->first, 8) : "",
            likely_cost ? format_number(likely_cost->second, 8) : "",
            fig(o.energy.value()),
            fig(o.mfu),
            format_number(o.memory.value(), 10),
            format_number(o.capacity.value(), 10),
            o.largest_item,
            costed ? o.limiter : ""};
}

}  // namespace detail

/// The CSV form of a training plan: one row per listed layout (status "plan", with its rank), per GPU type's best
/// layout ("best of its GPU type") and per rejected GPU type and count (status: the reason), SI values; the
/// figures of a layout that does not fit are empty.
inline text_table to_table(const training_plan& p) {
    text_table t(
        detail::columns("status,rank,gpu,num_gpus,tp,pp,dp,zero,recompute,micro_batch,micro_batches,steps,"
                        "step_time_s,time_s,time_likely_low_s,time_likely_high_s,cost_usd,cost_likely_low_usd,"
                        "cost_likely_high_usd,energy_j,mfu,memory_bytes,capacity_bytes,largest_item,limiter"));
    for (std::size_t i = 0; i < p.options.size(); ++i) {
        t.add_row(detail::training_row(p.options[i], "plan", std::to_string(i + 1)));
    }
    for (const training_option& b : p.best_per_gpu) {
        t.add_row(detail::training_row(b, "best of its GPU type", ""));
    }
    for (const training_rejection& r : p.rejected) {
        t.add_row(detail::training_row(r.option, std::string(to_string_view(r.reason)), ""));
    }
    return t;
}

/// Prints "80 x H100-SXM5-80GB, tp 2, pp 20, dp 2, ZeRO 1, selective recompute, micro-batch 1 x 512: 166 days
/// (likely 166 – 425), $953,654 (likely $953,654 – $2,441,354), MFU 78.5%".
inline std::ostream& operator<<(std::ostream& os, const training_option& o) {
    os << o.num_gpus << " x " << o.gpu << ", " << detail::layout_text(o) << ": " << detail::duration(o.time);
    if (o.time.value() > 0.0) {
        os << " (likely " << detail::duration_range(o.likely_low, o.likely_high) << ")";
    }
    if (o.cost_usd) {
        os << ", " << detail::money(*o.cost_usd);
        if (const auto c = o.likely_cost_usd()) {
            os << " (likely " << detail::money_range(*c) << ")";
        }
    }
    return os << ", MFU " << format_percent(o.mfu);
}
/// A training plan as text: the job, the search, the model FLOPs, the best layouts, the best of each GPU type
/// (with several), why the better-ranked GPU types and counts are not plans, and the GPU types skipped.
inline std::string describe(const training_plan& p) {
    std::ostringstream o;
    const run_config& c = p.base;
    o << p.workload << ", " << to_string_view(c.precision)
      << (c.seq_len > 0 ? ", seq " + std::to_string(c.seq_len) : ", image " + std::to_string(c.image_size)) << ": "
      << format_number(p.amount, 4) << (p.counts_tokens ? " tokens" : " samples") << " = " << detail::grouped(p.steps)
      << " steps of " << p.global_batch << " sequences; " << detail::limits_text(p) << '\n';
    o << "searched " << detail::grouped(static_cast<double>(p.layouts))
      << " layouts: " << detail::grouped(static_cast<double>(p.fitting)) << " fit memory, "
      << detail::grouped(static_cast<double>(p.feasible)) << " meet every limit\n";
    o << "model FLOPs: " << p.flops_basis << " = " << to_string(p.model_flops_per_sample * units::flop)
      << " per sequence\n\n";
    if (p.options.empty()) {
        o << "no layout fits and meets the limits\n";
    } else {
        o << training_options_table(p).to_text();
    }
    if (p.best_per_gpu.size() > 1) {
        o << "\nbest per GPU type:\n";
        for (const training_option& b : p.best_per_gpu) {
            o << "  " << b << '\n';
        }
    }
    if (!p.rejected.empty()) {
        o << "\nwhy the others are not plans:\n";
        for (const training_rejection& r : p.rejected) {
            o << "  " << detail::rejection_text(r, p) << '\n';
        }
    }
    for (const std::string& s : p.skipped) {
        o << "skipped: " << s << '\n';
    }
    return o.str();
}

/// Prints describe(p).
inline std::ostream& operator<<(std::ostream& os, const training_plan& p) {
    return os << describe(p);
}
/// Prints "does not fit: 10 x A100-SXM4-80GB, tp 2, ... (114 GiB per GPU of 79.2 GiB)".
inline std::ostream& operator<<(std::ostream& os, const training_rejection& r) {
    return os << to_string_view(r.reason) << ": " << r.option.num_gpus << " x " << r.option.gpu << ", "
              << detail::layout_text(r.option) << " (" << to_string_binary(r.option.memory) << " per GPU of "
              << to_string_binary(r.option.capacity) << ")";
}

namespace detail {

/// "TTFT p99 ≤ 2 s, TPOT p99 ≤ 50 ms", or "no latency targets".
inline std::string targets_text(const serving_targets& t) {
    std::string s;
    auto add = [&s](const char* name, const std::optional<seconds>& v) {
        if (v) s += (s.empty() ? "" : ", ") + std::string(name) + " ≤ " + to_string(*v);
    };
    add("TTFT p50", t.ttft_p50);
    add("TTFT p99", t.ttft_p99);
    add("TPOT p50", t.tpot_p50);
    add("TPOT p99", t.tpot_p99);
    return s.empty() ? "no latency targets" : s;
}

}  // namespace detail

/// The options of a serving plan that meet the targets, cheapest first: replicas, GPUs, batch and what bounds
/// it, latencies, throughput per replica, utilization and cost.
inline text_table serving_options_table(const serving_plan& p) {
    text_table t({"gpu", "tp", "replicas", "gpus", "batch", "batch limit", "iteration tokens", "bound", "TTFT p50",
                  "TTFT p99", "TPOT p50", "TPOT p99", "req/s per replica", "utilization", "$/hour", "$/1M tokens"});
    for (const serving_option& o : p.options) {
        if (o.feasible()) {
            t.add_row({o.gpu, std::to_string(o.tp), std::to_string(o.replicas), std::to_string(o.num_gpus),
                       std::to_string(o.batch), o.batch_limit,
                       std::to_string(o.batch) + " decode + " + std::to_string(o.prefill_tokens) + " prefill",
                       std::string(to_string_view(o.limiter)), to_string(o.ttft_p50), to_string(o.ttft_p99),
                       to_string(o.tpot_p50), to_string(o.tpot_p99), format_number(o.replica_rate, 4),
                       format_percent(o.utilization), o.cost_per_hour_usd ? detail::money(*o.cost_per_hour_usd) : "-",
                       o.cost_per_million_tokens_usd ? detail::money(*o.cost_per_million_tokens_usd) : "-"});
        }
    }
    t.optional({"req/s per replica", "utilization", "batch limit", "iteration tokens", "bound", "$/1M tokens"});
    return t;
}

namespace detail {

/// The CSV row of serving option `o`: figures past the point where an option that is not a plan failed are
/// empty.
inline std::vector<std::string> serving_row(const serving_option& o) {
    auto fig = [&o](double v) { return o.feasible() ? format_number(v, 8) : std::string(); };
    auto opt = [](const std::optional<double>& v) { return v ? format_number(*v, 8) : std::string(); };
    return {o.gpu,
            std::to_string(o.tp),
            o.feasible() ? "true" : "false",
            fig(static_cast<double>(o.replicas)),
            fig(static_cast<double>(o.num_gpus)),
            fig(static_cast<double>(o.batch)),
            o.batch_limit,
            std::to_string(o.kv_batch),
            fig(static_cast<double>(o.prefill_tokens)),
            o.feasible() ? std::string(to_string_view(o.limiter)) : std::string(),
            format_number(o.decode_step.value(), 8),
            format_number(o.prefill_mean.value(), 8),
            format_number(o.prefill_p99.value(), 8),
            fig(o.ttft_p50.value()),
            fig(o.ttft_p99.value()),
            fig(o.tpot_p50.value()),
            fig(o.tpot_p99.value()),
            fig(o.replica_rate),
            fig(o.utilization),
            o.replicas_limit,
            opt(o.cost_per_hour_usd),
            opt(o.cost_per_million_tokens_usd),
            o.unmet};
}

}  // namespace detail

/// The CSV form of a serving plan: one row per GPU type and tensor-parallel degree, SI values; `unmet` says why
/// one that is not a plan cannot meet the targets (its other figures are then empty or partial).
inline text_table to_table(const serving_plan& p) {
    text_table t(detail::columns(
        "gpu,tp,feasible,replicas,num_gpus,batch,batch_limit,kv_batch,prefill_tokens,bound,decode_step_s,"
        "prefill_mean_s,prefill_p99_s,ttft_p50_s,ttft_p99_s,tpot_p50_s,tpot_p99_s,"
        "replica_rate,utilization,replicas_limit,cost_per_hour_usd,"
        "cost_per_million_tokens_usd,unmet"));
    for (const serving_option& o : p.options) {
        t.add_row(detail::serving_row(o));
    }
    return t;
}

/// Prints "H200-SXM-141GB: 5 replicas x tp 2 = 10 GPUs, batch 51, $38/hour, $2.062 per 1M output tokens", or
/// the reason it cannot meet the targets.
inline std::ostream& operator<<(std::ostream& os, const serving_option& o) {
    if (!o.feasible()) {
        return os << o.gpu << ", tp " << o.tp << ": " << o.unmet;
    }
    os << o.gpu << ": " << o.replicas << (o.replicas == 1 ? " replica" : " replicas") << " x tp " << o.tp << " = "
       << o.num_gpus << " GPUs, batch " << o.batch;
    if (o.cost_per_hour_usd) {
        os << ", " << detail::money(*o.cost_per_hour_usd) << "/hour, " << detail::money(*o.cost_per_million_tokens_usd)
           << " per 1M output tokens";
    }
    return os;
}

/// A serving plan as text: the service and its targets, the options that meet them cheapest first, the best
/// per GPU type, and why the others cannot.
inline std::string describe(const serving_plan& p) {
    std::ostringstream o;
    o << p.workload << ", " << to_string_view(p.base.precision) << ", " << format_number(p.rate, 4)
      << " requests/s, prompt " << format_number(p.mean_prompt, 5) << " and " << format_number(p.mean_gen, 5)
      << " generated tokens (mean of " << p.samples << (p.samples == 1 ? " request" : " requests") << "); "
      << detail::targets_text(p.targets) << '\n';
    o << (p.inflight ? "in-flight batching, prompts prefilled in chunks beside the decode steps, up to " +
                           std::to_string(p.base.max_batched_tokens) + " tokens per iteration"
                     : std::string("continuous batching, prefill first"))
      << " (docs/planning.md); decode steps with " << p.decode_prompt << " + " << p.decode_gen
      << " tokens per sequence in the KV cache; " << framework_label(p.base) << "\n\n";
    o << serving_options_table(p).to_text();
    std::vector<std::string> seen;
    o << (p.options.empty() || !p.options.front().feasible() ? "\nno option meets the targets\n"
                                                             : "\nbest per GPU type:\n");
    for (const serving_option& x : p.options) {
        if (x.feasible() && std::find(seen.begin(), seen.end(), x.gpu) == seen.end()) {
            seen.push_back(x.gpu);
            o << "  " << x << '\n';
        }
    }
    const auto unmet = std::count_if(p.options.begin(), p.options.end(), [](const auto& x) { return !x.feasible(); });
    o << (unmet > 0 ? "cannot meet the targets:\n" : "");
    for (const serving_option& x : p.options) {
        if (!x.feasible()) {
            o << "  " << x << '\n';
        }
    }
    return o.str();
}

/// Prints describe(p).
inline std::ostream& operator<<(std::ostream& os, const serving_plan& p) {
    return os << describe(p);
}
/// Prints "2048 + 256 tokens".
inline std::ostream& operator<<(std::ostream& os, const request_length& l) {
    return os << l.prompt << " + " << l.generated << " tokens";
}

}  // namespace roofcast

#endif
