/// @file
/// The catalog of known GPUs and workloads: built in (GPUs and transformers generated from models/*.toml,
/// CNNs built in C++) and extensible at run time.
#ifndef ROOFCAST_CATALOG_HPP
#define ROOFCAST_CATALOG_HPP

#include <roofcast/detail/builtin_gpus.hpp>
#include <roofcast/detail/builtin_transformers.hpp>
#include <roofcast/detail/names.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/mig.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/workload/cnn_models.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// A set of GPU descriptions and workloads, looked up by name or alias (case-insensitive, spaces and '_'
/// read as '-'). A plain value: copy the built-in catalog() and add your own GPUs and models to the copy.
class model_catalog {
public:
    /// An empty catalog.
    model_catalog() = default;

    /// A catalog of `gpus`; each is validated, and a later entry with the same name replaces an earlier one.
    explicit model_catalog(std::vector<gpu_spec> gpus) {
        for (gpu_spec& g : gpus) {
            add_gpu(std::move(g));
        }
    }

    /// Adds `g`, replacing a GPU of the same name. Throws input_error if `g` is invalid or one of its
    /// aliases names a different GPU.
    void add_gpu(gpu_spec g) {
        validate(g);
        for (const std::string& spelling : spellings_of(g)) {
            const gpu_spec* other = find_gpu(spelling);
            if (other != nullptr && detail::normalize_name(other->name) != detail::normalize_name(g.name)) {
                throw input_error("GPU '" + g.name + "' (" + g.origin + "): name or alias '" + spelling +
                                  "' already names GPU '" + other->name + "'");
            }
        }
        for (gpu_spec& existing : gpus_) {
            if (detail::normalize_name(existing.name) == detail::normalize_name(g.name)) {
                existing = std::move(g);
                return;
            }
        }
        gpus_.push_back(std::move(g));
    }

    /// All GPUs, in catalog order.
    const std::vector<gpu_spec>& gpus() const noexcept { return gpus_; }

    /// The GPU called `name` (or with that alias), or nullptr.
    const gpu_spec* find_gpu(std::string_view name) const {
        const std::string key = detail::normalize_name(name);
        for (const gpu_spec& g : gpus_) {
            for (const std::string& spelling : spellings_of(g)) {
                if (detail::normalize_name(spelling) == key) {
                    return &g;
                }
            }
        }
        return nullptr;
    }

    /// The GPU called `name`; throws unknown_name_error listing the closest names.
    const gpu_spec& gpu(std::string_view name) const {
        if (const gpu_spec* g = find_gpu(name)) {
            return *g;
        }
        throw unknown_name_error("GPU", std::string(name), closest_gpus(name));
    }

    /// The up to `n` GPU names closest to `name`.
    std::vector<std::string> closest_gpus(std::string_view name, std::size_t n = 3) const {
        std::vector<std::pair<std::string, std::string>> spellings;
        for (const gpu_spec& g : gpus_) {
            for (const std::string& s : spellings_of(g)) {
                spellings.emplace_back(s, g.name);
            }
        }
        return detail::closest_names(name, spellings, n);
    }

    /// Adds workload `w`, replacing one of the same name; returns a note for each name clash (empty when none).
    /// A workload added later owns every spelling it uses: a spelling that was another workload's alias is taken
    /// from that workload (a config.json in a directory called `Llama-2-7b-hf/` names the file, not the built-in
    /// llama2-7b), so a file is never shadowed by a built-in.
    std::vector<std::string> add_workload(workload w) {
        std::vector<std::string> notes;
        const std::vector<std::string> taken = workload_spellings(w);
        for (workload& other : workloads_) {
            if (detail::normalize_name(other.name) == detail::normalize_name(w.name)) {
                notes.push_back("workload '" + w.name + "' from " + w.origin + " replaces the " + other.origin +
                                " workload of that name");
                continue;
            }
            if (transformer_config* t = transformer_of(other)) {
                release_aliases(t->aliases, other, w, taken, notes);
            }
            for (const std::string& alias : taken) {
                if (alias != w.name && detail::normalize_name(alias) == detail::normalize_name(other.name)) {
                    notes.push_back("alias '" + alias + "' of workload '" + w.name + "' (" + w.origin +
                                    ") is the name of the " + other.origin + " workload, which it keeps naming");
                }
            }
        }
        for (workload& existing : workloads_) {
            if (detail::normalize_name(existing.name) == detail::normalize_name(w.name)) {
                existing = std::move(w);
                return notes;
            }
        }
        workloads_.push_back(std::move(w));
        return notes;
    }

    /// All workloads, in catalog order.
    const std::vector<workload>& workloads() const noexcept { return workloads_; }

    /// The workload called `name`, else the one with that alias, or nullptr.
    const workload* find_workload(std::string_view name) const {
        const std::string key = detail::normalize_name(name);
        for (const workload& w : workloads_) {
            if (detail::normalize_name(w.name) == key) {
                return &w;
            }
        }
        for (const workload& w : workloads_) {
            for (const std::string& s : workload_spellings(w)) {
                if (detail::normalize_name(s) == key) {
                    return &w;
                }
            }
        }
        return nullptr;
    }

    /// The workload called `name`; throws unknown_name_error listing the closest names.
    const workload& workload_named(std::string_view name) const {
        if (const workload* w = find_workload(name)) {
            return *w;
        }
        std::vector<std::pair<std::string, std::string>> spellings;
        for (const workload& w : workloads_) {
            for (const std::string& s : workload_spellings(w)) {
                spellings.emplace_back(s, w.name);
            }
        }
        throw unknown_name_error("workload", std::string(name), detail::closest_names(name, spellings));
    }

private:
    /// Removes from `aliases`, `other`'s, every spelling in `taken` (the spellings of `w`, added now), with a note
    /// each.
    static void release_aliases(std::vector<std::string>& aliases, const workload& other, const workload& w,
                                const std::vector<std::string>& taken, std::vector<std::string>& notes) {
        for (auto it = aliases.begin(); it != aliases.end();) {
            const std::string key = detail::normalize_name(*it);
            const bool clash = std::any_of(taken.begin(), taken.end(),
                                           [&key](const std::string& t) { return detail::normalize_name(t) == key; });
            if (!clash) {
                ++it;
                continue;
            }
            notes.push_back("'" + *it + "' now names workload '" + w.name + "' from " + w.origin + ", not the " +
                            other.origin + " workload '" + other.name + "' (still reachable as '" + other.name + "')");
            it = aliases.erase(it);
        }
    }

    static std::vector<std::string> workload_spellings(const workload& w) {
        std::vector<std::string> s{w.name};
        if (const transformer_config* t = transformer_of(w)) {
            s.insert(s.end(), t->aliases.begin(), t->aliases.end());
        }
        return s;
    }

    static std::vector<std::string> spellings_of(const gpu_spec& g) {
        std::vector<std::string> s{g.name};
        s.insert(s.end(), g.aliases.begin(), g.aliases.end());
        return s;
    }

    std::vector<gpu_spec> gpus_;
    std::vector<workload> workloads_;
};

namespace detail {

/// The built-in catalog's contents.
inline model_catalog make_builtin_catalog() {
    model_catalog c(builtin_gpus());
    for (const std::string& name : cnns::cnn_names()) {
        c.add_workload(make_workload(*cnns::make_cnn(name)));
    }
    for (transformer_config& t : builtin_transformers()) {
        c.add_workload(make_workload(std::move(t)));
    }
    return c;
}

}  // namespace detail

/// The built-in catalog: every GPU of models/gpus/, every CNN builder and every transformer of
/// models/workloads/, compiled in (no files needed at run time).
inline const model_catalog& catalog() {
    static const model_catalog built_in = detail::make_builtin_catalog();
    return built_in;
}

/// The GPU called `name` in `c`, or a MIG slice of one ("A100-SXM4-40GB:3g.20gb"); throws unknown_name_error
/// with the closest names for an unknown GPU or profile.
inline gpu_spec gpu_or_slice(const model_catalog& c, std::string_view name) {
    if (const auto parts = split_mig_name(name)) {
        return mig_slice(c.gpu(parts->first), parts->second);
    }
    return c.gpu(name);
}

}  // namespace roofcast

#endif
