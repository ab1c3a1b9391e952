// `roofcast max-batch`: the largest batch that fits one GPU, the footprint item by item, and what would make
// it fit when nothing does. Only the options that change the footprint are taken.
#include "../cli.hpp"

namespace roofcast {
namespace cli {

namespace {

struct max_batch_options {
    common_options common;
    std::string gpu;
    std::string workload;
    run_config run;
};

int run(const max_batch_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    return print(find_max_batch(run_workload(c, opt.workload, opt.common, opt.run), gpu_or_slice(c, opt.gpu), opt.run),
                 opt.common.format);
}

}  // namespace

command add_max_batch(CLI::App& app) {
    auto opt = std::make_shared<max_batch_options>();
    CLI::App* cmd = app.add_subcommand("max-batch",
                                       "The largest batch that fits one GPU, the footprint item by item, and what "
                                       "would make it fit when nothing does");
    cmd->add_option("--gpu", opt->gpu, "GPU name or alias (a MIG slice: NAME:PROFILE)")->required();
    cmd->add_option("--workload", opt->workload,
                    "Workload name (roofcast workloads); may be left out with a single --workload-file");
    bind_run_options(cmd, opt->run, option_effect::memory, {"batch"});
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::none);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
