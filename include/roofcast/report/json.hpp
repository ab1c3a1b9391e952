/// @file
/// JSON form of the report and calibration results (nlohmann-json), beside io/json.hpp's for the model's: the GPU and
/// workload lists, the roofline chart and the validation report. Kept out of io/ so that io/ never includes report/ or
/// calibrate/ (the folders form no loop: docs/units.md, "Naming and layout").
#ifndef ROOFCAST_REPORT_JSON_HPP
#define ROOFCAST_REPORT_JSON_HPP

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/io/json.hpp>
#include <roofcast/report/gpu_report.hpp>
#include <roofcast/report/roofline.hpp>
#include <roofcast/report/workload_report.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace roofcast {

/// {rows, predicted, median_ape, mean_ape, p90_ape, within_10pct, within_25pct} (fractions).
inline void to_json(nlohmann::json& j, const error_summary& s) {
    j = nlohmann::json{{"rows", s.rows},
                       {"predicted", s.predicted},
                       {"median_ape", s.median_ape},
                       {"mean_ape", s.mean_ape},
                       {"p90_ape", s.p90_ape},
                       {"within_10pct", s.within_10pct},
                       {"within_25pct", s.within_25pct}};
}

/// The validation summary (design §7): `rows`, `predicted`, `skipped` (each with its reason), the error
/// statistics, the same by GPU, workload and metric, and `details` per row.
inline void to_json(nlohmann::json& j, const validation_report& r) {
    j = nlohmann::json(r.overall);
    nlohmann::json skipped = nlohmann::json::array();
    nlohmann::json details = nlohmann::json::array();
    for (const row_prediction& p : r.rows) {
        if (p.predicted) {
            details.push_back({{"id", p.id},
                               {"line", p.line},
                               {"gpu", p.gpu},
                               {"workload", p.workload},
                               {"metric", p.metric},
                               {"predicted", *p.predicted},
                               {"measured", p.measured},
                               {"ape", p.ape()}});
        } else {
            skipped.push_back({{"id", p.id}, {"line", p.line}, {"reason", p.skip_reason}});
            details.push_back({{"id", p.id}, {"line", p.line}, {"skipped", p.skip_reason}});
        }
    }
    j["file"] = r.file;
    j["skipped"] = skipped;
    j["by_gpu"] = r.by_gpu;
    j["by_workload"] = r.by_workload;
    j["by_metric"] = r.by_metric;
    j["details"] = details;
}

/// {"gpus": [gpu, ...]}.
inline void to_json(nlohmann::json& j, const gpu_list& l) {
    j = nlohmann::json{{"gpus", l.gpus}};
}

/// {"workloads": [{name, kind, parameters}]}.
inline void to_json(nlohmann::json& j, const workload_list& l) {
    nlohmann::json all = nlohmann::json::array();
    for (const workload& w : l.workloads) {
        all.push_back({{"name", w.name}, {"kind", kind_name(w)}, {"parameters", parameters(w)}});
    }
    j = nlohmann::json{{"workloads", all}};
}

/// {gpu, bandwidth_bytes_per_s, ceilings: [{label, dtypes, peak_flops_per_s, ridge_point_flops_per_byte}],
/// points: [{label, class, intensity_flops_per_byte, achieved_flops_per_s}]}.
inline void to_json(nlohmann::json& j, const roofline_chart& chart) {
    nlohmann::json ceilings = nlohmann::json::array();
    for (const roofline_ceiling& x : chart.ceilings) {
        std::vector<std::string> types;
        for (dtype d : x.dtypes) {
            types.push_back(to_string(d));
        }
        ceilings.push_back({{"label", x.label},
                            {"dtypes", types},
                            {"peak_flops_per_s", x.peak.value()},
                            {"ridge_point_flops_per_byte", (x.peak / chart.bandwidth).value()}});
    }
    nlohmann::json pts = nlohmann::json::array();
    for (const roofline_point& pt : chart.points) {
        pts.push_back({{"label", pt.label},
                       {"class", pt.group},
                       {"intensity_flops_per_byte", pt.intensity.value()},
                       {"achieved_flops_per_s", pt.achieved.value()}});
    }
    j = nlohmann::json{{"gpu", chart.gpu_name},
                       {"bandwidth_bytes_per_s", chart.bandwidth.value()},
                       {"ceilings", ceilings},
                       {"points", pts}};
}

/// The chart's JSON with "svg": the file written, or null.
inline void to_json(nlohmann::json& j, const roofline_report& r) {
    j = r.chart;
    j["svg"] = r.svg_file.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.svg_file);
}

}  // namespace roofcast

#endif
