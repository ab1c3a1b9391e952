// The batch-size planner, built only from roofcast's public API: for a model and a set of GPUs, the largest
// batch that fits each GPU, the throughput at powers of two up to it, and the batch to run at.
// examples/batch_planner.cpp prints it; tests/test_examples.cpp checks it against roofcast::predict.
#ifndef ROOFCAST_EXAMPLES_BATCH_PLANNER_HPP
#define ROOFCAST_EXAMPLES_BATCH_PLANNER_HPP

#include <roofcast/report/prediction_report.hpp>
#include <roofcast/roofcast.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace batch_plan {

/// One batch tried on one GPU and what roofcast predicts for it.
struct point {
    /// Samples per GPU.
    long long batch = 1;
    /// The prediction at that batch.
    roofcast::prediction prediction;
    /// Its main throughput (tokens/s for LLMs and transformer training with a sequence length, else samples/s).
    double throughput = 0.0;
};

/// The plan for one GPU.
struct gpu_plan {
    /// GPU name.
    std::string gpu;
    /// The largest batch that fits (0: not even batch 1).
    long long max_batch = 0;
    /// The largest item of the footprint at that batch: what limits it.
    std::string limiting_item;
    /// Powers of two below the largest batch, then the largest batch itself.
    std::vector<point> points;
    /// The batch of highest throughput among the points (0 when nothing fits).
    long long best_batch = 0;
    /// The smallest batch among the points within 5% of the best throughput.
    long long knee_batch = 0;
    /// The unit of `throughput`.
    std::string unit;
};

/// Fraction of the best throughput the knee batch reaches.
inline constexpr double knee_fraction = 0.95;

/// The batches tried when `max_batch` fits: 1, 2, 4, … below `max_batch`, then `max_batch`.
inline std::vector<long long> candidate_batches(long long max_batch) {
    std::vector<long long> b;
    for (long long v = 1; v < max_batch; v *= 2) {
        b.push_back(v);
    }
    if (max_batch > 0) {
        b.push_back(max_batch);
    }
    return b;
}

/// Plans run `cfg` (its batch is ignored) of `w` on `g`.
inline gpu_plan plan(const roofcast::workload& w, const roofcast::gpu_spec& g, const roofcast::run_config& cfg) {
    namespace rc = roofcast;
    gpu_plan out;
    out.gpu = g.name;
    const rc::batch_limit lim = rc::max_batch(w, g, cfg);
    out.max_batch = lim.max_batch;
    out.limiting_item = lim.limiting_item;
    double best = 0.0;
    for (long long b : candidate_batches(lim.max_batch)) {
        rc::run_config c = cfg;
        c.batch = b;
        point pt{b, rc::predict(w, g, c), 0.0};
        const auto [tp, unit] = rc::main_throughput(pt.prediction);
        pt.throughput = tp;
        out.unit = unit;
        if (tp > best) {
            best = tp;
            out.best_batch = b;
        }
        out.points.push_back(std::move(pt));
    }
    for (const point& pt : out.points) {
        if (pt.throughput >= knee_fraction * best) {
            out.knee_batch = pt.batch;
            break;
        }
    }
    return out;
}

/// One question: a title, a workload, a run and the GPUs to plan for.
struct scenario {
    /// What is planned, in words.
    std::string title;
    /// Workload name.
    std::string workload;
    /// The run (its batch is what is planned).
    roofcast::run_config config;
    /// GPU names.
    std::vector<std::string> gpus;
};

/// The scenarios planned when the example is run without arguments.
inline std::vector<scenario> default_scenarios() {
    namespace rc = roofcast;
    const std::vector<std::string> gpus{"A100-SXM4-40GB", "A40", "L40", "V100-SXM2-16GB"};
    std::vector<scenario> s;
    rc::run_config rn50;
    rn50.mode = rc::mode::train;
    rn50.precision = rc::precision::amp_fp16;
    s.push_back({"ResNet-50 training, amp-fp16, 224x224", "resnet50", rn50, gpus});
    rc::run_config bert;
    bert.mode = rc::mode::train;
    bert.precision = rc::precision::amp_fp16;
    bert.seq_len = 384;
    s.push_back({"BERT-Large fine-tuning, amp-fp16, seq 384", "bert-large", bert, gpus});
    rc::run_config llm;
    llm.mode = rc::mode::infer;
    llm.phase = rc::phase::e2e;
    llm.precision = rc::precision::fp16;
    llm.prompt_len = 512;
    llm.gen_len = 128;
    s.push_back({"LLaMA-2-7B generation, fp16, prompt 512 + 128 new tokens", "llama2-7b", llm, gpus});
    return s;
}

/// One GPU's plan as text: a headline, then one row per batch tried.
inline std::string to_text(const gpu_plan& p) {
    namespace rc = roofcast;
    std::ostringstream o;
    if (p.max_batch == 0) {
        o << p.gpu << ": does not fit even at batch 1 (largest item: " << p.limiting_item << ")\n";
        return o.str();
    }
    o << p.gpu << ": largest batch " << p.max_batch << " (limited by " << p.limiting_item
      << "); best throughput at batch " << p.best_batch << ", " << static_cast<int>(knee_fraction * 100)
      << "% of it from batch " << p.knee_batch << '\n';
    rc::text_table t({"batch", "time", "throughput", "memory", "bound"});
    for (const point& pt : p.points) {
        t.add_row({std::to_string(pt.batch), rc::to_string(pt.prediction.time), rc::si_prefixed(pt.throughput) + p.unit,
                   rc::to_string_binary(pt.prediction.memory.total()),
                   std::string(rc::to_string_view(pt.prediction.limiter))});
    }
    o << t.to_text();
    return o.str();
}

/// Plans every GPU of `s` and returns the text.
inline std::string report(const scenario& s, const roofcast::model_catalog& cat = roofcast::catalog()) {
    std::ostringstream o;
    o << "=== " << s.title << " ===\n\n";
    for (const std::string& g : s.gpus) {
        o << to_text(plan(cat.workload_named(s.workload), cat.gpu(g), s.config)) << '\n';
    }
    return o.str();
}

}  // namespace batch_plan

#endif
