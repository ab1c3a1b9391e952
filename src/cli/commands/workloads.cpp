// `roofcast workloads`: the workload catalog.
#include "../cli.hpp"

namespace roofcast {
namespace cli {

command add_workloads(CLI::App& app) {
    auto opt = std::make_shared<common_options>();
    CLI::App* cmd = app.add_subcommand("workloads", "List the workload catalog");
    add_common(cmd, *opt, {"text", "json", "csv"}, params_option::none);
    return {cmd, [opt] { return print(workload_list{load_catalog(*opt).workloads()}, opt->format); }};
}

}  // namespace cli
}  // namespace roofcast
