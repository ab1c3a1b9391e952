/// @file
/// What a calibration and a cross-validation produce: the fitted parameters with their priors and the rows behind
/// them, and the held-out predictions (no Eigen: reports and notebooks read them without fit.hpp).
#ifndef ROOFCAST_CALIBRATE_RESULT_HPP
#define ROOFCAST_CALIBRATE_RESULT_HPP

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/params.hpp>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roofcast {

/// One fitted parameter: its prior, its fitted value and how many rows inform it.
struct fitted_param {
    /// Registry name.
    std::string name;
    /// Prior value.
    double prior = 0.0;
    /// Fitted value.
    double value = 0.0;
    /// Measurement rows whose prediction depends on it.
    std::size_t rows = 0;
};

/// One stage of a calibration: its rows, iterations and RMS of ln(predicted/measured) before and after.
struct stage_fit {
    /// Rows used (predictable with the starting parameters).
    std::size_t rows = 0;
    /// Levenberg–Marquardt iterations taken.
    int iterations = 0;
    /// RMS of ln(predicted/measured) over the rows before and after the stage.
    double rms_log_before = 0.0, rms_log_after = 0.0;
};

/// The outcome of a calibration.
struct calibration_result {
    /// The bandwidth stage (STREAM rows: each family's memory_efficiency), the hardware stage (kernel rows: the
    /// families' other parameters) and the software stage (whole-network rows).
    stage_fit bandwidth, hardware, software;
    /// The fitted parameters (all others keep their priors).
    cost_params params;
    /// Parameters that were fitted.
    std::vector<fitted_param> fitted;
    /// Rows used (predictable with the priors).
    std::size_t rows_used = 0;
    /// Root-mean-square log error (ln(predicted/measured)) before and after the fit.
    double rms_log_before = 0.0, rms_log_after = 0.0;
    /// Levenberg–Marquardt iterations taken.
    int iterations = 0;
};

/// How rows are grouped for cross-validation.
enum class cv_split { source, gpu };

/// Both splits.
inline constexpr std::array<cv_split, 2> all_cv_splits = {cv_split::source, cv_split::gpu};

/// "source" or "gpu".
inline constexpr std::string_view to_string_view(cv_split s) {
    return s == cv_split::source ? "source" : "gpu";
}

/// The group of row `m` under split `s`.
inline std::string cv_group(const measurement& m, cv_split s) {
    return s == cv_split::source ? source_key(m) : m.gpu;
}

/// One fold: a group left out, and how well its rows were predicted.
struct cv_fold {
    /// The group (a source or a GPU).
    std::string group;
    /// The held-out errors of its rows.
    error_summary summary;
};

/// A cross-validation: every row predicted by the calibration that did not see its group.
struct cross_validation {
    /// How the rows were grouped.
    cv_split split = cv_split::source;
    /// The held-out predictions of every row, summarized overall and by GPU, workload and metric.
    validation_report held_out;
    /// One fold per group, in group order.
    std::vector<cv_fold> folds;
};

}  // namespace roofcast

#endif
