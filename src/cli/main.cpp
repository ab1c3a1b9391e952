// The `roofcast` command: parses arguments, calls the library, prints text, JSON or CSV.
// Exit status: 0 success; 1 a check failed (check-spec found a mismatch); 2 bad input or usage.
#include <roofcast/io/gpu_toml.hpp>
#include <roofcast/io/json.hpp>
#include <roofcast/roofcast.hpp>

#include <CLI/CLI.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

/// Options every command shares.
struct common_options {
    std::string format = "text";
    std::vector<std::string> gpu_files;
};

/// The built-in catalog plus the user's --gpu-file descriptions (which replace same-named GPUs).
rc::model_catalog load_catalog(const common_options& opt) {
    rc::model_catalog c = rc::catalog();
    for (const std::string& f : opt.gpu_files) {
        std::vector<std::string> warnings;
        c.add_gpu(rc::load_gpu_file(f, &warnings));
        for (const auto& w : warnings) {
            std::cerr << "roofcast: warning: " << w << '\n';
        }
    }
    return c;
}

void add_common(CLI::App* cmd, common_options& opt, const std::vector<std::string>& formats) {
    cmd->add_option("--format", opt.format, "Output format")->check(CLI::IsMember(formats))->capture_default_str();
    cmd->add_option("--gpu-file", opt.gpu_files,
                    "GPU description TOML to add to the catalog or to replace a catalog GPU of the same name "
                    "(repeatable)")
        ->check(CLI::ExistingFile);
}

int cmd_gpus(const common_options& opt) {
    const rc::model_catalog c = load_catalog(opt);
    if (opt.format == "json") {
        std::cout << nlohmann::json{{"gpus", c.gpus()}}.dump(2) << '\n';
    } else if (opt.format == "csv") {
        std::cout << rc::gpu_overview_table(c.gpus()).to_csv();
    } else {
        std::cout << rc::gpu_overview_table(c.gpus()).to_text();
        std::cout << "\n"
                  << c.gpus().size()
                  << " GPUs. Peaks are dense, derived from architecture parameters; 'datasheet' compares them "
                     "with the vendor's claims (2% tolerance). Details: roofcast gpu NAME\n";
    }
    return 0;
}

int print_gpu(const rc::gpu_spec& g, const std::string& format) {
    if (format == "json") {
        std::cout << nlohmann::json(g).dump(2) << '\n';
    } else if (format == "csv") {
        std::cout << rc::peak_table(g).to_csv();
    } else {
        std::cout << rc::describe(g);
    }
    return 0;
}

int cmd_gpu(const common_options& opt, const std::string& name) {
    const rc::model_catalog c = load_catalog(opt);
    return print_gpu(c.gpu(name), opt.format);
}

int cmd_check_spec(const common_options& opt, const std::string& file) {
    std::vector<std::string> warnings;
    const rc::gpu_spec g = rc::load_gpu_file(file, &warnings);
    for (const auto& w : warnings) {
        std::cerr << "roofcast: warning: " << w << '\n';
    }
    print_gpu(g, opt.format);
    if (!rc::datasheet_consistent(g)) {
        std::cerr << "roofcast: " << file << ": derived values disagree with the datasheet claims by more than "
                  << rc::datasheet_tolerance * 100 << "%\n";
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"roofcast " ROOFCAST_VERSION_STRING
                 " — predicts deep-learning time and memory on NVIDIA GPUs from their architecture parameters"};
    app.set_version_flag("--version", ROOFCAST_VERSION_STRING);
    app.require_subcommand(1);
    app.fallthrough(false);

    common_options opt;
    std::string name;
    std::string file;

    CLI::App* gpus = app.add_subcommand("gpus", "List the GPU catalog with derived peaks and datasheet checks");
    add_common(gpus, opt, {"text", "json", "csv"});

    CLI::App* gpu = app.add_subcommand("gpu", "Show one GPU: parameters, derived peaks, datasheet check");
    gpu->add_option("name", name, "GPU name or alias (case-insensitive)")->required();
    add_common(gpu, opt, {"text", "json", "csv"});

    CLI::App* check = app.add_subcommand(
        "check-spec", "Check a GPU description file: derived peaks vs its datasheet claims (exit 1 on mismatch)");
    check->add_option("file", file, "GPU description TOML (docs/gpu-format.md)")->required();
    check->add_option("--format", opt.format, "Output format")
        ->check(CLI::IsMember({"text", "json", "csv"}))
        ->capture_default_str();

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "roofcast: error: " << e.what() << " (see roofcast --help)\n";
        return 2;
    }

    try {
        if (*gpus) {
            return cmd_gpus(opt);
        }
        if (*gpu) {
            return cmd_gpu(opt, name);
        }
        if (*check) {
            return cmd_check_spec(opt, file);
        }
    } catch (const rc::error& e) {
        std::cerr << "roofcast: error: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "roofcast: internal error: " << e.what() << '\n';
        return 3;
    }
    return 2;
}
