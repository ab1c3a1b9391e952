// `roofcast roofline`: a GPU's roofline, with a workload's kernel classes as points; --svg writes the picture.
#include "../cli.hpp"

namespace roofcast {
namespace cli {

namespace {

struct roofline_options {
    common_options common;
    std::string gpu;
    std::string workload;
    std::string svg;
    run_config run;
};

int run(const roofline_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    const gpu_spec g = gpu_or_slice(c, opt.gpu);
    std::vector<roofline_point> points;
    if (!opt.workload.empty()) {
        points = roofline_points(predict(c.workload_named(opt.workload), g, opt.run, load_params(opt.common)));
    }
    const roofline_report r{make_roofline(g, points), opt.svg};
    if (!opt.svg.empty()) {
        write_file(opt.svg, to_svg(r.chart));
    }
    return print(r, opt.common.format);
}

}  // namespace

command add_roofline(CLI::App& app) {
    auto opt = std::make_shared<roofline_options>();
    CLI::App* cmd = app.add_subcommand(
        "roofline", "The roofline of a GPU: one ceiling per precision, the bandwidth slope; --svg writes the picture");
    cmd->add_option("--gpu", opt->gpu, "GPU name or alias (a MIG slice: NAME:PROFILE)")->required();
    cmd->add_option("--svg", opt->svg, "SVG file to write");
    cmd->add_option("--workload", opt->workload, "Workload whose kernel classes to draw (roofcast workloads)");
    bind_run_options(cmd, opt->run, option_effect::both);
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::bound);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
