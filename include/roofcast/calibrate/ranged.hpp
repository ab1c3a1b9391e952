/// @file
/// The calibration as roofcast ships it: the fit (calibrate), its cross-validations, and the likely ranges (error
/// bands) built from residuals no fit saw, with the allocator cache measured on the memory rows. The CLI's
/// `calibrate` runs exactly this, so a notebook gets the same parameters (docs/calibration.md).
#ifndef ROOFCAST_CALIBRATE_RANGED_HPP
#define ROOFCAST_CALIBRATE_RANGED_HPP

#include <roofcast/calibrate/allocator.hpp>
#include <roofcast/calibrate/cross_validate.hpp>
#include <roofcast/calibrate/fit.hpp>
#include <roofcast/calibrate/result.hpp>
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/catalog.hpp>
#include <roofcast/io/measurements.hpp>

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace roofcast {

/// What calibrate_with_ranges fits, cross-validates and scores.
struct ranged_calibration_options {
    /// The fit's own options (calibrate).
    calibration_options fit;
    /// The cross-validations, in order; the first leaving sources out (else the only one) gives the ranges their
    /// held-out residuals (band_residuals). None: the ranges come from the in-sample residuals.
    std::vector<cv_split> splits;
    /// Worker threads of each cross-validation (the result does not depend on it).
    int threads = 1;
    /// When set, called with (split, folds done, folds) from the worker threads as folds finish.
    std::function<void(cv_split, std::size_t, std::size_t)> cv_progress;
    /// Rows predicted with the fitted parameters and never fitted: their residuals join the ranges'.
    measurement_set scored;
    /// Memory rows: the allocator cache is measured on them (fit_allocator_cache) and the footprint's likely range
    /// ("memory" band) comes from them held out (allocator_held_out).
    measurement_set memory;
};

/// A calibration with its likely ranges, and everything the accuracy reports show of it.
struct ranged_calibration {
    /// The fit; its parameters carry the likely ranges and the measured allocator cache.
    calibration_result result;
    /// The fitted model on the rows it was fitted on.
    validation_report in_sample;
    /// The cross-validations, in the order asked for.
    std::vector<cross_validation> cvs;
    /// The scored rows, predicted with the fitted parameters.
    validation_report scored;
    /// How often the scored rows fall inside ranges built without their source, by kind of run.
    std::map<std::string, range_coverage> coverage;
    /// The allocator cache measured per software profile.
    std::vector<allocator_fit> allocator;
    /// The memory rows in sample, and held out (each predicted with the cache measured without its source).
    validation_report memory_in_sample, memory_held_out;
};

/// Fits `data` (calibrate), runs the cross-validations of `o`, sets the likely ranges from the held-out and scored
/// residuals (band_residuals, bands_of), measures the allocator cache on the memory rows and sets the footprint's
/// range from them held out.
inline ranged_calibration calibrate_with_ranges(const measurement_set& data, const model_catalog& c,
                                                const ranged_calibration_options& o = {}) {
    ranged_calibration r;
    calibration_options fit = o.fit;
    fit.error_bands = false;  // the ranges are set below, from residuals no fit saw where there are any
    r.result = calibrate(data, c, prior_params(), fit);
    for (const cv_split by : o.splits) {
        cv_options cvo;
        cvo.threads = o.threads;
        if (o.cv_progress) {
            cvo.progress = [&o, by](std::size_t done, std::size_t total) { o.cv_progress(by, done, total); };
        }
        r.cvs.push_back(cross_validate(data, c, by, cvo));
    }
    r.in_sample = validate(data, c, r.result.params);
    r.scored = validate(o.scored, c, r.result.params);
    const std::vector<time_residual> scored_residuals = time_residuals(r.scored, o.scored, c);
    const std::vector<time_residual> pool = band_residuals(r.cvs, scored_residuals, r.in_sample, data, c);
    r.result.params.error_bands = bands_of(pool);
    r.coverage = held_out_coverage(pool, scored_residuals);
    r.allocator = fit_allocator_cache(o.memory, r.result.params);
    r.memory_in_sample = validate(o.memory, c, r.result.params);
    r.memory_held_out = allocator_held_out(o.memory, c, r.result.params);
    if (const auto band = memory_error_band(r.memory_held_out, o.memory)) {
        r.result.params.error_bands["memory"] = *band;
    }
    return r;
}

}  // namespace roofcast

#endif
