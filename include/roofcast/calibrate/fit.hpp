/// @file
/// Calibration: fits the cost model's parameters to published measurements by regularized nonlinear
/// least squares in log space (Levenberg–Marquardt, Eigen). docs/calibration.md explains the choices.
#ifndef ROOFCAST_CALIBRATE_FIT_HPP
#define ROOFCAST_CALIBRATE_FIT_HPP

#include <roofcast/calibrate/result.hpp>
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/catalog.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/params.hpp>

#include <Eigen/Dense>

#include <cmath>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace roofcast {

/// Options of calibrate().
struct calibration_options {
    /// A parameter is fitted only when at least this many rows depend on it; others keep their prior
    /// (no constant is tuned to a single row).
    std::size_t min_rows = 2;
    /// Expected spread of ln(predicted/measured) from measurement noise and what the model leaves out
    /// (0.15 ≈ 15%): each row's residual is divided by it, so it weighs the data against the priors.
    double residual_sigma = 0.15;
    /// The same for microbenchmark rows (mode micro): they measure the hardware with the reference libraries,
    /// with little the model leaves out, so they weigh more (0.03 ≈ 3%).
    double micro_residual_sigma = 0.03;
    /// Iteration limit.
    int max_iterations = 100;
    /// Called after each iteration with (iteration, cost) when set (progress output).
    std::function<void(int, double)> progress;
};

namespace detail {

/// Forward transform of a parameter value to the fitting space.
inline double to_fit_space(double v, param_transform t) {
    return t == param_transform::log ? std::log(v) : std::log(v / (1.0 - v));
}

/// Inverse transform.
inline double from_fit_space(double x, param_transform t) {
    return t == param_transform::log ? std::exp(x) : 1.0 / (1.0 + std::exp(-x));
}

/// Whether a value can be moved in its transform's space (log needs > 0; logit needs (0, 1)).
inline bool fittable(double v, param_transform t) {
    return t == param_transform::log ? v > 0.0 : v > 0.0 && v < 1.0;
}

}  // namespace detail

/// Fits the parameters of `start` (default: the priors) to the rows of `data` that roofcast can predict.
/// Minimizes Σ (ln(predicted/measured)/σ_r)² + Σ ((θ − θ_prior)/σ)² over the transformed parameters θ that at
/// least `min_rows` rows depend on, with the priors of `start` as the ridge centre. Deterministic.
inline calibration_result calibrate(const measurement_set& data, const model_catalog& gpus,
                                    const cost_params& start = prior_params(),
                                    const calibration_options& options = {}) {
    calibration_result res;
    res.params = start;
    cost_params work = start;
    std::vector<param_ref> reg = parameter_registry(work);

    // Rows predictable with the starting parameters.
    std::vector<const measurement*> rows;
    std::vector<double> base;
    for (const measurement& m : data.rows) {
        try {
            const double v = predict_measurement(m, gpus, work);
            if (std::isfinite(v) && v > 0.0) {
                rows.push_back(&m);
                base.push_back(v);
            }
        } catch (const error&) {
        }
    }
    res.rows_used = rows.size();
    // Row residuals in units of the expected spread.
    auto sigma = [&](std::size_t i) {
        return rows[i]->mode == "micro" ? options.micro_residual_sigma : options.residual_sigma;
    };
    auto residual = [&](std::size_t i) {
        return std::log(predict_measurement(*rows[i], gpus, work) / rows[i]->value) / sigma(i);
    };

    // Active parameters and the rows each one moves (a sparse Jacobian pattern).
    struct active {
        std::size_t reg;
        double prior;
        std::vector<std::size_t> rows;
    };
    std::vector<active> act;
    for (std::size_t j = 0; j < reg.size(); ++j) {
        const double v = *reg[j].value;
        if (reg[j].fixed || !detail::fittable(v, reg[j].transform)) {
            continue;
        }
        const double theta = detail::to_fit_space(v, reg[j].transform);
        *reg[j].value = detail::from_fit_space(theta + 0.05, reg[j].transform);
        active a{j, theta, {}};
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (std::fabs(predict_measurement(*rows[i], gpus, work) / base[i] - 1.0) > 1e-9) {
                a.rows.push_back(i);
            }
        }
        *reg[j].value = v;
        if (a.rows.size() >= options.min_rows) {
            act.push_back(std::move(a));
        }
    }

    const std::size_t n = rows.size(), p = act.size();
    auto set_theta = [&](const Eigen::VectorXd& th) {
        for (std::size_t j = 0; j < p; ++j) {
            *reg[act[j].reg].value =
                detail::from_fit_space(th[static_cast<Eigen::Index>(j)], reg[act[j].reg].transform);
        }
    };
    auto residuals = [&](const Eigen::VectorXd& th) {
        set_theta(th);
        Eigen::VectorXd r(static_cast<Eigen::Index>(n + p));
        for (std::size_t i = 0; i < n; ++i) {
            r[static_cast<Eigen::Index>(i)] = residual(i);
        }
        for (std::size_t j = 0; j < p; ++j) {
            r[static_cast<Eigen::Index>(n + j)] =
                (th[static_cast<Eigen::Index>(j)] - act[j].prior) / reg[act[j].reg].prior_sigma;
        }
        return r;
    };

    Eigen::VectorXd theta(static_cast<Eigen::Index>(p));
    for (std::size_t j = 0; j < p; ++j) {
        theta[static_cast<Eigen::Index>(j)] = act[j].prior;
    }
    Eigen::VectorXd r = residuals(theta);
    auto rms_rows = [&](const Eigen::VectorXd& rv) {
        double s = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const double x = rv[static_cast<Eigen::Index>(i)] * sigma(i);
            s += x * x;
        }
        return n == 0 ? 0.0 : std::sqrt(s / static_cast<double>(n));
    };
    res.rms_log_before = rms_rows(r);
    double cost_now = r.squaredNorm();
    double lambda = 1e-3;
    const double h = 1e-5;
    for (int it = 0; it < options.max_iterations && p > 0; ++it) {
        // Jacobian by forward differences, only over the rows each parameter moves.
        Eigen::MatrixXd jac = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n + p), static_cast<Eigen::Index>(p));
        for (std::size_t j = 0; j < p; ++j) {
            Eigen::VectorXd th = theta;
            th[static_cast<Eigen::Index>(j)] += h;
            set_theta(th);
            for (std::size_t i : act[j].rows) {
                jac(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) =
                    (residual(i) - r[static_cast<Eigen::Index>(i)]) / h;
            }
            jac(static_cast<Eigen::Index>(n + j), static_cast<Eigen::Index>(j)) = 1.0 / reg[act[j].reg].prior_sigma;
        }
        set_theta(theta);
        const Eigen::MatrixXd jtj = jac.transpose() * jac;
        const Eigen::VectorXd jtr = jac.transpose() * r;
        bool improved = false;
        for (int tries = 0; tries < 12 && !improved; ++tries) {
            Eigen::MatrixXd a = jtj;
            a.diagonal().array() += lambda * (jtj.diagonal().array() + 1e-9);
            const Eigen::VectorXd step = a.ldlt().solve(-jtr);
            const Eigen::VectorXd candidate = theta + step;
            const Eigen::VectorXd rc = residuals(candidate);
            const double cost_new = rc.squaredNorm();
            if (std::isfinite(cost_new) && cost_new < cost_now) {
                const double gain = (cost_now - cost_new) / std::max(cost_now, 1e-300);
                theta = candidate;
                r = rc;
                cost_now = cost_new;
                lambda = std::max(lambda / 3.0, 1e-9);
                improved = true;
                res.iterations = it + 1;
                if (options.progress) {
                    options.progress(it + 1, cost_now);
                }
                if (gain < 1e-10) {
                    it = options.max_iterations;
                }
            } else {
                lambda *= 4.0;
            }
        }
        if (!improved) {
            break;
        }
    }
    set_theta(theta);
    res.rms_log_after = rms_rows(residuals(theta));
    res.params = work;
    for (std::size_t j = 0; j < p; ++j) {
        const param_ref& ref = reg[act[j].reg];
        res.fitted.push_back(
            {ref.name, detail::from_fit_space(act[j].prior, ref.transform), *ref.value, act[j].rows.size()});
    }
    return res;
}

}  // namespace roofcast

#endif
