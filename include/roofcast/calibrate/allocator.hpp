/// @file
/// The caching allocator's cache, measured: PyTorch's allocator keeps freed blocks cached, so what a run reserves
/// (torch.cuda.max_memory_reserved, Megatron's "max reserved", DeepSpeed's Max_CA) exceeds what it allocates
/// (max_memory_allocated) by fragmentation and cached free blocks while memory is ample. The ratio of the two,
/// printed by the same run, is a measurement of the allocator, not of the model: each framework's cache is the median
/// of its sources' medians (docs/memory.md, "Framework memory"), and the memory rows are predicted with the cache
/// measured without their source (allocator_held_out).
#ifndef ROOFCAST_CALIBRATE_ALLOCATOR_HPP
#define ROOFCAST_CALIBRATE_ALLOCATOR_HPP

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/catalog.hpp>
#include <roofcast/error.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/software.hpp>

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace roofcast {

/// One software profile's measured allocator cache.
struct allocator_fit {
    /// The software profile.
    std::string profile;
    /// Sources and rows of its own (reserved_to_allocated rows whose framework has this profile).
    std::size_t sources = 0, rows = 0;
    /// The cache it gets: max reserved / max allocated − 1.
    double cache = 0.0;
    /// Whether the cache is its own sources' (at least min_allocator_sources of them) or, with fewer, the
    /// median over every PyTorch-allocator source.
    bool own = false;
};

/// Sources a profile needs of its own before its cache is its own rather than the pooled PyTorch value: one
/// source is one person's runs, and a framework's allocation pattern is a property of the framework, not of a run.
inline constexpr std::size_t min_allocator_sources = 2;

/// Sets the allocator cache of every profile on PyTorch's caching allocator (runs_on_pytorch) in `params` from
/// the reserved_to_allocated rows of `data` (other rows, suspect rows and rows of source `leave_out` are ignored):
/// each source's median ratio − 1, then the median over a profile's sources where it has min_allocator_sources,
/// else the median over every PyTorch-allocator source. Profiles on other allocators keep their values, as do all
/// profiles when no row qualifies. Returns one entry per PyTorch-allocator profile.
inline std::vector<allocator_fit> fit_allocator_cache(const measurement_set& data, cost_params& params,
                                                      std::string_view leave_out = {}) {
    std::map<std::string, std::map<std::string, std::vector<double>>> by_profile;  // profile -> source -> ratio − 1
    for (const measurement& m : data.rows) {
        const std::string source = source_key(m);
        if (m.metric != "reserved_to_allocated" || m.suspect() || source == leave_out) {
            continue;
        }
        try {
            const std::string profile = detail::memory_profile(m);
            if (runs_on_pytorch(profile)) {
                by_profile[profile][source].push_back(m.value - 1.0);
            }
        } catch (const unsupported_error&) {  // a framework the memory model does not cover
        }
    }
    std::vector<double> pooled;
    std::map<std::string, std::vector<double>> own;  // profile -> its sources' medians
    for (const auto& [profile, sources] : by_profile) {
        for (const auto& [source, ratios] : sources) {
            own[profile].push_back(quantile(ratios, 0.5));
            pooled.push_back(own[profile].back());
        }
    }
    std::vector<allocator_fit> out;
    if (pooled.empty()) {
        return out;
    }
    const double pooled_median = quantile(pooled, 0.5);
    for (std::size_t i = 0; i < profile_names.size(); ++i) {
        if (!runs_on_pytorch(profile_names[i])) {
            continue;
        }
        allocator_fit f;
        f.profile = std::string(profile_names[i]);
        const auto it = by_profile.find(f.profile);
        if (it != by_profile.end()) {
            f.sources = it->second.size();
            for (const auto& [source, ratios] : it->second) {
                f.rows += ratios.size();
            }
        }
        f.own = f.sources >= min_allocator_sources;
        f.cache = f.own ? quantile(own[f.profile], 0.5) : pooled_median;
        params.profile[i].allocator_cache = f.cache;
        out.push_back(f);
    }
    return out;
}

/// The memory rows of `data` predicted as if each row's source were never seen: for each source, the allocator
/// cache is measured without it (fit_allocator_cache from `params`) and its rows predicted with that. The cache is
/// the memory rows' only measured parameter, so this is their leave-one-source-out accuracy.
inline validation_report allocator_held_out(const measurement_set& data, const model_catalog& cat,
                                            const cost_params& params) {
    // The prior caches where no row measures one, without a trace of the left-out source.
    cost_params base = params;
    const cost_params prior = prior_params();
    for (std::size_t i = 0; i < prior.profile.size(); ++i) {
        base.profile[i].allocator_cache = prior.profile[i].allocator_cache;
    }
    std::map<std::string, cost_params> without;
    return detail::report_rows(data, data.file + " (allocator cache measured without each row's source)",
                               [&](const measurement& m) {
                                   const std::string source = source_key(m);
                                   auto it = without.find(source);
                                   if (it == without.end()) {
                                       it = without.emplace(source, base).first;
                                       fit_allocator_cache(data, it->second, source);
                                   }
                                   return predict_row(m, cat, it->second);
                               });
}

}  // namespace roofcast

#endif
