/// @file
/// What a workload is: its parameters and the work of one forward pass, per sample (CNNs) or per token
/// (transformers), and a CNN's weighted layers.
#ifndef ROOFCAST_MODEL_SUMMARY_HPP
#define ROOFCAST_MODEL_SUMMARY_HPP

#include <roofcast/model/lower_workload.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/workload/workload.hpp>

#include <optional>
#include <string>
#include <vector>

namespace roofcast {

/// A workload's size and work.
struct workload_summary {
    /// The workload; not owned, it must outlive the summary.
    const workload* source = nullptr;
    /// Trainable parameters.
    double parameters = 0.0;
    /// FLOPs of one forward pass per sample (CNNs, at the network's input size) or per token (transformers,
    /// a forward pass over the model's default sequence length, with the output projection on every token).
    double forward_flops = 0.0;
    /// What forward_flops is per: "sample", or "token (forward, seq N)".
    std::string flops_per;
    /// Transformers: about 3 × the forward FLOPs per token (backward computes two GEMMs per forward GEMM).
    std::optional<double> training_flops_per_token;
};

/// The summary of `w`: its forward FLOPs from the lowering itself (an FP16 inference pass of batch 1),
/// so they include every kernel the cost model prices.
inline workload_summary summarize(const workload& w) {
    workload_summary s;
    s.source = &w;
    s.parameters = parameters(w);
    run_config c;
    c.mode = mode::infer;
    c.precision = precision::fp16;
    c.gen_len = 0;
    const run_plan p = resolve(w, c);
    if (p.cnn) {
        for (const kernel& k : lower_cnn(p, 1, kernel_names::folded).kernels) {
            s.forward_flops += k.work.value() * k.count;
        }
        s.flops_per = "sample";
        return s;
    }
    const transformer_pass& pass = p.passes[0];
    for (const kernel& k : lower_transformer(p, pass).kernels) {
        s.forward_flops += k.work.value() * k.count / static_cast<double>(pass.seq_q);
    }
    s.flops_per = "token (forward, seq " + std::to_string(pass.seq_q) + ")";
    s.training_flops_per_token = 3.0 * s.forward_flops;
    return s;
}

}  // namespace roofcast

#endif
