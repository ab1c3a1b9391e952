/// @file
/// Data-parallel scaling: one run on 1, 2, 4, ... model replicas, with speedup and efficiency against the
/// smallest.
#ifndef ROOFCAST_MODEL_SCALING_HPP
#define ROOFCAST_MODEL_SCALING_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/workload/workload.hpp>

#include <string>
#include <vector>

namespace roofcast {

/// One GPU count of a scaling study.
struct scaling_point {
    /// GPUs in total.
    int num_gpus = 1;
    /// Nodes they fill.
    int nodes = 1;
    /// The prediction at that count.
    prediction result;
    /// Speedup of the main throughput over the smallest count: X(n) / X(n₀).
    double speedup = 1.0;
    /// Parallel efficiency: speedup · n₀ / n.
    double efficiency = 1.0;
};

/// A data-parallel scaling study of one run on one GPU type.
struct scaling_report {
    /// GPU name.
    std::string gpu;
    /// Workload name.
    std::string workload;
    /// The run at the smallest count (one replica: tp · pp GPUs), with its defaults filled in.
    run_config config;
    /// One point per count: tp · pp · 2^k up to the largest asked.
    std::vector<scaling_point> points;
};

/// Predicts run `base` of `w` on `g` at tp · pp · 2^k GPUs up to `max_gpus` (data parallelism doubling; `base`'s
/// num_gpus and nodes are ignored), with speedup and efficiency against the first count (docs/model.md,
/// "Several GPUs"). Throws input_error for an invalid run or a `max_gpus` below one GPU.
inline scaling_report scale(const workload& w, const gpu_spec& g, run_config base, int max_gpus,
                            const cost_params& p = default_params()) {
    if (max_gpus < 1 || max_gpus > run_limits::max_gpus) {
        throw input_error("max GPUs must be between 1 and " + std::to_string(run_limits::max_gpus) + ", got " +
                          std::to_string(max_gpus));
    }
    base.nodes = 0;
    base.num_gpus = base.tp * base.pp;
    scaling_report r;
    r.gpu = g.name;
    r.workload = w.name;
    r.config = resolve(w, base).config;
    for (long long n = base.num_gpus; n <= max_gpus; n *= 2) {
        run_config cfg = base;
        cfg.num_gpus = static_cast<int>(n);
        const run_plan plan = resolve(w, cfg);
        scaling_point pt;
        pt.num_gpus = cfg.num_gpus;
        const int per_node = layout_for(plan, g, cfg.num_gpus).gpus_per_node;
        pt.nodes = (cfg.num_gpus + per_node - 1) / per_node;
        pt.result = predict(plan, g, p);
        const double x = main_throughput(pt.result).first;
        const double x0 = r.points.empty() ? x : main_throughput(r.points.front().result).first;
        const int n0 = r.points.empty() ? pt.num_gpus : r.points.front().num_gpus;
        pt.speedup = x / x0;
        pt.efficiency = pt.speedup * n0 / pt.num_gpus;
        r.points.push_back(std::move(pt));
    }
    return r;
}

}  // namespace roofcast

#endif
