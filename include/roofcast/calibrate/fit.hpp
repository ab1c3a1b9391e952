/// @file
/// Calibration: fits the cost model's parameters to published measurements by regularized nonlinear least
/// squares in log space (Levenberg–Marquardt, Eigen), in stages: the hardware (architecture families) on kernel
/// rows measured through the reference libraries (the achieved DRAM bandwidth on the STREAM rows alone, first),
/// then the software profiles on whole-network rows with the hardware fixed. docs/calibration.md explains the
/// choices.
#ifndef ROOFCAST_CALIBRATE_FIT_HPP
#define ROOFCAST_CALIBRATE_FIT_HPP

#include <roofcast/calibrate/allocator.hpp>
#include <roofcast/calibrate/result.hpp>
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/catalog.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/params.hpp>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// Options of calibrate().
struct calibration_options {
    /// A hardware parameter is fitted only when at least this many kernel rows depend on it; others keep their
    /// prior (no constant is tuned to a single row).
    std::size_t min_rows = 2;
    /// A software parameter is fitted only when at least this many whole-network rows depend on it: a profile
    /// with fewer rows stays at its prior.
    std::size_t min_software_rows = 5;
    /// Expected spread of ln(predicted/measured) of a whole-network row from measurement noise and what the
    /// model leaves out (0.15 ≈ 15%): each row's residual is divided by it, so it weighs the data against the
    /// priors.
    double residual_sigma = 0.15;
    /// The same for kernel rows (mode micro): they measure one library kernel, with less left out (0.05 ≈ 5%:
    /// the spread of repeated timings and of timing methods, CUDA events against wall clock).
    double micro_residual_sigma = 0.05;
    /// Iteration limit per stage.
    int max_iterations = 100;
    /// Whether to fill the parameters' error bands from the in-sample residuals (cross-validation fills them
    /// from the held-out ones instead).
    bool error_bands = true;
    /// Called after each iteration with (iteration, cost) when set (progress output).
    std::function<void(int, double)> progress;
};

namespace detail {

/// Forward transform of a parameter value to the fitting space.
inline double to_fit_space(double v, const param_ref& r) {
    return r.transform == param_transform::log ? std::log(v) : std::log((v - r.lo) / (r.hi - v));
}

/// Inverse transform.
inline double from_fit_space(double x, const param_ref& r) {
    return r.transform == param_transform::log ? std::exp(x) : r.lo + (r.hi - r.lo) / (1.0 + std::exp(-x));
}

/// Whether a value can be moved in its transform's space (log needs > 0; logit needs (lo, hi)).
inline bool fittable(double v, const param_ref& r) {
    return r.transform == param_transform::log ? v > 0.0 : v > r.lo && v < r.hi;
}

/// The best GEMM efficiency measured per architecture family and math type on the GEMM rows of `rows`, keyed by
/// the parameter it bounds ("<family>.gemm_efficiency.<math>"): achieved FLOP/s over the GPU's rated dense peak for
/// the math type. A fitted large-tile efficiency may not exceed it: since a predicted GEMM runs at most at that
/// efficiency of the rated peak (tile and wave losses and a power-limited clock only lower it, docs/model.md), no
/// predicted GEMM is faster than the best the family was measured to run.
inline std::map<std::string, double> measured_gemm_ceilings(const std::vector<const measurement*>& rows,
                                                            const model_catalog& cat, const cost_params& p) {
    std::map<std::string, double> best;
    const std::size_t reference = find_profile("cublas");
    for (const measurement* m : rows) {
        const gpu_spec* g = cat.find_gpu(m->gpu);
        const bool tflops = m->metric == "tflops", latency = m->metric == "latency_s";
        if (m->workload != "gemm" || g == nullptr || !(tflops || latency) || !(m->value > 0.0)) {
            continue;
        }
        try {
            const cost_context c = make_cost_context(*g, reference, p);
            kernel k;
            gemm_row_time(*m, c, k);
            const auto i = static_cast<std::size_t>(k.type);
            const double peak = k.unit == exec_unit::tensor_core ? c.rated_tensor_peak[i] : c.rated_vector_peak[i];
            const double rate = tflops ? m->value * 1e12 : k.work.value() / m->value;
            if (peak > 0.0) {
                double& b = best[std::string(to_string_view(g->arch)) + ".gemm_efficiency." + to_string(k.type)];
                b = std::max(b, rate / peak);
            }
        } catch (const error&) {
        }
    }
    return best;
}

/// One stage's problem: the rows, their residual scale, and the parameters that may move.
struct fit_stage {
    /// The rows (predictable with the starting parameters).
    std::vector<const measurement*> rows;
    /// The predictions of the rows with the starting parameters.
    std::vector<double> base;
    /// Residual scale of each row.
    std::vector<double> sigma;
    /// Active parameters: registry index, prior in fit space, the rows each one moves.
    struct active {
        std::size_t reg;
        double prior;
        std::vector<std::size_t> rows;
    };
    std::vector<active> params;
};

/// The rows of `data` selected by `keep` that roofcast can predict with `work`, and their predictions.
inline fit_stage stage_rows(const std::vector<const measurement*>& data, const model_catalog& cat,
                            const cost_params& work, const calibration_options& o) {
    fit_stage s;
    for (const measurement* m : data) {
        try {
            const double v = predict_measurement(*m, cat, work);
            if (std::isfinite(v) && v > 0.0) {
                s.rows.push_back(m);
                s.base.push_back(v);
                s.sigma.push_back(m->mode == "micro" ? o.micro_residual_sigma : o.residual_sigma);
            }
        } catch (const error&) {
        }
    }
    return s;
}

/// Whether parameter `name` is a family's achieved DRAM-bandwidth fraction (`<family>.memory_efficiency`).
inline bool is_bandwidth_param(const std::string& name) {
    constexpr std::string_view suffix = ".memory_efficiency";
    return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Adds to `s` the parameters of `reg` in `stage` that `take` accepts (by name) and at least `min_rows` of its
/// rows depend on (a small step in the parameter changes their prediction).
inline void stage_params(fit_stage& s, std::vector<param_ref>& reg, param_stage stage, std::size_t min_rows,
                         const model_catalog& cat, const cost_params& work,
                         const std::function<bool(const std::string&)>& take) {
    for (std::size_t j = 0; j < reg.size(); ++j) {
        const double v = *reg[j].value;
        if (reg[j].fit == param_fit::fixed || reg[j].stage != stage || !fittable(v, reg[j]) || !take(reg[j].name)) {
            continue;
        }
        const double theta = to_fit_space(v, reg[j]);
        *reg[j].value = from_fit_space(theta + 0.05, reg[j]);
        fit_stage::active a{j, theta, {}};
        for (std::size_t i = 0; i < s.rows.size(); ++i) {
            if (std::fabs(predict_measurement(*s.rows[i], cat, work) / s.base[i] - 1.0) > 1e-9) {
                a.rows.push_back(i);
            }
        }
        *reg[j].value = v;
        if (a.rows.size() >= min_rows) {
            s.params.push_back(std::move(a));
        }
    }
}

/// The least-squares problem of one stage: residuals of its rows in log space over σ_row, and of its parameters
/// from their priors over σ (the ridge term), as functions of the parameters θ in fit space.
struct stage_problem {
    /// The stage.
    const fit_stage& s;
    /// The registry the stage's parameters point into.
    std::vector<param_ref>& reg;
    /// The parameters the predictions read (reg points into them).
    const cost_params& work;
    /// The catalog of the rows' GPUs and workloads.
    const model_catalog& cat;

    /// Rows and parameters.
    Eigen::Index n() const { return static_cast<Eigen::Index>(s.rows.size()); }
    Eigen::Index p() const { return static_cast<Eigen::Index>(s.params.size()); }

    /// Sets the parameters to θ.
    void set_theta(const Eigen::VectorXd& th) const {
        for (Eigen::Index j = 0; j < p(); ++j) {
            const param_ref& r = reg[s.params[static_cast<std::size_t>(j)].reg];
            *r.value = from_fit_space(th[j], r);
        }
    }

    /// Row i's residual at the parameters set.
    double residual(Eigen::Index i) const {
        const auto k = static_cast<std::size_t>(i);
        return std::log(predict_measurement(*s.rows[k], cat, work) / s.rows[k]->value) / s.sigma[k];
    }

    /// Every residual at θ (which it sets): the rows', then the parameters'.
    Eigen::VectorXd residuals(const Eigen::VectorXd& th) const {
        set_theta(th);
        Eigen::VectorXd r(n() + p());
        for (Eigen::Index i = 0; i < n(); ++i) {
            r[i] = residual(i);
        }
        for (Eigen::Index j = 0; j < p(); ++j) {
            const fit_stage::active& a = s.params[static_cast<std::size_t>(j)];
            r[n() + j] = (th[j] - a.prior) / reg[a.reg].prior_sigma;
        }
        return r;
    }

    /// RMS of ln(predicted / measured) over the rows of residuals `rv`.
    double rms_rows(const Eigen::VectorXd& rv) const {
        double sum = 0.0;
        for (Eigen::Index i = 0; i < n(); ++i) {
            const double x = rv[i] * s.sigma[static_cast<std::size_t>(i)];
            sum += x * x;
        }
        return n() == 0 ? 0.0 : std::sqrt(sum / static_cast<double>(n()));
    }

    /// The Jacobian at θ (residuals r) by forward differences, only over the rows each parameter moves; leaves the
    /// parameters at θ.
    Eigen::MatrixXd jacobian(const Eigen::VectorXd& theta, const Eigen::VectorXd& r) const {
        Eigen::MatrixXd jac = Eigen::MatrixXd::Zero(n() + p(), p());
        for (Eigen::Index j = 0; j < p(); ++j) {
            const fit_stage::active& a = s.params[static_cast<std::size_t>(j)];
            Eigen::VectorXd th = theta;
            th[j] += 1e-5;
            set_theta(th);
            for (std::size_t i : a.rows) {
                const auto row = static_cast<Eigen::Index>(i);
                jac(row, j) = (residual(row) - r[row]) / 1e-5;
            }
            jac(n() + j, j) = 1.0 / reg[a.reg].prior_sigma;
        }
        set_theta(theta);
        return jac;
    }
};

/// Levenberg–Marquardt on stage `s`: minimizes Σ (ln(predicted/measured)/σ_row)² + Σ ((θ − θ_prior)/σ)² over
/// the active parameters θ (in fit space), starting from their priors, writing them into `work` through `reg`.
/// Returns the iterations taken; `rms_before`/`rms_after` get the RMS of ln(predicted/measured) over the rows.
inline int solve_stage(const fit_stage& s, std::vector<param_ref>& reg, const cost_params& work,
                       const model_catalog& cat, const calibration_options& o, double& rms_before, double& rms_after) {
    const stage_problem f{s, reg, work, cat};
    const Eigen::Index p = f.p();
    Eigen::VectorXd theta(p);
    for (Eigen::Index j = 0; j < p; ++j) {
        theta[j] = s.params[static_cast<std::size_t>(j)].prior;
    }
    Eigen::VectorXd r = f.residuals(theta);
    rms_before = f.rms_rows(r);
    double cost_now = r.squaredNorm(), lambda = 1e-3;
    int iterations = 0;
    for (int it = 0; it < o.max_iterations && p > 0; ++it) {
        const Eigen::MatrixXd jac = f.jacobian(theta, r);
        const Eigen::MatrixXd jtj = jac.transpose() * jac;
        const Eigen::VectorXd jtr = jac.transpose() * r;
        bool improved = false;
        for (int tries = 0; tries < 12 && !improved; ++tries) {
            Eigen::MatrixXd a = jtj;
            a.diagonal().array() += lambda * (jtj.diagonal().array() + 1e-9);
            const Eigen::VectorXd candidate = theta + a.ldlt().solve(-jtr);
            const Eigen::VectorXd rc = f.residuals(candidate);
            const double cost_new = rc.squaredNorm();
            if (std::isfinite(cost_new) && cost_new < cost_now) {
                const double gain = (cost_now - cost_new) / std::max(cost_now, 1e-300);
                theta = candidate;
                r = rc;
                cost_now = cost_new;
                lambda = std::max(lambda / 3.0, 1e-9);
                improved = true;
                iterations = it + 1;
                if (o.progress) {
                    o.progress(iterations, cost_now);
                }
                if (gain < 1e-10) {
                    it = o.max_iterations;
                }
            } else {
                lambda *= 4.0;
            }
        }
        if (!improved) {
            break;
        }
    }
    rms_after = f.rms_rows(f.residuals(theta));
    return iterations;
}

/// Fits the parameters of `stage` that `take` accepts on the rows of `data` (those roofcast can predict), moving
/// them in `work` from their values there; records the stage in `out` and appends the parameters to `res.fitted`.
inline void fit_one_stage(const std::vector<const measurement*>& data, const model_catalog& cat, cost_params& work,
                          param_stage stage, const std::function<bool(const std::string&)>& take,
                          const calibration_options& o, stage_fit& out, calibration_result& res) {
    std::vector<param_ref> reg = parameter_registry(work);
    if (stage == param_stage::hardware) {
        // A measured ceiling tightens the upper bound; a start value at or above it starts just below it.
        for (const auto& [name, ceiling] : measured_gemm_ceilings(data, cat, work)) {
            for (param_ref& r : reg) {
                if (r.name == name && ceiling > r.lo && ceiling < r.hi) {
                    r.hi = ceiling;
                    *r.value = std::min(*r.value, r.lo + 0.95 * (r.hi - r.lo));
                }
            }
        }
    }
    fit_stage s = stage_rows(data, cat, work, o);
    stage_params(s, reg, stage, stage == param_stage::hardware ? o.min_rows : o.min_software_rows, cat, work, take);
    out.rows = s.rows.size();
    out.iterations = solve_stage(s, reg, work, cat, o, out.rms_log_before, out.rms_log_after);
    for (const fit_stage::active& a : s.params) {
        const param_ref& ref = reg[a.reg];
        res.fitted.push_back({ref.name, from_fit_space(a.prior, ref), *ref.value, a.rows.size()});
    }
}

/// FP16 and BF16 GEMMs run on the same tensor cores at the same rate, so where a family's kernel rows measure
/// only one of them, the other takes its fitted efficiency (and is listed as fitted on the same rows) instead of
/// keeping its prior.
inline void share_16bit_efficiency(cost_params& work, calibration_result& res) {
    for (architecture a : all_architectures) {
        const std::string base = std::string(to_string_view(a)) + ".gemm_efficiency.";
        auto fitted = [&](dtype d) {
            const std::string name = base + to_string(d);
            return std::find_if(res.fitted.begin(), res.fitted.end(),
                                [&](const fitted_param& f) { return f.name == name; });
        };
        for (const auto& [from, to] : {std::pair{dtype::fp16, dtype::bf16}, std::pair{dtype::bf16, dtype::fp16}}) {
            const auto f = fitted(from);
            if (f != res.fitted.end() && fitted(to) == res.fitted.end()) {
                double& e = work.family[static_cast<std::size_t>(a)].gemm_efficiency[static_cast<std::size_t>(to)];
                fitted_param copy{base + to_string(to), e, f->value, f->rows};
                e = f->value;
                res.fitted.push_back(copy);
            }
        }
    }
}

}  // namespace detail

/// Fits the parameters of `start` (default: the priors) to the rows of `data` that roofcast can predict, in three
/// stages (docs/calibration.md): first each family's achieved DRAM bandwidth on the STREAM rows that saturate the
/// DRAM (measurement::saturated), then the other architecture-family parameters on the library kernel rows (mode
/// micro: GEMMs, fused attention, STREAM), then the software profiles' parameters on the whole-network rows and
/// the frameworks' own elementwise kernel rows (pointwise: their traffic is known exactly) with the hardware
/// fixed. Convolution, normalization, softmax and cross-entropy kernel rows, and STREAM rows still rising with
/// occupancy, are predicted by `validate` but not fitted (detail::fitted_kernel_row). Each stage minimizes
/// Σ (ln(predicted/measured)/σ_row)² + Σ ((θ − θ_prior)/σ)² over the transformed parameters θ that enough rows
/// depend on, with the values of `start` as the ridge centre. The memory rows take no part in it; the allocator
/// cache is measured on the reserved_to_allocated rows among them (fit_allocator_cache). Deterministic.
inline calibration_result calibrate(const measurement_set& data, const model_catalog& gpus,
                                    const cost_params& start = prior_params(),
                                    const calibration_options& options = {}) {
    calibration_result res;
    cost_params work = start;
    std::vector<const measurement*> stream, kernels, workloads;
    for (const measurement& m : data.rows) {
        if (!detail::fitted_kernel_row(m) || m.suspect() || !m.saturated() || is_memory_metric(m.metric)) {
            continue;  // memory rows depend on no fitted time parameter
        }
        (m.mode == "micro" && !detail::is_framework_kernel_row(m) ? kernels : workloads).push_back(&m);
        if (m.mode == "micro" && m.workload == "stream") {
            stream.push_back(&m);
        }
    }
    // memory_efficiency is what a streaming kernel achieves: a GEMM that runs slower than its tile model says must
    // not lower it, so it is fitted first on the STREAM rows alone and then held.
    const auto bandwidth = [](const std::string& name) { return detail::is_bandwidth_param(name); };
    const auto not_bandwidth = [](const std::string& name) { return !detail::is_bandwidth_param(name); };
    const auto any = [](const std::string&) { return true; };
    detail::fit_one_stage(stream, gpus, work, param_stage::hardware, bandwidth, options, res.bandwidth, res);
    detail::fit_one_stage(kernels, gpus, work, param_stage::hardware, not_bandwidth, options, res.hardware, res);
    detail::share_16bit_efficiency(work, res);
    detail::fit_one_stage(workloads, gpus, work, param_stage::software, any, options, res.software, res);
    // The allocator's cache is measured on the reserved_to_allocated rows, apart from the least squares.
    fit_allocator_cache(data, work);
    res.params = work;
    res.rows_used = res.hardware.rows + res.software.rows;  // the STREAM rows are among the kernel rows
    res.iterations = res.bandwidth.iterations + res.hardware.iterations + res.software.iterations;
    const auto n = static_cast<double>(std::max<std::size_t>(1, res.rows_used));
    auto pooled = [&](double hw, double sw) {
        return std::sqrt(
            (hw * hw * static_cast<double>(res.hardware.rows) + sw * sw * static_cast<double>(res.software.rows)) / n);
    };
    res.rms_log_before = pooled(res.hardware.rms_log_before, res.software.rms_log_before);
    res.rms_log_after = pooled(res.hardware.rms_log_after, res.software.rms_log_after);
    if (options.error_bands) {
        res.params.error_bands = error_bands(validate(data, gpus, res.params), data, gpus);
    }
    return res;
}

}  // namespace roofcast

#endif
