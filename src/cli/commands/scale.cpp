// `roofcast scale`: data-parallel scaling of one run from one replica to --max-gpus GPUs.
#include "../cli.hpp"

#include "../validators.hpp"

namespace roofcast {
namespace cli {

namespace {

struct scale_options {
    common_options common;
    std::string gpu;
    std::string workload;
    int max_gpus = 64;
    run_config run;
};

int run(const scale_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    return print(scale(run_workload(c, opt.workload, opt.common, opt.run), gpu_or_slice(c, opt.gpu), opt.run,
                       opt.max_gpus, load_params(opt.common)),
                 opt.common.format);
}

}  // namespace

command add_scale(CLI::App& app) {
    auto opt = std::make_shared<scale_options>();
    CLI::App* cmd = app.add_subcommand("scale", "Speedup and efficiency of data-parallel scaling from 1 to N GPUs");
    cmd->add_option("--gpu", opt->gpu, "GPU name or alias (a MIG slice: NAME:PROFILE)")->required();
    cmd->add_option("--workload", opt->workload, "Workload name (roofcast workloads)")->required();
    cmd->add_option("--max-gpus", opt->max_gpus, "Largest GPU count (powers of two up to it)")
        ->check(in_range(1, run_limits::max_gpus))
        ->capture_default_str();
    bind_run_options(cmd, opt->run, option_effect::both, {"num-gpus", "nodes"});
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::bound);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
