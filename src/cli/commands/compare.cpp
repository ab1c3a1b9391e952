// `roofcast compare`: one run on several GPU types side by side, ranked by time, cost or energy.
#include "../cli.hpp"

#include "../validators.hpp"

namespace roofcast {
namespace cli {

namespace {

struct compare_options {
    common_options common;
    std::string gpus;
    std::string workload;
    std::string prices;
    std::string objective = "time";
    run_config run;
};

int run(const compare_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    std::vector<gpu_spec> specs;
    for (const std::string& name : split_list(opt.gpus)) {
        specs.push_back(gpu_or_slice(c, name));
    }
    if (specs.empty()) {
        throw input_error("--gpus needs at least one GPU name");
    }
    const std::vector<std::reference_wrapper<const gpu_spec>> gpus(specs.begin(), specs.end());
    const comparison cmp =
        compare(run_workload(c, opt.workload, opt.common, opt.run), gpus, opt.run, load_params(opt.common),
                parse_prices(opt.prices), *parse_named(all_objectives, opt.objective));
    return print(cmp, opt.common.format);
}

}  // namespace

command add_compare(CLI::App& app) {
    auto opt = std::make_shared<compare_options>();
    CLI::App* cmd = app.add_subcommand("compare", "Predict one run on several GPU types, side by side, with ratios");
    cmd->add_option("--gpus", opt->gpus, "Comma-separated GPU names (a MIG slice: NAME:PROFILE)")->required();
    cmd->add_option("--workload", opt->workload, "Workload name (roofcast workloads)")->required();
    cmd->add_option("--objective", opt->objective, "Rank by time, cost (needs --price-per-hour) or energy")
        ->check(one_of({"time", "cost", "energy"}))
        ->capture_default_str();
    bind_run_options(cmd, opt->run, option_effect::both, {"price-per-hour"});
    cmd->add_option("--price-per-hour", opt->prices, "USD per GPU-hour: one per GPU, comma-separated, or one for all");
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::bound);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
