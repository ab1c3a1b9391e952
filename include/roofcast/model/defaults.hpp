/// @file
/// The shipped cost-model parameters: the calibration of models/calibration/default.toml, compiled in.
#ifndef ROOFCAST_MODEL_DEFAULTS_HPP
#define ROOFCAST_MODEL_DEFAULTS_HPP

#include <roofcast/detail/default_params.hpp>
#include <roofcast/model/params.hpp>

#include <string>

namespace roofcast {

namespace detail {

/// The priors with the shipped calibrated values applied.
inline cost_params make_default_params() {
    cost_params p = prior_params();
    const auto reg = parameter_registry(p);
    for (const auto& [name, value] : default_param_values) {
        for (const param_ref& r : reg) {
            if (r.name == name) {
                *r.value = value;
            }
        }
    }
    for (const auto& [kind, low, high] : default_error_bands) {
        p.error_bands[std::string(kind)] = {low, high};
    }
    p.origin = std::string(default_params_origin);
    return p;
}

}  // namespace detail

/// The parameters roofcast uses unless told otherwise (`--params FILE`): the shipped calibration.
inline const cost_params& default_params() {
    static const cost_params p = detail::make_default_params();
    return p;
}

}  // namespace roofcast

#endif
