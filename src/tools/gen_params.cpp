// Generates include/roofcast/detail/default_params.hpp from models/calibration/default.toml.
// Usage: roofcast-gen-params OUTPUT.hpp PARAMS.toml
// The TOML file (written by `roofcast calibrate`) is the single source of truth for the shipped
// parameters; the header lets the library use them with no files and no TOML parser at run time.
#include "generator.hpp"

#include <roofcast/io/params_toml.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: roofcast-gen-params OUTPUT.hpp PARAMS.toml\n";
        return 2;
    }
    roofcast::cost_params p;
    try {
        std::vector<std::string> warnings;
        p = roofcast::load_params_file(argv[2], roofcast::collect_into(warnings));
        for (const auto& w : warnings) {
            std::cerr << "error: " << w << '\n';
        }
        if (!warnings.empty()) {
            return 1;
        }
    } catch (const roofcast::error& e) {
        std::cerr << "error: " << e.what() << '\n';
        return 1;
    }
    roofcast::cost_params prior = roofcast::prior_params();
    const auto reg = roofcast::parameter_registry(p);
    const auto prior_reg = roofcast::parameter_registry(prior);
    std::ostringstream o;
    o << "// clang-format off\n"
         "/// @file\n"
         "/// The shipped (calibrated) cost-model parameters. GENERATED from models/calibration/default.toml by\n"
         "/// roofcast-gen-params (`cmake --build build --target regenerate-params`); do not edit by hand.\n"
         "#ifndef ROOFCAST_DETAIL_DEFAULT_PARAMS_HPP\n#define ROOFCAST_DETAIL_DEFAULT_PARAMS_HPP\n\n"
         "#include <array>\n#include <string_view>\n#include <tuple>\n#include <utility>\n\n"
         "namespace roofcast {\nnamespace detail {\n\n"
         "/// Where the shipped parameters come from.\n"
         "inline constexpr std::string_view default_params_origin = \""
      << p.origin << "\";\n\n";
    std::vector<std::pair<std::string, double>> changed;
    for (std::size_t i = 0; i < reg.size(); ++i) {
        if (*reg[i].value != *prior_reg[i].value) {
            changed.emplace_back(reg[i].name, *reg[i].value);
        }
    }
    o << "/// Parameters whose shipped value differs from the prior: (registry name, value).\n"
         "inline constexpr std::array<std::pair<std::string_view, double>, "
      << changed.size() << "> default_param_values = {{\n";
    for (const auto& [name, v] : changed) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", v);
        o << "    {\"" << name << "\", " << buf << "},\n";
    }
    o << "}};\n\n/// The likely range of each kind of run: (kind, low, high).\n"
         "inline constexpr std::array<std::tuple<std::string_view, double, double>, "
      << p.error_bands.size() << "> default_error_bands = {{\n";
    for (const auto& [kind, band] : p.error_bands) {
        char lo[64], hi[64];
        std::snprintf(lo, sizeof lo, "%.17g", band.first);
        std::snprintf(hi, sizeof hi, "%.17g", band.second);
        o << "    {\"" << kind << "\", " << lo << ", " << hi << "},\n";
    }
    o << "}};\n\n}  // namespace detail\n}  // namespace roofcast\n\n#endif\n";
    return roofcast_gen::write_output(argv[1], o.str()) ? 0 : 1;
}
