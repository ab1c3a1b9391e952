// The `roofcast` command: one CLI11 subcommand per file in src/cli/commands/; each parses its options, calls
// the library and prints the result it returns (cli.hpp).
// Exit status: 0 success; 1 a check failed (check-spec found a mismatch); 2 bad input or usage (validate and
// calibrate: after the full report, when a row was skipped); 3 an internal error.
#include "cli.hpp"
#include "validators.hpp"

#include <iostream>
#include <vector>

int main(int argc, char** argv) {
    namespace cli = roofcast::cli;
    CLI::App app{"roofcast " ROOFCAST_VERSION_STRING
                 " — predicts deep-learning time and memory on NVIDIA GPUs from their architecture parameters"};
    app.set_version_flag("--version", ROOFCAST_VERSION_STRING);
    app.require_subcommand(1);
    app.fallthrough(false);
    const std::vector<cli::command> commands = {
        cli::add_gpus(app),      cli::add_gpu(app),       cli::add_check_spec(app), cli::add_predict(app),
        cli::add_compare(app),   cli::add_max_batch(app), cli::add_scale(app),      cli::add_sweep(app),
        cli::add_workloads(app), cli::add_workload(app),  cli::add_roofline(app),   cli::add_validate(app),
        cli::add_calibrate(app), cli::add_plan(app)};
    try {
        app.parse(argc, argv);
        for (const cli::command& c : commands) {
            if (*c.app) {
                return c.run();
            }
        }
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "roofcast: error: " << e.what() << roofcast::cli::suggestion(app, argc, argv)
                  << " (see roofcast --help)\n";
        return 2;
    } catch (const roofcast::error& e) {
        std::cerr << "roofcast: error: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "roofcast: internal error: " << e.what() << '\n';
        return 3;
    }
    return 2;
}
