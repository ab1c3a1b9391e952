/// @file
/// Predicting published measurements and summarizing the errors (what `roofcast validate` reports and
/// `roofcast calibrate` minimizes). Needs no third-party library beyond roofcast's core (no Eigen).
#ifndef ROOFCAST_CALIBRATE_VALIDATION_HPP
#define ROOFCAST_CALIBRATE_VALIDATION_HPP

#include <roofcast/catalog.hpp>
#include <roofcast/error.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/cost.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/software.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace roofcast {

/// The prediction of one measurement row, or why it was skipped.
struct row_prediction {
    /// Row id.
    std::string id;
    /// Line in the file.
    int line = 0;
    /// GPU, workload and metric of the row (for grouping).
    std::string gpu, workload, metric;
    /// The predicted value in the row's metric, when predicted.
    std::optional<double> predicted;
    /// The measured value.
    double measured = 0.0;
    /// Why the row was not predicted (empty when it was).
    std::string skip_reason;

    /// |predicted − measured| / measured (0 when skipped).
    double ape() const { return predicted ? std::fabs(*predicted - measured) / measured : 0.0; }
};

/// Error statistics of a set of predictions.
struct error_summary {
    /// Rows considered.
    std::size_t rows = 0;
    /// Rows predicted.
    std::size_t predicted = 0;
    /// Median absolute percentage error (as a fraction).
    double median_ape = 0.0;
    /// Mean APE.
    double mean_ape = 0.0;
    /// 90th-percentile APE (linear interpolation).
    double p90_ape = 0.0;
    /// Fraction of predicted rows within 10%.
    double within_10pct = 0.0;
    /// Fraction of predicted rows within 25%.
    double within_25pct = 0.0;
};

/// The `q`-quantile of `v` (0 ≤ q ≤ 1) with linear interpolation between order statistics; 0 when empty.
inline double quantile(std::vector<double> v, double q) {
    if (v.empty()) {
        return 0.0;
    }
    std::sort(v.begin(), v.end());
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

/// Summarizes the predicted rows among `rows`.
inline error_summary summarize(const std::vector<const row_prediction*>& rows) {
    error_summary s;
    s.rows = rows.size();
    std::vector<double> apes;
    for (const row_prediction* r : rows) {
        if (r->predicted) {
            apes.push_back(r->ape());
        }
    }
    s.predicted = apes.size();
    if (apes.empty()) {
        return s;
    }
    double sum = 0.0;
    std::size_t w10 = 0, w25 = 0;
    for (double a : apes) {
        sum += a;
        w10 += a <= 0.10 ? 1 : 0;
        w25 += a <= 0.25 ? 1 : 0;
    }
    const double n = static_cast<double>(apes.size());
    s.mean_ape = sum / n;
    s.median_ape = quantile(apes, 0.5);
    s.p90_ape = quantile(apes, 0.9);
    s.within_10pct = static_cast<double>(w10) / n;
    s.within_25pct = static_cast<double>(w25) / n;
    return s;
}

/// Everything `validate` reports: per-row predictions, the overall summary and groups.
struct validation_report {
    /// The data file.
    std::string file;
    /// One entry per row of the file (malformed rows included, as skipped).
    std::vector<row_prediction> rows;
    /// Over all rows.
    error_summary overall;
    /// By GPU, workload and metric.
    std::map<std::string, error_summary> by_gpu, by_workload, by_metric;
};

namespace detail {

/// Elements per array assumed for STREAM rows (the sources use arrays far larger than any L2):
/// 2^28 elements, 2 GiB of fp64 each.
inline constexpr double stream_elements = 268435456.0;

/// Predicts a `mode=micro` row: a cuBLAS GEMM (`m`, `n`, `k` params) or a STREAM kernel (`kernel`,
/// `dtype` params).
inline double predict_micro(const measurement& m, const cost_context& c) {
    if (m.workload == "gemm") {
        const auto mm = m.int_param("m"), nn = m.int_param("n"), kk = m.int_param("k");
        if (!mm || !nn || !kk) {
            throw input_error("gemm row without m, n and k params");
        }
        const auto p = parse_precision(m.precision);
        if (!p) {
            throw input_error("gemm row without a precision");
        }
        const precision_types t = types_of(*p);
        const kernel k = kernels::gemm("gemm", *mm, *nn, *kk, t.math, t.activation, t.math_unit);
        const double time = cost(k, c).time.value();
        if (m.metric == "tflops") {
            return k.work.value() / time / 1e12;
        }
        if (m.metric == "latency_s") {
            return time;
        }
        throw input_error("gemm rows are predicted as tflops or latency_s, not " + m.metric);
    }
    if (m.workload == "stream") {
        const std::string name = m.param("kernel").value_or("");
        const int reads = name == "init" ? 0 : name == "read" || name == "copy" || name == "scale" ? 1 : 2;
        const int writes = name == "read" ? 0 : 1;
        if (name != "init" && name != "read" && name != "copy" && name != "scale" && name != "add" && name != "triad") {
            throw input_error("unknown stream kernel '" + name + "' (init, read, copy, scale, add, triad)");
        }
        const auto d = parse_dtype(m.param("dtype").value_or("fp64"));
        if (!d) {
            throw input_error("unknown stream dtype '" + m.param("dtype").value_or("") + "'");
        }
        const kernel k = kernels::stream("stream " + name, stream_elements, reads, writes, *d);
        const double time = cost(k, c).time.value();
        if (m.metric == "bandwidth_gbs") {
            return traffic(k).value() / time / 1e9;
        }
        throw input_error("stream rows are predicted as bandwidth_gbs, not " + m.metric);
    }
    throw input_error("micro workload '" + m.workload + "' is not modelled (gemm, stream)");
}

}  // namespace detail

/// The run a measurement row describes (docs/model.md, "Validating against measurements"): sizes and
/// parallelism from its columns and params; `fp32` rows of NGC containers on tensor-core GPUs run TF32
/// when the source notes "possibly tf32" (the containers' default); `attention=flash` and TensorRT-LLM use fused
/// attention; `optimizer=none` times without the update; `fsdp=full_shard` is ZeRO-3; a blank training batch
/// is the `microbatch` param, else 8.
inline run_config run_for(const measurement& m, const gpu_spec& g) {
    run_config c;
    c.mode = m.mode == "train" ? mode::train : mode::infer;
    c.phase = parse_named(all_phases, m.phase).value_or(phase::e2e);  // "op" rows are not workload rows
    const auto prec = parse_precision(m.precision);
    if (!prec) {
        throw input_error("row without a precision");
    }
    c.precision = *prec;
    c.framework = m.param("framework").value_or(c.framework);
    c.batch = m.batch.value_or(m.int_param("microbatch").value_or(c.mode == mode::train ? 8 : 1));
    c.seq_len = m.seq_len.value_or(0);
    c.image_size = m.image_size.value_or(0);
    c.prompt_len = m.prompt_len.value_or(c.phase == phase::e2e && !m.gen_len ? 0 : c.prompt_len);
    c.gen_len = m.gen_len.value_or(c.phase == phase::e2e ? 0 : 1);
    if (c.phase == phase::prefill) {
        c.prompt_len = m.prompt_len.value_or(c.seq_len > 0 ? c.seq_len : c.prompt_len);
    }
    if (c.phase == phase::e2e && !m.gen_len) {
        c.gen_len = 0;  // a single forward pass over seq_len tokens
    }
    c.num_gpus = m.num_gpus;
    c.tp = static_cast<int>(m.int_param("tp").value_or(1));
    c.pp = static_cast<int>(m.int_param("pp").value_or(1));
    c.zero = static_cast<int>(
        m.int_param("zero").value_or(m.param("fsdp") == std::optional<std::string>("full_shard") ? 3 : 0));
    const auto rc_param = m.param("recompute");
    c.recompute = rc_param == std::optional<std::string>("full") ? recompute::full : recompute::none;
    const auto opt = m.param("optimizer");
    if (opt == std::optional<std::string>("none")) {
        c.with_optimizer = false;
    } else if (opt == std::optional<std::string>("lamb")) {
        c.optimizer = kernels::optimizer_kind::lamb;
    }
    if (m.param("attention") == std::optional<std::string>("flash")) {
        c.fused_attention = true;  // otherwise the framework's attention kernel (resolve())
    }
    // "fp32" that the source marks as possibly TF32 (NGC containers' default) runs TF32 on tensor-core GPUs;
    // sources that list TF32 and FP32 separately ran true FP32.
    const bool tensor_core_gpu = g.arch != architecture::volta && g.arch != architecture::turing;
    c.allow_tf32 = tensor_core_gpu && m.notes.find("possibly tf32") != std::string::npos;
    c.accumulation = static_cast<int>(m.int_param("accum").value_or(1));
    return c;
}

/// Predicts row `m` in its own metric with `params`; throws roofcast::error (with the reason) for a row
/// roofcast cannot predict: unknown GPU, workload or framework, an unsupported precision, or a run the
/// model does not cover.
inline double predict_measurement(const measurement& m, const model_catalog& cat, const cost_params& params) {
    const gpu_spec& g = cat.gpu(m.gpu);
    const std::size_t profile = find_profile(m.param("framework").value_or(run_config{}.framework));
    if (m.mode == "micro") {
        if (m.num_gpus != 1) {
            throw unsupported_error("multi-GPU microbenchmarks are not modelled");
        }
        return detail::predict_micro(m, make_cost_context(g, profile, params));
    }
    const workload& w = cat.workload_named(m.workload);
    const run_config c = run_for(m, g);
    const prediction p = predict(w, g, c, params);
    if (m.metric == "samples_per_s") {
        return p.samples_per_s;
    }
    if (m.metric == "tokens_per_s") {
        if (!p.tokens_per_s) {
            throw unsupported_error("no tokens per second for a " + std::string(to_string_view(*c.phase)) + " run");
        }
        return *p.tokens_per_s;
    }
    if (m.metric == "latency_s" || m.metric == "step_time_s") {
        return p.time.value();
    }
    throw unsupported_error("metric '" + m.metric + "' is not predicted for " + m.mode + " rows");
}

/// Predicts every row of `data` and summarizes the errors, overall and by GPU, workload and metric.
inline validation_report validate(const measurement_set& data, const model_catalog& gpus, const cost_params& params) {
    validation_report rep;
    rep.file = data.file;
    for (const measurement_problem& p : data.problems) {
        row_prediction r;
        r.id = p.id;
        r.line = p.line;
        r.skip_reason = "malformed row: " + p.message;
        rep.rows.push_back(r);
    }
    for (const measurement& m : data.rows) {
        row_prediction r;
        r.id = m.id;
        r.line = m.line;
        r.gpu = m.gpu;
        r.workload = m.workload;
        r.metric = m.metric;
        r.measured = m.value;
        try {
            const double v = predict_measurement(m, gpus, params);
            if (std::isfinite(v) && v > 0.0) {
                r.predicted = v;
            } else {
                r.skip_reason = "prediction is not a positive finite number";
            }
        } catch (const error& e) {
            r.skip_reason = e.what();
        }
        rep.rows.push_back(r);
    }
    std::sort(rep.rows.begin(), rep.rows.end(),
              [](const row_prediction& a, const row_prediction& b) { return a.line < b.line; });
    std::vector<const row_prediction*> all;
    std::map<std::string, std::vector<const row_prediction*>> gpu, workload, metric;
    for (const row_prediction& r : rep.rows) {
        all.push_back(&r);
        if (!r.gpu.empty()) {
            gpu[r.gpu].push_back(&r);
            workload[r.workload].push_back(&r);
            metric[r.metric].push_back(&r);
        }
    }
    rep.overall = summarize(all);
    for (const auto& [k, v] : gpu) {
        rep.by_gpu[k] = summarize(v);
    }
    for (const auto& [k, v] : workload) {
        rep.by_workload[k] = summarize(v);
    }
    for (const auto& [k, v] : metric) {
        rep.by_metric[k] = summarize(v);
    }
    return rep;
}

}  // namespace roofcast

#endif
