/// @file
/// Text reports of validation and calibration: per-row tables, summaries, the calibration document.
#ifndef ROOFCAST_REPORT_VALIDATION_REPORT_HPP
#define ROOFCAST_REPORT_VALIDATION_REPORT_HPP

#include <roofcast/calibrate/fit.hpp>
#include <roofcast/model/validation.hpp>
#include <roofcast/report/table.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <sstream>
#include <string>

namespace roofcast {

namespace detail {

/// A fraction as a percentage with one decimal, e.g. "12.3%".
inline std::string percent(double f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * f);
    return buf;
}

/// A value with 4 significant digits.
inline std::string sig4(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

}  // namespace detail

/// One row per predicted measurement: id, GPU, workload, metric, measured, predicted, APE.
inline text_table validation_rows_table(const validation_report& r) {
    text_table t({"id", "line", "gpu", "workload", "metric", "measured", "predicted", "APE"});
    for (const row_prediction& p : r.rows) {
        if (p.predicted) {
            t.add_row({p.id, std::to_string(p.line), p.gpu, p.workload, p.metric, detail::sig4(p.measured),
                       detail::sig4(*p.predicted), detail::percent(p.ape())});
        }
    }
    return t;
}

/// One row per group (e.g. per GPU): rows, predicted, median/mean/p90 APE, within 10% and 25%.
inline text_table error_summary_table(const std::string& key, const std::map<std::string, error_summary>& groups) {
    text_table t({key, "rows", "predicted", "median APE", "mean APE", "p90 APE", "within 10%", "within 25%"});
    for (const auto& [name, s] : groups) {
        if (s.predicted == 0) {
            t.add_row({name, std::to_string(s.rows), "0", "-", "-", "-", "-", "-"});
            continue;
        }
        t.add_row({name, std::to_string(s.rows), std::to_string(s.predicted), detail::percent(s.median_ape),
                   detail::percent(s.mean_ape), detail::percent(s.p90_ape), detail::percent(s.within_10pct),
                   detail::percent(s.within_25pct)});
    }
    return t;
}

/// Skip reasons with their counts, most frequent first.
inline text_table skip_reasons_table(const validation_report& r) {
    std::map<std::string, std::size_t> count;
    for (const row_prediction& p : r.rows) {
        if (!p.predicted) {
            ++count[p.skip_reason];
        }
    }
    std::vector<std::pair<std::size_t, std::string>> v;
    for (const auto& [reason, n] : count) {
        v.emplace_back(n, reason);
    }
    std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    text_table t({"skipped", "reason"});
    for (const auto& [n, reason] : v) {
        t.add_row({std::to_string(n), reason});
    }
    return t;
}

/// The overall summary as one paragraph of text.
inline std::string summary_text(const validation_report& r) {
    const error_summary& s = r.overall;
    std::ostringstream o;
    o << r.file << ": " << s.rows << " rows, " << s.predicted << " predicted, " << s.rows - s.predicted
      << " skipped; median APE " << detail::percent(s.median_ape) << ", mean " << detail::percent(s.mean_ape)
      << ", p90 " << detail::percent(s.p90_ape) << "; within 10%: " << detail::percent(s.within_10pct)
      << ", within 25%: " << detail::percent(s.within_25pct) << '\n';
    return o.str();
}

/// The full text report: rows, groups by GPU, workload and metric, skip reasons and the summary.
inline std::string validation_text(const validation_report& r) {
    std::ostringstream o;
    o << validation_rows_table(r).to_text() << '\n'
      << error_summary_table("gpu", r.by_gpu).to_text() << '\n'
      << error_summary_table("workload", r.by_workload).to_text() << '\n'
      << error_summary_table("metric", r.by_metric).to_text() << '\n';
    if (r.overall.predicted < r.overall.rows) {
        o << skip_reasons_table(r).to_text() << '\n';
    }
    o << summary_text(r);
    return o.str();
}

/// A Markdown table (GitHub style) from a text_table's CSV-free content.
inline std::string markdown_table(const std::vector<std::string>& header,
                                  const std::vector<std::vector<std::string>>& rows) {
    std::ostringstream o;
    auto line = [&o](const std::vector<std::string>& r) {
        o << '|';
        for (const std::string& c : r) {
            o << ' ' << c << " |";
        }
        o << '\n';
    };
    line(header);
    o << '|';
    for (std::size_t i = 0; i < header.size(); ++i) {
        o << "---|";
    }
    o << '\n';
    for (const auto& r : rows) {
        line(r);
    }
    return o.str();
}

/// docs/accuracy.md: predictions against the measurements, by GPU, workload and metric, the skip reasons,
/// and the groups where the model is weakest.
inline std::string accuracy_markdown(const validation_report& r, const std::string& command) {
    std::ostringstream o;
    o << "# Accuracy\n\n"
      << "Generated by `" << command << "` (run by `bash scripts/update-docs.sh`); a test fails when it is out of "
      << "date. Each row of the measurement file is predicted in its own metric with the shipped parameters; APE = "
      << "|predicted − measured| / measured. The parameters were fitted on these same rows "
      << "([calibration.md](calibration.md)), per architecture family and framework, never per GPU or row; other "
      << "measurements, not in the repository, judge how well this generalizes.\n\n"
      << "## Summary\n\n```text\n"
      << summary_text(r) << "```\n\n";
    auto by_mode = [&](const char* title, const std::function<bool(const row_prediction&)>& keep) {
        std::vector<const row_prediction*> sel;
        for (const row_prediction& p : r.rows) {
            if (keep(p)) {
                sel.push_back(&p);
            }
        }
        const error_summary s = summarize(sel);
        o << "| " << title << " | " << s.rows << " | " << s.predicted << " | " << detail::percent(s.median_ape) << " | "
          << detail::percent(s.p90_ape) << " | " << detail::percent(s.within_25pct) << " |\n";
    };
    o << "| rows | in file | predicted | median APE | p90 APE | within 25% |\n|---|---|---|---|---|---|\n";
    by_mode("all", [](const row_prediction&) { return true; });
    by_mode("microbenchmarks (gemm, stream)",
            [](const row_prediction& p) { return p.workload == "gemm" || p.workload == "stream"; });
    by_mode("workloads (non-micro)", [](const row_prediction& p) {
        return !p.workload.empty() && p.workload != "gemm" && p.workload != "stream";
    });
    o << "\n## By GPU\n\n```text\n"
      << error_summary_table("gpu", r.by_gpu).to_text() << "```\n\n"
      << "## By workload\n\n```text\n"
      << error_summary_table("workload", r.by_workload).to_text() << "```\n\n"
      << "## By metric\n\n```text\n"
      << error_summary_table("metric", r.by_metric).to_text() << "```\n\n";
    // The weakest groups: highest median APE among groups with at least 3 predicted rows.
    std::vector<std::pair<double, std::string>> weak;
    for (const auto* groups : {&r.by_gpu, &r.by_workload}) {
        for (const auto& [name, s] : *groups) {
            if (s.predicted >= 3) {
                weak.emplace_back(s.median_ape, name);
            }
        }
    }
    std::sort(weak.begin(), weak.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    o << "## Where the model is weakest\n\n";
    for (std::size_t i = 0; i < std::min<std::size_t>(5, weak.size()); ++i) {
        o << "* " << weak[i].second << ": median APE " << detail::percent(weak[i].first) << "\n";
    }
    o << "\nWhy, as far as the data shows:\n\n"
      << "* **Software, not hardware, dominates many rows.** Each measurement is hardware plus a framework "
         "version; one profile per framework (with a multiplier per architecture family) cannot follow every "
         "container generation. Lambda's newest ResNet-50 rows on B200 and H100 run far below what the chip "
         "allows, while the same framework on older GPUs does not.\n"
      << "* **Small-batch eager inference** is bound by host time per op; the model has one host cost per "
         "kernel per framework, so rows whose kernel count or dispatch cost differs (TensorFlow 1 without XLA, "
         "Hugging Face modules) scatter.\n"
      << "* **Quantized and hand-written kernels** (llama.cpp, TensorRT INT8 engines) are modelled as the "
         "library GEMMs at the weight precision; their real efficiency varies by shape and build.\n"
      << "* **Serving throughput** depends on the batch the server reaches; roofcast assumes the largest batch "
         "that fits, capped at 256, with static batching.\n"
      << "* **GEMMs with M around 256 on Hopper** are slower in cuBLAS than tile and wave counts explain "
         "(probably L2 bandwidth, which the model does not price).\n"
      << "\nThe worst rows:\n\n```text\n";
    std::vector<const row_prediction*> worst;
    for (const row_prediction& p : r.rows) {
        if (p.predicted) {
            worst.push_back(&p);
        }
    }
    std::sort(worst.begin(), worst.end(), [](const auto* a, const auto* b) { return a->ape() > b->ape(); });
    text_table t({"id", "gpu", "workload", "metric", "measured", "predicted", "APE"});
    for (std::size_t i = 0; i < std::min<std::size_t>(15, worst.size()); ++i) {
        const row_prediction& p = *worst[i];
        t.add_row({p.id, p.gpu, p.workload, p.metric, detail::sig4(p.measured), detail::sig4(*p.predicted),
                   detail::percent(p.ape())});
    }
    o << t.to_text() << "```\n\n## Rows not predicted\n\n```text\n" << skip_reasons_table(r).to_text() << "```\n";
    return o.str();
}

/// docs/calibration.md: the method, every parameter with its prior and fitted value, and the residuals.
inline std::string calibration_markdown(const calibration_result& c, const validation_report& after,
                                        const std::string& command) {
    std::ostringstream o;
    o << "# Calibration\n\n"
      << "Generated by `" << command
      << " --out models/calibration/default.toml --report docs/calibration.md` (run by `bash "
         "scripts/update-docs.sh`); a test re-runs the calibration and fails when the shipped parameters "
         "(`models/calibration/default.toml`, compiled in as `roofcast::default_params()`) or this page differ.\n\n"
      << "## Method\n\n"
      << "The cost model (see [model.md](model.md)) has parameters per **architecture family** (large-tile GEMM "
         "efficiency per math type, per-wave and per-kernel fixed times, achieved DRAM-bandwidth fraction, power "
         "coefficient) and per **software profile** (host time per kernel and per step, launch gaps, fusion, "
         "efficiency multipliers). None is per GPU or per row, so a GPU without measurements is predicted from its "
         "family.\n\n"
      << "Fitting minimizes, with Levenberg–Marquardt (Eigen, dense normal equations, numerical Jacobian),\n\n"
      << "    sum over rows of (ln(predicted / measured) / σ_row)²  +  sum over parameters of ((θ − θ_prior) / σ)²\n\n"
      << "* **Log space**, because the errors that matter are relative (a 10% miss on a 1 ms kernel and on a 1 s "
         "step count the same) and efficiencies act multiplicatively; it is also symmetric between over- and "
         "under-prediction, unlike APE.\n"
      << "* Parameters are fitted in a transformed space (log for positive values, logit for fractions), so "
         "fitted efficiencies stay in (0, 1) and no prediction can beat the roofline.\n"
      << "* 0.15 is the expected spread of a row's log error (measurement noise plus what the model leaves out); "
         "it weighs the data against the priors as in a Bayesian maximum a posteriori fit. Microbenchmark rows "
         "(GEMM, STREAM) use 0.03: they measure the hardware through the reference libraries, with little left "
         "out, so they anchor the hardware parameters and the workload rows fit the software profiles.\n"
      << "* The **ridge term** pulls each parameter toward its physically reasoned prior (`prior_params()`), with "
         "σ its allowed spread in the transformed space; a parameter fewer than "
      << 2
      << " rows depend on is not fitted at all, so no constant is tuned to a single row, and families "
         "without data keep their priors.\n"
      << "* The multipliers of the reference profiles (`cublas`, `cuda`) are fixed at 1 by definition, so the "
         "hardware efficiency and the software multipliers are not confounded.\n"
      << "* The fit starts from the priors, not from the shipped values, so re-running it reproduces them.\n\n"
      << "## Result\n\n"
      << c.rows_used << " rows were predictable and used; " << c.fitted.size() << " parameters were fitted in "
      << c.iterations << " iterations. RMS of ln(predicted/measured): " << detail::sig4(c.rms_log_before)
      << " with the priors, " << detail::sig4(c.rms_log_after) << " after the fit.\n\n"
      << "### Fitted parameters\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const fitted_param& f : c.fitted) {
        rows.push_back({"`" + f.name + "`", detail::sig4(f.prior), detail::sig4(f.value), std::to_string(f.rows)});
    }
    o << markdown_table({"parameter", "prior", "fitted", "rows"}, rows) << '\n'
      << "All other parameters keep their priors (`models/calibration/default.toml` lists every value).\n\n"
      << "### Residuals after the fit\n\n"
      << "```text\n"
      << summary_text(after) << '\n'
      << error_summary_table("gpu", after.by_gpu).to_text() << '\n'
      << error_summary_table("workload", after.by_workload).to_text() << '\n'
      << error_summary_table("metric", after.by_metric).to_text() << "```\n";
    return o.str();
}

}  // namespace roofcast

#endif
