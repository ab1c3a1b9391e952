/// @file
/// The catalog of known GPUs: built in (generated from models/gpus/*.toml) and extensible at run time.
#ifndef ROOFCAST_HARDWARE_CATALOG_HPP
#define ROOFCAST_HARDWARE_CATALOG_HPP

#include <roofcast/detail/builtin_gpus.hpp>
#include <roofcast/detail/names.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/validate.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// A set of GPU descriptions, looked up by name or alias (case-insensitive, spaces and '_' read as '-').
/// A plain value: copy the built-in catalog() and add your own GPUs to the copy.
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

private:
    static std::vector<std::string> spellings_of(const gpu_spec& g) {
        std::vector<std::string> s{g.name};
        s.insert(s.end(), g.aliases.begin(), g.aliases.end());
        return s;
    }

    std::vector<gpu_spec> gpus_;
};

/// The built-in catalog: every GPU of models/gpus/, compiled in (no files needed at run time).
inline const model_catalog& catalog() {
    static const model_catalog built_in(detail::builtin_gpus());
    return built_in;
}

}  // namespace roofcast

#endif
