// `roofcast gpus`: the GPU catalog, one row per GPU with derived peaks and the datasheet verdict.
#include "../cli.hpp"

namespace roofcast {
namespace cli {

command add_gpus(CLI::App& app) {
    auto opt = std::make_shared<common_options>();
    CLI::App* cmd = app.add_subcommand("gpus", "List the GPU catalog with derived peaks and datasheet checks");
    add_common(cmd, *opt, {"text", "json", "csv"}, params_option::none);
    return {cmd, [opt] { return print(gpu_list{load_catalog(*opt).gpus()}, opt->format); }};
}

}  // namespace cli
}  // namespace roofcast
