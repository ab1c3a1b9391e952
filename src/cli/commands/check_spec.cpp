// `roofcast check-spec FILE`: a GPU description file checked against its own datasheet claims (exit 1 when a
// derived peak differs from a claim by more than the tolerance).
#include "../cli.hpp"

#include <roofcast/io/gpu_toml.hpp>

#include "../validators.hpp"

namespace roofcast {
namespace cli {

namespace {

struct check_spec_options {
    std::string format = "text";
    std::string file;
};

int run(const check_spec_options& opt) {
    std::vector<std::string> warnings;
    const gpu_spec g = load_gpu_file(opt.file, collect_into(warnings));
    for (const std::string& w : warnings) {
        std::cerr << "roofcast: warning: " << w << '\n';
    }
    print(g, opt.format);
    if (!datasheet_consistent(g)) {
        std::cerr << "roofcast: " << opt.file << ": derived values disagree with the datasheet claims by more than "
                  << datasheet_tolerance * 100 << "%\n";
        return 1;
    }
    return 0;
}

}  // namespace

command add_check_spec(CLI::App& app) {
    auto opt = std::make_shared<check_spec_options>();
    CLI::App* cmd = app.add_subcommand(
        "check-spec", "Check a GPU description file: derived peaks vs its datasheet claims (exit 1 on mismatch)");
    cmd->add_option("file", opt->file, "GPU description TOML (docs/gpu-format.md)")->required();
    cmd->add_option("--format", opt->format, "Output format")
        ->check(one_of({"text", "json", "csv"}))
        ->capture_default_str();
    add_wide(cmd);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
