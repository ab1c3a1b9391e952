/// @file
/// Sweeps: many run configurations, each costed on many GPUs. Each configuration is lowered once and the
/// lowered run is costed on every GPU (lower_run, predict), optionally on several threads.
#ifndef ROOFCAST_MODEL_SWEEP_HPP
#define ROOFCAST_MODEL_SWEEP_HPP

#include <roofcast/detail/parallel.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace roofcast {

/// One configuration of a sweep: a workload (not owned) and a run.
struct sweep_point {
    /// The workload; it must outlive the sweep.
    const workload* source = nullptr;
    /// The run.
    run_config config;
};

/// The outcome of one (configuration, GPU) pair: a prediction, or why there is none.
struct sweep_result {
    /// The prediction, when the run is valid on the GPU.
    std::optional<prediction> result;
    /// The error message otherwise (invalid run, precision the GPU lacks, no batch fits, ...).
    std::string error;
};

/// A grid of configurations: every workload × precision × sequence length × batch, each a copy of `base`
/// with those four set (a sequence length of 0 keeps `base`'s).
struct sweep_grid {
    /// The workloads; not owned, they must outlive the sweep.
    std::vector<const workload*> workloads;
    /// Precisions.
    std::vector<roofcast::precision> precisions;
    /// Sequence lengths (0: the run's own).
    std::vector<long long> seq_lens{0};
    /// Batches.
    std::vector<long long> batches{1};
    /// Everything else about the runs.
    run_config base;
};

/// Largest number of (configuration, GPU) pairs one sweep computes: every result is kept until the end,
/// so a larger grid is refused rather than run out of memory.
inline constexpr double max_sweep_pairs = 1e6;

/// The points of `grid`, workload-major, then precision, sequence length and batch; throws input_error when
/// a list is empty or the grid on `gpus` GPUs exceeds max_sweep_pairs.
inline std::vector<sweep_point> sweep_points(const sweep_grid& grid, std::size_t gpus) {
    if (gpus == 0 || grid.workloads.empty() || grid.precisions.empty() || grid.seq_lens.empty() ||
        grid.batches.empty()) {
        throw input_error("sweep needs at least one GPU, workload, precision, sequence length and batch");
    }
    const double pairs = static_cast<double>(grid.workloads.size()) * static_cast<double>(grid.precisions.size()) *
                         static_cast<double>(grid.seq_lens.size()) * static_cast<double>(grid.batches.size()) *
                         static_cast<double>(gpus);
    if (pairs > max_sweep_pairs) {
        char n[32];
        std::snprintf(n, sizeof n, "%.4g", pairs);
        throw input_error(std::string("sweep: ") + n +
                          " combinations, more than 1e6; use fewer GPUs, workloads, precisions, batches or "
                          "sequence lengths, or several sweeps");
    }
    std::vector<sweep_point> points;
    for (const workload* w : grid.workloads) {
        for (roofcast::precision p : grid.precisions) {
            for (long long s : grid.seq_lens) {
                for (long long b : grid.batches) {
                    run_config c = grid.base;
                    c.precision = p;
                    c.batch = b;
                    c.seq_len = s > 0 ? s : c.seq_len;
                    points.push_back({w, c});
                }
            }
        }
    }
    return points;
}

/// A finished sweep: its points, the GPUs' names and the point-major results (results[i · gpus.size() + j]
/// is point i on GPU j).
struct sweep_report {
    /// The configurations.
    std::vector<sweep_point> points;
    /// GPU names.
    std::vector<std::string> gpus;
    /// One outcome per (point, GPU).
    std::vector<sweep_result> results;
};

/// The number of (point, GPU) pairs of `r` without a prediction.
inline std::size_t sweep_failures(const sweep_report& r) {
    return static_cast<std::size_t>(
        std::count_if(r.results.begin(), r.results.end(), [](const sweep_result& x) { return !x.result; }));
}

/// The error of the first pair of `r` without a prediction ("" when every pair has one).
inline std::string first_sweep_error(const sweep_report& r) {
    for (const sweep_result& x : r.results) {
        if (!x.result) {
            return x.error;
        }
    }
    return "";
}

/// How a sweep runs.
struct sweep_options {
    /// Worker threads (1: the calling thread only). The results do not depend on it.
    int threads = 1;
    /// When set, incremented once per finished (configuration, GPU) pair, for a progress display read
    /// from another thread.
    std::atomic<std::size_t>* progress = nullptr;
};

/// Predicts every point of `points` on every GPU of `gpus` with parameters `p`. The result has
/// points.size() × gpus.size() entries, point-major: result[i · gpus.size() + j] is point i on GPU j.
/// A roofcast::error of one pair is recorded in its result and the sweep goes on; other exceptions propagate.
inline std::vector<sweep_result> sweep(const std::vector<sweep_point>& points, const std::vector<const gpu_spec*>& gpus,
                                       const cost_params& p = default_params(), const sweep_options& o = {}) {
    if (o.threads < 1) {
        throw input_error("sweep: threads must be at least 1, got " + std::to_string(o.threads));
    }
    std::vector<sweep_result> out(points.size() * gpus.size());
    auto run_point = [&](std::size_t i) {
        sweep_result* row = &out[i * gpus.size()];
        std::optional<lowered_run> lowered;
        std::string lowering_error;
        try {
            lowered = lower_run(*points[i].source, points[i].config);
        } catch (const error& e) {
            lowering_error = e.what();
        }
        for (std::size_t j = 0; j < gpus.size(); ++j) {
            if (!lowered) {
                row[j].error = lowering_error;
            } else {
                try {
                    row[j].result = predict(*lowered, *gpus[j], p);
                } catch (const error& e) {
                    row[j].error = e.what();
                }
            }
            if (o.progress) {
                ++*o.progress;
            }
        }
    };
    detail::parallel_for(points.size(), std::min<int>(o.threads, 1024), run_point);
    return out;
}

}  // namespace roofcast

#endif
