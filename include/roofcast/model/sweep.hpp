/// @file
/// Sweeps: many run configurations, each costed on many GPUs. Each configuration is lowered once and the
/// lowered run is costed on every GPU (lower_run, predict), optionally on several threads.
#ifndef ROOFCAST_MODEL_SWEEP_HPP
#define ROOFCAST_MODEL_SWEEP_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <thread>
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
    std::atomic<std::size_t> next{0};
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
    std::exception_ptr failure;
    std::atomic<bool> failed{false};
    auto worker = [&] {
        try {
            for (std::size_t i = next++; i < points.size() && !failed; i = next++) {
                run_point(i);
            }
        } catch (...) {
            if (!failed.exchange(true)) {
                failure = std::current_exception();
            }
        }
    };
    std::vector<std::thread> pool;
    const auto extra = static_cast<std::size_t>(std::min<int>(o.threads, 1024) - 1);
    pool.reserve(extra);
    for (std::size_t t = 0; t < extra; ++t) {
        pool.emplace_back(worker);
    }
    worker();
    for (std::thread& t : pool) {
        t.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
    return out;
}

}  // namespace roofcast

#endif
