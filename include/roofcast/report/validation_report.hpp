/// @file
/// Text reports of validation: per-row tables, summaries by group, the accuracy document (no Eigen: the
/// calibration document is in calibration_report.hpp).
#ifndef ROOFCAST_REPORT_VALIDATION_REPORT_HPP
#define ROOFCAST_REPORT_VALIDATION_REPORT_HPP

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/format.hpp>
#include <roofcast/report/table.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <ostream>
#include <sstream>
#include <string>

namespace roofcast {

/// One row per predicted measurement: id, GPU, workload, metric, measured, predicted, APE.
inline text_table validation_rows_table(const validation_report& r) {
    text_table t({"id", "line", "gpu", "workload", "metric", "measured", "predicted", "APE"});
    for (const row_prediction& p : r.rows) {
        if (p.predicted) {
            t.add_row({p.id, std::to_string(p.line), p.gpu, p.workload, p.metric, format_number(p.measured),
                       format_number(*p.predicted), format_percent(p.ape())});
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
        t.add_row({name, std::to_string(s.rows), std::to_string(s.predicted), format_percent(s.median_ape),
                   format_percent(s.mean_ape), format_percent(s.p90_ape), format_percent(s.within_10pct),
                   format_percent(s.within_25pct)});
    }
    return t;
}

/// Skip reasons with their counts, most frequent first.
inline text_table skip_reasons_table(const validation_report& r) {
    std::map<std::string, std::size_t> count;
    std::map<std::string, std::string> ids;  // the rows left out on purpose, named
    for (const row_prediction& p : r.rows) {
        if (!p.predicted) {
            ++count[p.skip_reason];
            if (p.suspect) {
                ids[p.skip_reason] += (ids[p.skip_reason].empty() ? ": " : ", ") + p.id;
            }
        }
    }
    std::vector<std::pair<std::size_t, std::string>> v;
    for (const auto& [reason, n] : count) {
        v.emplace_back(n, reason + ids[reason]);
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
      << " skipped; median APE " << format_percent(s.median_ape) << ", mean " << format_percent(s.mean_ape) << ", p90 "
      << format_percent(s.p90_ape) << "; within 10%: " << format_percent(s.within_10pct)
      << ", within 25%: " << format_percent(s.within_25pct) << '\n';
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

namespace detail {

/// The rows of accuracy.md's summary table: all rows, kernels and whole networks, each with its error statistics.
inline std::string accuracy_summary_rows(const validation_report& r) {
    std::ostringstream o;
    auto by_mode = [&](const char* title, const std::function<bool(const row_prediction&)>& keep) {
        std::vector<const row_prediction*> sel;
        for (const row_prediction& p : r.rows) {
            if (keep(p)) {
                sel.push_back(&p);
            }
        }
        const error_summary s = summarize(sel);
        o << "| " << title << " | " << s.rows << " | " << s.predicted << " | " << format_percent(s.median_ape) << " | "
          << format_percent(s.p90_ape) << " | " << format_percent(s.within_25pct) << " |\n";
    };
    o << "| rows | in file | predicted | median APE | p90 APE | within 25% |\n|---|---|---|---|---|---|\n";
    by_mode("all", [](const row_prediction&) { return true; });
    by_mode("kernels (mode micro)", [](const row_prediction& p) { return p.kernel; });
    by_mode("whole networks", [](const row_prediction& p) { return !p.workload.empty() && !p.kernel; });
    return o.str();
}

/// accuracy.md's "Where the model is weakest": the five groups (GPU or workload, at least 3 rows predicted) of highest
/// median APE, and why as far as the data shows.
inline std::string weakest_groups_markdown(const validation_report& r) {
    std::ostringstream o;
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
        o << "* " << weak[i].second << ": median APE " << format_percent(weak[i].first) << "\n";
    }
    o << "\nWhy, as far as the data shows:\n\n"
      << "* **Software, not hardware, dominates many rows.** Each measurement is hardware plus a framework "
         "version; one profile per framework (with a multiplier per architecture family) cannot follow every "
         "container generation. Lambda's newest ResNet-50 rows on B200 and H100 run far below what the chip "
         "allows, while the same framework on older GPUs does not.\n"
      << "* **Small-batch eager inference** is bound by host time per op; the model has one host cost per "
         "kernel per framework, so rows whose dispatch cost differs (Hugging Face modules, older TensorFlow "
         "inference on DGX A100) scatter. TensorFlow rows run with XLA (`xla=1`) are costed as plain TensorFlow "
         "graphs, with layer norm and the GELU as primitive ops that XLA would fuse: their own profile, fitted on "
         "the one source that has them, did worse out of sample (leave one source out, p90 49% against 38%).\n"
      << "* **NCHW in TF32**: NVIDIA's PyTorch ResNet-50 runs channels-last only with AMP (`channels_last=amp-only`), "
         "but its two A100 TF32 rows are costed channels-last: costed in NCHW with cuDNN's transposes (a term "
         "established on FP16 tensor-core convolutions) they come out about 21% slow, which the rows do not show.\n"
      << "* **Quantized and hand-written kernels** (llama.cpp, TensorRT INT8 engines) are modelled as the "
         "library GEMMs at the weight precision (matrix-vector products up to 8 rows, MMA tiles beyond); their real "
         "efficiency varies by shape and build, and llama.cpp's prompt processing scatters most.\n"
      << "* **Serving throughput** depends on the batch the server reaches: engines that batch in flight run the "
         "steady iteration of their load (docs/model.md, \"Serving under load\"), within their memory, their token "
         "budget and their cap on running requests; an eager framework serves the largest static batch that fits, "
         "capped at --max-serve-batch (256). Neither preempts when the KV pool runs out.\n"
      << "* **GEMMs with M around 256 on Hopper** are slower in cuBLAS than tile and wave counts explain "
         "(probably L2 bandwidth, which the model does not price).\n"
      << "\n";
    return o.str();
}

/// The 15 predicted rows of highest APE.
inline text_table worst_rows_table(const validation_report& r) {
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
        t.add_row({p.id, p.gpu, p.workload, p.metric, format_number(p.measured), format_number(*p.predicted),
                   format_percent(p.ape())});
    }
    return t;
}

}  // namespace detail

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
      << summary_text(r) << "```\n\n"
      << detail::accuracy_summary_rows(r);
    o << "\n## By GPU\n\n```text\n"
      << error_summary_table("gpu", r.by_gpu).to_text() << "```\n\n"
      << "## By workload\n\n```text\n"
      << error_summary_table("workload", r.by_workload).to_text() << "```\n\n"
      << "## By metric\n\n```text\n"
      << error_summary_table("metric", r.by_metric).to_text() << "```\n\n";
    o << detail::weakest_groups_markdown(r) << "The worst rows:\n\n```text\n"
      << detail::worst_rows_table(r).to_text() << "```\n\n## Rows not predicted\n\n```text\n"
      << skip_reasons_table(r).to_text() << "```\n";
    return o.str();
}

/// The table of a validation report: one row per predicted measurement (validation_rows_table).
inline text_table to_table(const validation_report& r) {
    return validation_rows_table(r);
}

/// Prints "522 rows, 522 predicted; median APE 11.3%, mean 14.2%, p90 32.9%; within 10%: 45.0%, within
/// 25%: 80.1%".
inline std::ostream& operator<<(std::ostream& os, const error_summary& s) {
    return os << s.rows << " rows, " << s.predicted << " predicted; median APE " << format_percent(s.median_ape)
              << ", mean " << format_percent(s.mean_ape) << ", p90 " << format_percent(s.p90_ape)
              << "; within 10%: " << format_percent(s.within_10pct)
              << ", within 25%: " << format_percent(s.within_25pct);
}

/// Prints "r0001 (line 2) A100-SXM4-80GB resnet50 samples_per_s: measured 938, predicted 901 (APE 3.9%)", or
/// the reason the row was skipped.
inline std::ostream& operator<<(std::ostream& os, const row_prediction& r) {
    os << r.id << " (line " << r.line << ")";
    if (!r.gpu.empty()) {
        os << ' ' << r.gpu << ' ' << r.workload << ' ' << r.metric;
    }
    if (!r.predicted) {
        return os << ": skipped: " << r.skip_reason;
    }
    return os << ": measured " << format_number(r.measured) << ", predicted " << format_number(*r.predicted) << " (APE "
              << format_percent(r.ape()) << ")";
}

/// Prints the summary line, then the errors by GPU, workload and metric and the skip reasons.
inline std::ostream& operator<<(std::ostream& os, const validation_report& r) {
    os << r.file << ": " << r.overall << '\n'
       << '\n'
       << error_summary_table("gpu", r.by_gpu).to_text() << '\n'
       << error_summary_table("workload", r.by_workload).to_text() << '\n'
       << error_summary_table("metric", r.by_metric).to_text();
    if (r.overall.predicted < r.overall.rows) {
        os << '\n' << skip_reasons_table(r).to_text();
    }
    return os;
}

/// Prints "file: 522 rows read, 3 problems".
inline std::ostream& operator<<(std::ostream& os, const measurement_set& m) {
    return os << m.file << ": " << m.rows.size() << " rows read, " << m.problems.size() << " problems";
}

/// The validation as text (validation_text).
inline std::string describe(const validation_report& r) {
    return validation_text(r);
}

}  // namespace roofcast

#endif
