/// @file
/// JSON form of roofcast's values and the model's results (nlohmann-json): SI values, with the unit in the key. The
/// report and calibration results (GPU and workload lists, roofline charts, validation reports) have theirs in
/// report/json.hpp, which includes this header; the CLI only dumps them.
#ifndef ROOFCAST_IO_JSON_HPP
#define ROOFCAST_IO_JSON_HPP

#include <roofcast/hardware/datasheet.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/compare.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/scaling.hpp>
#include <roofcast/model/serving_plan.hpp>
#include <roofcast/model/summary.hpp>
#include <roofcast/model/sweep.hpp>
#include <roofcast/model/training_plan.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>

namespace roofcast {

namespace detail {

/// A quantity's SI value, or null.
template <class Q>
nlohmann::json value_or_null(const std::optional<Q>& q) {
    return q ? nlohmann::json(q->value()) : nlohmann::json(nullptr);
}

}  // namespace detail

/// {field, derived, datasheet, ratio, ok, unit}.
inline void to_json(nlohmann::json& j, const datasheet_check& c) {
    j = nlohmann::json{{"field", c.field}, {"derived", c.derived}, {"datasheet", c.datasheet},
                       {"ratio", c.ratio}, {"ok", c.ok},           {"unit", c.unit}};
}

/// Every parameter, the derived peaks (`peak_flops_per_s` keyed by dtype, null where unsupported)
/// and the datasheet check of a GPU.
inline void to_json(nlohmann::json& j, const gpu_spec& g) {
    nlohmann::json peaks = nlohmann::json::object();
    nlohmann::json by_unit = {{"cuda_core", nlohmann::json::object()}, {"tensor_core", nlohmann::json::object()}};
    nlohmann::json ridge = nlohmann::json::object();
    for (dtype d : all_dtypes) {
        peaks[to_string(d)] = detail::value_or_null(peak(g, d));
        by_unit["cuda_core"][to_string(d)] = detail::value_or_null(peak(g, d, exec_unit::cuda_core));
        by_unit["tensor_core"][to_string(d)] = detail::value_or_null(peak(g, d, exec_unit::tensor_core));
        ridge[to_string(d)] = detail::value_or_null(ridge_point(g, d));
    }
    nlohmann::json sources = nlohmann::json::object();
    for (const source_ref& s : g.sources) {
        sources[s.key] = s.text;
    }
    j = nlohmann::json{
        {"name", g.name},
        {"aliases", g.aliases},
        {"vendor", g.vendor},
        {"architecture", to_string(g.arch)},
        {"chip", g.chip},
        {"compute_capability", g.compute_capability},
        {"segment", std::string(to_string_view(g.segment))},
        {"form_factor", g.form_factor},
        {"launch", g.launch},
        {"sm_count", g.sm_count},
        {"fp32_lanes_per_sm", g.fp32_lanes_per_sm},
        {"fp32_lanes", fp32_lanes(g)},
        {"tensor_cores_per_sm", g.tensor_cores_per_sm},
        {"tensor_cores", tensor_cores(g)},
        {"boost_clock_hz", g.boost_clock.value()},
        {"base_clock_hz", detail::value_or_null(g.base_clock)},
        {"tensor_clock_hz", tensor_clock(g).value()},
        {"sustained_clock_hz", detail::value_or_null(g.sustained_clock)},
        {"fp32_accumulate_rate", g.fp32_accumulate_rate},
        {"tensor_rating", g.tensor_rating},
        {"memory_type", std::string(to_string_view(g.mem_type))},
        {"memory_bytes", g.usable_memory.value()},
        {"memory_marketed_bytes", g.marketed_memory.value()},
        {"memory_bus_width_bits", g.bus_width_bits},
        {"memory_data_rate_per_pin_hz", g.memory_data_rate.value()},
        {"memory_bandwidth_bytes_per_s", memory_bandwidth(g).value()},
        {"l2_cache_bytes", g.l2_cache.value()},
        {"tdp_w", g.tdp.value()},
        {"pcie_gen", g.pcie_gen},
        {"nvlink_generation", g.nvlink_generation ? nlohmann::json(*g.nvlink_generation) : nlohmann::json(nullptr)},
        {"nvlink_bandwidth_bytes_per_s", detail::value_or_null(g.nvlink_bandwidth)},
        {"launch_price_usd", g.launch_price_usd ? nlohmann::json(*g.launch_price_usd) : nlohmann::json(nullptr)},
        {"peak_flops_per_s", peaks},
        {"peak_flops_per_s_by_unit", by_unit},
        {"ridge_point_flops_per_byte", ridge},
        {"datasheet_check", check_datasheet(g)},
        {"notes", g.notes},
        {"sources", sources},
        {"origin", g.origin},
    };
}

/// {total_bytes, capacity_bytes, fits, items: {name: bytes}}.
inline void to_json(nlohmann::json& j, const memory_footprint& m) {
    nlohmann::json items = nlohmann::json::object();
    for (const auto& [name, b] : m.items) {
        items[name] = b;
    }
    j = nlohmann::json{{"total_bytes", m.total().value()},
                       {"capacity_bytes", m.capacity.value()},
                       {"fits", m.fits()},
                       {"items", items}};
}

/// {max_batch, likely_range: {low, high}, memory, limiting_item, growing_item, suggestions: [{change, memory}]}.
inline void to_json(nlohmann::json& j, const batch_limit& b) {
    nlohmann::json s = nlohmann::json::array();
    for (const fit_suggestion& x : b.suggestions) {
        s.push_back({{"change", x.change}, {"memory", x.footprint}});
    }
    j = nlohmann::json{
        {"max_batch", b.max_batch},       {"likely_range", {{"low", b.likely_low}, {"high", b.likely_high}}},
        {"memory", b.footprint},          {"limiting_item", b.limiting_item},
        {"growing_item", b.growing_item}, {"suggestions", s}};
    if (b.max_batch == 0) {
        j["reason"] = "does not fit even at batch 1: " + std::to_string(b.footprint.total().value()) +
                      " bytes needed, " + std::to_string(b.footprint.capacity.value()) + " usable; largest item " +
                      b.limiting_item;
    }
}

namespace detail {

/// The breakdown of a prediction: [{class, time_s, flops, bytes, bound}].
inline nlohmann::json breakdown_json(const prediction& p) {
    nlohmann::json breakdown = nlohmann::json::array();
    for (const breakdown_entry& b : p.breakdown) {
        breakdown.push_back({{"class", b.name},
                             {"time_s", b.time.value()},
                             {"flops", b.work.value()},
                             {"bytes", b.traffic.value()},
                             {"bound", std::string(to_string_view(b.limiter))}});
    }
    return breakdown;
}

/// A run's parameter-efficient fine-tuning, {method, rank, targets}, or null.
inline nlohmann::json peft_json(const run_config& c) {
    return c.peft == peft::none ? nlohmann::json(nullptr)
                                : nlohmann::json{{"method", std::string(to_string_view(c.peft))},
                                                 {"rank", c.lora_rank},
                                                 {"targets", std::string(to_string_view(c.lora_targets))}};
}

/// A run's serving engine, {name, version} (version null for the current release), or null: the run's own framework.
inline nlohmann::json engine_json(const run_config& c) {
    if (c.engine.empty()) {
        return nullptr;
    }
    return {{"name", c.engine},
            {"version", c.framework_version.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.framework_version)}};
}

/// A prediction's epoch {time_s, energy_j, cost_usd} and per million tokens {energy_j, cost_usd}, or nulls.
inline std::pair<nlohmann::json, nlohmann::json> epoch_and_per_million_json(const prediction& p) {
    const auto or_null = [](const std::optional<double>& v) {
        return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
    };
    return {p.epoch_time ? nlohmann::json{{"time_s", p.epoch_time->value()},
                                          {"energy_j", p.epoch_energy->value()},
                                          {"cost_usd", or_null(p.epoch_cost_usd)}}
                         : nlohmann::json(nullptr),
            p.energy_per_million_tokens ? nlohmann::json{{"energy_j", p.energy_per_million_tokens->value()},
                                                         {"cost_usd", or_null(p.cost_per_million_tokens_usd)}}
                                        : nlohmann::json(nullptr)};
}

}  // namespace detail

/// The prediction object of `predict --format json` (design §7).
inline void to_json(nlohmann::json& j, const prediction& p) {
    const run_config& c = p.config;
    const auto [epoch, per_million] = detail::epoch_and_per_million_json(p);
    j = nlohmann::json{
        {"gpu", p.gpu},
        {"num_gpus", c.num_gpus},
        {"tp", c.tp},
        {"pp", c.pp},
        {"ep", c.ep},
        {"workload", p.workload},
        {"workload_origin", p.workload_origin},
        {"mode", std::string(to_string_view(c.mode))},
        {"phase", std::string(to_string_view(phase_of(c)))},
        {"precision", std::string(to_string_view(c.precision))},
        {"framework", c.framework},
        {"engine", detail::engine_json(c)},
        {"peft", detail::peft_json(c)},
        {"batch", p.batch},
        {"seq_len", c.seq_len},
        {"image_size", c.image_size},
        {"prompt_len", c.prompt_len},
        {"gen_len", c.gen_len},
        {"time_s", p.time.value()},
        {"prefill_tokens", p.prefill_tokens},
        {"samples_per_s", p.samples_per_s},
        {"tokens_per_s", p.tokens_per_s ? nlohmann::json(*p.tokens_per_s) : nlohmann::json(nullptr)},
        {"bound", std::string(to_string_view(p.limiter))},
        {"gpu_time_s", p.gpu_time.value()},
        {"host_time_s", p.host_time.value()},
        {"comm_time_s", p.comm_time.value()},
        {"bubble_time_s", p.bubble_time.value()},
        {"memory", p.memory},
        {"breakdown", detail::breakdown_json(p)},
        {"likely_range", {{"low", p.likely_low.value()}, {"high", p.likely_high.value()}}},
        {"extrapolation", p.extrapolation ? nlohmann::json(*p.extrapolation) : nlohmann::json(nullptr)},
        {"avg_power_w", p.avg_power.value()},
        {"settled_clock_hz", p.settled_clock.value()},
        {"burst_clock_hz", p.burst_clock.value()},
        {"energy_j", p.energy.value()},
        {"cost_usd", p.cost_usd ? nlohmann::json(*p.cost_usd) : nlohmann::json(nullptr)},
        {"price_per_hour_usd", c.price_per_hour ? nlohmann::json(*c.price_per_hour) : nlohmann::json(nullptr)},
        {"samples_per_j", p.samples_per_s / (p.avg_power.value() * c.num_gpus)},
        {"epoch", epoch},
        {"per_million_tokens", per_million},
    };
}

/// The batch limit with the workload, GPU and run it is about: {max_batch, memory, limiting_item,
/// suggestions, gpu, workload, mode, precision, num_gpus, tp}.
inline void to_json(nlohmann::json& j, const max_batch_result& r) {
    j = r.limit;
    j["gpu"] = r.gpu;
    j["workload"] = r.workload;
    j["mode"] = std::string(to_string_view(r.config.mode));
    j["precision"] = std::string(to_string_view(r.config.precision));
    j["num_gpus"] = r.config.num_gpus;
    j["tp"] = r.config.tp;
}

/// {"results": [prediction with max_batch and rank, or {gpu, error, max_batch, rank}], "objective"}: the
/// GPUs in the order asked; rank is null where unranked.
inline void to_json(nlohmann::json& j, const comparison& c) {
    nlohmann::json results = nlohmann::json::array();
    for (std::size_t i = 0; i < c.results.size(); ++i) {
        nlohmann::json one =
            c.results[i] ? nlohmann::json(*c.results[i]) : nlohmann::json{{"gpu", c.gpus[i]}, {"error", c.reasons[i]}};
        one["max_batch"] = c.max_batches[i];
        one["rank"] = c.rank[i] > 0 ? nlohmann::json(c.rank[i]) : nlohmann::json(nullptr);
        results.push_back(std::move(one));
    }
    j = nlohmann::json{{"results", results}, {"objective", std::string(to_string_view(c.objective))}};
}

/// {gpu, workload, scaling: [{num_gpus, nodes, time_s, throughput, unit, speedup, efficiency, comm_time_s,
/// bound}]}.
inline void to_json(nlohmann::json& j, const scaling_report& r) {
    nlohmann::json rows = nlohmann::json::array();
    for (const scaling_point& pt : r.points) {
        const auto [tp, unit] = main_throughput(pt.result);
        rows.push_back({{"num_gpus", pt.num_gpus},
                        {"nodes", pt.nodes},
                        {"time_s", pt.result.time.value()},
                        {"throughput", tp},
                        {"unit", unit},
                        {"speedup", pt.speedup},
                        {"efficiency", pt.efficiency},
                        {"comm_time_s", pt.result.comm_time.value()},
                        {"bound", std::string(to_string_view(pt.result.limiter))}});
    }
    j = nlohmann::json{{"gpu", r.gpu}, {"workload", r.workload}, {"scaling", rows}};
}

/// {"results": [prediction, or {gpu, workload, batch, error}]}, point-major.
inline void to_json(nlohmann::json& j, const sweep_report& r) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < r.results.size(); ++i) {
        const sweep_point& pt = r.points[i / r.gpus.size()];
        rows.push_back(r.results[i].result ? nlohmann::json(*r.results[i].result)
                                           : nlohmann::json{{"gpu", r.gpus[i % r.gpus.size()]},
                                                            {"workload", pt.source->name},
                                                            {"batch", pt.config.batch},
                                                            {"error", r.results[i].error}});
    }
    j = nlohmann::json{{"results", rows}};
}

/// {name, kind, parameters, forward_flops, flops_per} and, for a transformer, its shape and
/// training_flops_per_token.
inline void to_json(nlohmann::json& j, const workload_summary& s) {
    const workload& w = *s.source;
    j = nlohmann::json{{"name", w.name},
                       {"kind", kind_name(w)},
                       {"parameters", s.parameters},
                       {"forward_flops", s.forward_flops},
                       {"flops_per", s.flops_per}};
    if (const transformer_config* tf = transformer_of(w)) {
        const transformer_config& t = *tf;
        j["layers"] = t.layers;
        j["decoder_layers"] = t.decoder_layers;
        j["hidden"] = t.hidden;
        j["heads"] = t.heads;
        j["kv_heads"] = t.kv_heads;
        j["head_dim"] = t.head_dim;
        j["ffn_hidden"] = t.ffn_hidden;
        j["ffn"] = std::string(to_string_view(t.ffn));
        j["vocab"] = t.vocab;
        j["experts"] = t.experts;
        j["training_flops_per_token"] = *s.training_flops_per_token;
    }
}

/// {gpu, num_gpus, tp, pp, dp, zero, recompute, micro_batch, micro_batches, steps, step_time_s, time_s,
/// likely_range: {low_s, high_s}, energy_j, cost_usd, likely_cost_usd: {low, high}, mfu, memory_bytes, capacity_bytes,
/// largest_item, limiter}; the figures of a layout that is not costed (it does not fit) are null, as is the cost
/// without a price.
inline void to_json(nlohmann::json& j, const training_option& o) {
    const bool costed = o.step_time.value() > 0.0;
    auto fig = [costed](double v) { return costed ? nlohmann::json(v) : nlohmann::json(nullptr); };
    const auto likely_cost = o.likely_cost_usd();
    j = nlohmann::json{
        {"gpu", o.gpu},
        {"num_gpus", o.num_gpus},
        {"tp", o.tp},
        {"pp", o.pp},
        {"dp", o.dp},
        {"zero", o.zero},
        {"recompute", std::string(to_string_view(o.recompute))},
        {"micro_batch", o.micro_batch},
        {"micro_batches", o.micro_batches},
        {"steps", o.steps},
        {"step_time_s", fig(o.step_time.value())},
        {"time_s", fig(o.time.value())},
        {"likely_range", costed ? nlohmann::json{{"low_s", o.likely_low.value()}, {"high_s", o.likely_high.value()}}
                                : nlohmann::json(nullptr)},
        {"energy_j", fig(o.energy.value())},
        {"cost_usd", costed && o.cost_usd ? nlohmann::json(*o.cost_usd) : nlohmann::json(nullptr)},
        {"likely_cost_usd", likely_cost ? nlohmann::json{{"low", likely_cost->first}, {"high", likely_cost->second}}
                                        : nlohmann::json(nullptr)},
        {"mfu", fig(o.mfu)},
        {"memory_bytes", o.memory.value()},
        {"capacity_bytes", o.capacity.value()},
        {"fits", o.fits()},
        {"largest_item", o.largest_item},
        {"limiter", costed ? nlohmann::json(o.limiter) : nlohmann::json(nullptr)}};
}

/// The plan of `plan train --format json`: {workload, precision, seq_len, image_size, framework, global_batch,
/// tokens or samples, steps, deadline_s, budget_usd, objective, model_flops_per_sample, flops_basis, layouts,
/// fitting, feasible, options: [option], best_per_gpu: [option], rejected: [option with reason], skipped: [text]}.
inline void to_json(nlohmann::json& j, const training_plan& p) {
    nlohmann::json rejected = nlohmann::json::array();
    for (const training_rejection& r : p.rejected) {
        nlohmann::json one = r.option;
        one["reason"] = std::string(to_string_view(r.reason));
        rejected.push_back(std::move(one));
    }
    j = nlohmann::json{{"workload", p.workload},
                       {"precision", std::string(to_string_view(p.base.precision))},
                       {"seq_len", p.base.seq_len},
                       {"image_size", p.base.image_size},
                       {"framework", p.base.framework},
                       {"global_batch", p.global_batch},
                       {p.counts_tokens ? "tokens" : "samples", p.amount},
                       {"steps", p.steps},
                       {"deadline_s", detail::value_or_null(p.deadline)},
                       {"budget_usd", p.budget_usd ? nlohmann::json(*p.budget_usd) : nlohmann::json(nullptr)},
                       {"objective", std::string(to_string_view(p.objective))},
                       {"model_flops_per_sample", p.model_flops_per_sample},
                       {"flops_basis", p.flops_basis},
                       {"layouts", p.layouts},
                       {"fitting", p.fitting},
                       {"feasible", p.feasible},
                       {"options", p.options},
                       {"best_per_gpu", p.best_per_gpu},
                       {"rejected", rejected},
                       {"skipped", p.skipped}};
}

/// {gpu, tp, feasible, unmet, kv_batch, batch, batch_limit, prefill_tokens, bound, decode_step_s, prefill_mean_s,
/// prefill_rms_s,
/// prefill_p99_s, ttft_p50_s, ttft_p99_s, tpot_p50_s, tpot_p99_s, replica_rate, replicas, num_gpus,
/// replicas_limit, utilization, cost_per_hour_usd, cost_per_million_tokens_usd}; an option that is not a plan
/// has null figures past what was computed before it failed, and `unmet` says why.
inline void to_json(nlohmann::json& j, const serving_option& o) {
    const bool ok = o.feasible();
    auto fig = [ok](double v) { return ok ? nlohmann::json(v) : nlohmann::json(nullptr); };
    auto usd = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
    auto positive = [](seconds t) { return t.value() > 0.0 ? nlohmann::json(t.value()) : nlohmann::json(nullptr); };
    j = nlohmann::json{{"gpu", o.gpu},
                       {"tp", o.tp},
                       {"feasible", ok},
                       {"unmet", ok ? nlohmann::json(nullptr) : nlohmann::json(o.unmet)},
                       {"kv_batch", o.kv_batch},
                       {"batch", ok ? nlohmann::json(o.batch) : nlohmann::json(nullptr)},
                       {"batch_limit", ok ? nlohmann::json(o.batch_limit) : nlohmann::json(nullptr)},
                       {"prefill_tokens", ok ? nlohmann::json(o.prefill_tokens) : nlohmann::json(nullptr)},
                       {"bound", ok ? nlohmann::json(std::string(to_string_view(o.limiter))) : nlohmann::json(nullptr)},
                       {"decode_step_s", positive(o.decode_step)},
                       {"prefill_mean_s", positive(o.prefill_mean)},
                       {"prefill_rms_s", positive(o.prefill_rms)},
                       {"prefill_p99_s", positive(o.prefill_p99)},
                       {"ttft_p50_s", fig(o.ttft_p50.value())},
                       {"ttft_p99_s", fig(o.ttft_p99.value())},
                       {"tpot_p50_s", fig(o.tpot_p50.value())},
                       {"tpot_p99_s", fig(o.tpot_p99.value())},
                       {"replica_rate", fig(o.replica_rate)},
                       {"replicas", ok ? nlohmann::json(o.replicas) : nlohmann::json(nullptr)},
                       {"num_gpus", ok ? nlohmann::json(o.num_gpus) : nlohmann::json(nullptr)},
                       {"replicas_limit", ok ? nlohmann::json(o.replicas_limit) : nlohmann::json(nullptr)},
                       {"utilization", fig(o.utilization)},
                       {"cost_per_hour_usd", usd(o.cost_per_hour_usd)},
                       {"cost_per_million_tokens_usd", usd(o.cost_per_million_tokens_usd)}};
}

/// The plan of `plan serve --format json`: {workload, inflight, precision, framework, rate, samples, mean_prompt,
/// mean_gen, decode_prompt, decode_gen, targets: {ttft_p50_s, ttft_p99_s, tpot_p50_s, tpot_p99_s} (null where
/// not set), options: [option]}, the plans cheapest first.
inline void to_json(nlohmann::json& j, const serving_plan& p) {
    j = nlohmann::json{{"workload", p.workload},
                       {"inflight", p.inflight},
                       {"precision", std::string(to_string_view(p.base.precision))},
                       {"framework", p.base.framework},
                       {"engine", detail::engine_json(p.base)},
                       {"rate", p.rate},
                       {"samples", p.samples},
                       {"mean_prompt", p.mean_prompt},
                       {"mean_gen", p.mean_gen},
                       {"decode_prompt", p.decode_prompt},
                       {"decode_gen", p.decode_gen},
                       {"targets",
                        {{"ttft_p50_s", detail::value_or_null(p.targets.ttft_p50)},
                         {"ttft_p99_s", detail::value_or_null(p.targets.ttft_p99)},
                         {"tpot_p50_s", detail::value_or_null(p.targets.tpot_p50)},
                         {"tpot_p99_s", detail::value_or_null(p.targets.tpot_p99)}}},
                       {"options", p.options}};
}

}  // namespace roofcast

#endif
