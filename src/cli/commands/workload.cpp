// `roofcast workload NAME`: one workload's size, forward work and shape.
#include "../cli.hpp"

namespace roofcast {
namespace cli {

namespace {

struct workload_options {
    common_options common;
    std::string name;
};

int run(const workload_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    return print(summarize(c.workload_named(opt.name)), opt.common.format);
}

}  // namespace

command add_workload(CLI::App& app) {
    auto opt = std::make_shared<workload_options>();
    CLI::App* cmd = app.add_subcommand("workload", "Show one workload: parameters, FLOPs, layers");
    cmd->add_option("name", opt->name, "Workload name or alias")->required();
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::none);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
