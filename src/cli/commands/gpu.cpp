// `roofcast gpu NAME`: one GPU's parameters, derived peaks and datasheet check.
#include "../cli.hpp"

namespace roofcast {
namespace cli {

namespace {

struct gpu_options {
    common_options common;
    std::string name;
};

}  // namespace

command add_gpu(CLI::App& app) {
    auto opt = std::make_shared<gpu_options>();
    CLI::App* cmd = app.add_subcommand("gpu", "Show one GPU: parameters, derived peaks, datasheet check");
    cmd->add_option("name", opt->name, "GPU name or alias (case-insensitive)")->required();
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::none);
    return {cmd, [opt] { return print(gpu_or_slice(load_catalog(opt->common), opt->name), opt->common.format); }};
}

}  // namespace cli
}  // namespace roofcast
