/// @file
/// How far to trust a prediction: the likely range from calibration residuals, and a note when the query
/// lies outside what the model was calibrated on.
#ifndef ROOFCAST_MODEL_CONFIDENCE_HPP
#define ROOFCAST_MODEL_CONFIDENCE_HPP

#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/software.hpp>
#include <roofcast/workload/workload.hpp>

#include <optional>
#include <string>
#include <utility>

namespace roofcast {

/// The likely range of a kind of run without data to set it: 0.67 to 1.5 times the predicted time.
inline constexpr std::pair<double, double> default_error_band{0.67, 1.5};

/// The (low, high) factors on predicted time for runs of `kind`: the calibration's 10th and 90th
/// percentiles of measured/predicted time; without calibration data for the kind, (0.67, 1.5).
inline std::pair<double, double> error_band(const cost_params& p, const std::string& kind) {
    const auto it = p.error_bands.find(kind);
    return it != p.error_bands.end() ? it->second : default_error_band;
}

/// A sentence when the run is outside what `p` was calibrated on (the GPU's architecture family has no calibrated
/// GEMM efficiency for the run's math type, or the framework's profile was not calibrated) or outside what the model
/// runs (a sequence longer than the transformer's context, max_seq).
inline std::optional<std::string> extrapolation_note(const cost_params& p, const gpu_spec& g, const run_plan& plan) {
    static const cost_params prior = prior_params();  // constant data, built once
    const run_config& c = plan.config;
    const precision_types& t = plan.types;
    const auto a = static_cast<std::size_t>(g.arch);
    const auto d = static_cast<std::size_t>(t.math);
    std::string note;
    if (p.family[a].gemm_efficiency[d] == prior.family[a].gemm_efficiency[d]) {
        note = "no " + std::string(params(g.arch).display_name) + " " + to_string(t.math) +
               " measurements were calibrated: its GEMM efficiency is the prior";
    }
    const std::size_t i = plan.profile;
    if (i < p.profile.size()) {
        const profile_params& q = p.profile[i];
        const profile_params& q0 = prior.profile[i];
        if (q.host_overhead_us == q0.host_overhead_us && q.gemm_multiplier == q0.gemm_multiplier &&
            q.fusion == q0.fusion && q.step_overhead_us == q0.step_overhead_us &&
            q.call_overhead_us == q0.call_overhead_us) {
            note += std::string(note.empty() ? "" : "; ") + "framework '" + c.framework +
                    "' was not calibrated: its overheads are the priors";
        }
    }
    const transformer_config* source = plan.source != nullptr ? transformer_of(*plan.source) : nullptr;
    if (source != nullptr && source->max_seq > 0) {
        const transformer_config& tf = *source;
        const bool generates = c.mode == mode::infer && tf.kind != transformer_kind::encoder && c.gen_len > 0;
        const long long tokens = generates ? c.prompt_len + c.gen_len : c.seq_len;
        if (tokens > tf.max_seq && tf.encoder_positions == 0) {
            note += std::string(note.empty() ? "" : "; ") + std::to_string(tokens) + " tokens a sequence (" +
                    (generates ? "prompt + generated" : "seq-len") + ") exceed " + tf.name + "'s context of " +
                    std::to_string(tf.max_seq);
        }
    }
    if (note.empty()) {
        return std::nullopt;
    }
    return note;
}

}  // namespace roofcast

#endif
