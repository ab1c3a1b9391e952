// `roofcast predict`: one run on one GPU type: time, throughput, bound, memory, breakdown, likely range.
#include "../cli.hpp"

namespace roofcast {
namespace cli {

namespace {

struct predict_options {
    common_options common;
    std::string gpu;
    std::string workload;
    run_config run;
};

int run(const predict_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    const prediction p = predict(run_workload(c, opt.workload, opt.common, opt.run), gpu_or_slice(c, opt.gpu), opt.run,
                                 load_params(opt.common));
    return print(p, opt.common.format);
}

}  // namespace

command add_predict(CLI::App& app) {
    auto opt = std::make_shared<predict_options>();
    CLI::App* cmd =
        app.add_subcommand("predict", "Predict time, throughput, bound and memory of one run on one GPU type");
    cmd->add_option("--gpu", opt->gpu, "GPU name or alias (a MIG slice: NAME:PROFILE)")->required();
    cmd->add_option("--workload", opt->workload,
                    "Workload name (roofcast workloads); may be left out with a single --workload-file");
    bind_run_options(cmd, opt->run, option_effect::both);
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::bound);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
