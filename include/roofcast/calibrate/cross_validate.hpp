/// @file
/// Cross-validation: how well the calibrated model predicts measurements it was not fitted on. The rows are
/// split into groups (by source, or by GPU); for each group the whole calibration (every stage) is refitted
/// without it and its rows are predicted. The held-out predictions are the accuracy that counts
/// (docs/accuracy.md): a new GPU, or a new benchmark's software, is what users ask about.
#ifndef ROOFCAST_CALIBRATE_CROSS_VALIDATE_HPP
#define ROOFCAST_CALIBRATE_CROSS_VALIDATE_HPP

#include <roofcast/calibrate/fit.hpp>
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/catalog.hpp>
#include <roofcast/detail/parallel.hpp>
#include <roofcast/error.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/confidence.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace roofcast {

/// How cross_validate runs.
struct cv_options {
    /// The calibration of each fold.
    calibration_options calibration;
    /// Worker threads (folds run in parallel; the result does not depend on it).
    int threads = 1;
    /// When set, called with (folds done, folds) from the worker threads as folds finish.
    std::function<void(std::size_t, std::size_t)> progress;
};

namespace detail {

/// The held-out predictions of group `group`: calibrate on the other rows, predict its rows.
inline std::vector<row_prediction> cv_fold_rows(const measurement_set& data, const model_catalog& cat, cv_split by,
                                                const std::string& group, const calibration_options& o) {
    measurement_set train;
    std::vector<const measurement*> test;
    for (const measurement& m : data.rows) {
        if (cv_group(m, by) == group) {
            test.push_back(&m);
        } else {
            train.rows.push_back(m);
        }
    }
    calibration_options fold = o;
    fold.progress = nullptr;
    fold.error_bands = false;
    const calibration_result res = calibrate(train, cat, prior_params(), fold);
    std::vector<row_prediction> out;
    for (const measurement* m : test) {
        out.push_back(predict_row(*m, cat, res.params));
    }
    return out;
}

}  // namespace detail

/// Cross-validates the calibration on `data`: for each group of split `by`, refits every stage without the
/// group's rows and predicts them (docs/calibration.md, "Cross-validation"). Deterministic whatever the threads.
inline cross_validation cross_validate(const measurement_set& data, const model_catalog& cat, cv_split by,
                                       const cv_options& o = {}) {
    if (o.threads < 1) {
        throw input_error("cross-validation: threads must be at least 1, got " + std::to_string(o.threads));
    }
    std::vector<std::string> groups;
    for (const measurement& m : data.rows) {
        groups.push_back(cv_group(m, by));
    }
    std::sort(groups.begin(), groups.end());
    groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
    std::vector<std::vector<row_prediction>> folds(groups.size());
    std::atomic<std::size_t> done{0};
    detail::parallel_for(groups.size(), std::min(o.threads, 256), [&](std::size_t i) {
        folds[i] = detail::cv_fold_rows(data, cat, by, groups[i], o.calibration);
        if (o.progress) {
            o.progress(++done, groups.size());
        }
    });
    cross_validation cv;
    cv.split = by;
    cv.held_out.file = data.file + " (leave one " + std::string(to_string_view(by)) + " out)";
    for (std::size_t i = 0; i < groups.size(); ++i) {
        std::vector<const row_prediction*> rows;
        for (row_prediction& r : folds[i]) {
            cv.held_out.rows.push_back(r);
        }
        for (const row_prediction& r : folds[i]) {
            rows.push_back(&r);
        }
        cv.folds.push_back({groups[i], summarize(rows)});
    }
    summarize_report(cv.held_out, data.files.empty() ? std::vector<std::string>{data.file} : data.files);
    return cv;
}

/// How often the likely range holds rows it never saw: rows of a kind, and how many fall inside their range.
struct range_coverage {
    /// Rows, and how many of them fall inside the range.
    std::size_t rows = 0, inside = 0;
};

/// The coverage of each `checked` residual by the range of its kind built from `pool` without the residual's source
/// (leave one source out: the range claims the 10th to 90th percentile, so about 80%), by kind of run.
inline std::map<std::string, range_coverage> held_out_coverage(const std::vector<time_residual>& pool,
                                                               const std::vector<time_residual>& checked) {
    std::map<std::string, std::map<std::string, std::pair<double, double>>> without;  // source -> kind -> band
    std::map<std::string, range_coverage> out;
    for (const time_residual& r : checked) {
        if (without.find(r.source) == without.end()) {
            without[r.source] = bands_of(pool, r.source);
        }
        const auto& bands = without[r.source];
        const auto band = bands.find(r.kind);
        const auto [low, high] = band != bands.end() ? band->second : default_error_band;
        range_coverage& c = out[r.kind];
        ++c.rows;
        c.inside += r.ratio >= low && r.ratio <= high ? 1 : 0;
    }
    return out;
}

/// The residuals the likely ranges (error bands) are built from: those of `scored` rows, which no fit saw, and the
/// held-out ones of the first cross-validation (leaving sources out where `cvs` has it; the in-sample residuals of
/// `in_sample` where there is none). The CLI's calibrate and a notebook calling the library get the same bands.
inline std::vector<time_residual> band_residuals(const std::vector<cross_validation>& cvs,
                                                 const std::vector<time_residual>& scored,
                                                 const validation_report& in_sample, const measurement_set& data,
                                                 const model_catalog& c) {
    std::vector<time_residual> pool = scored;
    if (cvs.empty()) {  // no held-out residuals: the in-sample ones
        const std::vector<time_residual> own = time_residuals(in_sample, data, c);
        pool.insert(pool.end(), own.begin(), own.end());
    }
    for (const cross_validation& cv : cvs) {
        if (cv.split == cv_split::source || cvs.size() == 1) {
            const std::vector<time_residual> held = time_residuals(cv.held_out, data, c);
            pool.insert(pool.end(), held.begin(), held.end());
            break;
        }
    }
    return pool;
}

}  // namespace roofcast

#endif
