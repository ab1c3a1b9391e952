/// @file
/// What a calibration produces: the fitted parameters with their priors and the rows behind them (no
/// Eigen: reports and notebooks read it without the fitting machinery of fit.hpp).
#ifndef ROOFCAST_CALIBRATE_RESULT_HPP
#define ROOFCAST_CALIBRATE_RESULT_HPP

#include <roofcast/model/params.hpp>

#include <cstddef>
#include <string>
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

/// The outcome of a calibration.
struct calibration_result {
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

}  // namespace roofcast

#endif
