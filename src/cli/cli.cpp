// The helpers the commands share (cli.hpp).
#include "cli.hpp"

#include <roofcast/io/gpu_toml.hpp>
#include <roofcast/io/hf_config.hpp>
#include <roofcast/io/onnx.hpp>
#include <roofcast/io/params_toml.hpp>
#include <roofcast/io/workload_toml.hpp>

#include "validators.hpp"

#include <fstream>

namespace roofcast {
namespace cli {

namespace {

void warn(const std::vector<std::string>& warnings) {
    for (const std::string& w : warnings) {
        std::cerr << "roofcast: warning: " << w << '\n';
    }
}

/// A workload file by its extension: `.onnx` an ONNX graph (its unmapped operators as warnings), any other as
/// load_workload_file reads it.
workload read_workload_file(const std::string& path, const diagnostic_sink& warnings) {
    if (!detail::has_extension(path, ".onnx")) {
        return load_workload_file(path, warnings);
    }
#ifdef ROOFCAST_HAVE_ONNX
    onnx_import imported = import_onnx(path);
    for (std::string& line : imported.warnings()) {
        warnings.warn(std::move(line));
    }
    imported.model.origin = path;
    return std::move(imported.model);
#else
    throw input_error("cannot read '" + path +
                      "': this roofcast was built without ONNX support (configure with -DROOFCAST_WITH_ONNX=ON "
                      "and Debian's libonnx-dev)");
#endif
}

/// The CLI11 validator of a run option: its range (integers, reals) or its choices.
CLI::Validator check_of(const run_option& o) {
    switch (o.kind) {
        case option_kind::integer: return in_range(static_cast<long long>(o.lo), static_cast<long long>(o.hi));
        case option_kind::real: return in_range(o.lo, o.hi);
        case option_kind::choice: {
            std::vector<std::string> names;
            std::string all(o.choices);
            for (std::size_t at = 0, bar = 0; at <= all.size(); at = bar + 1) {
                bar = std::min(all.find('|', at), all.size());
                names.push_back(all.substr(at, bar - at));
            }
            return one_of(names);
        }
        case option_kind::name:
        case option_kind::flag: break;
    }
    return CLI::Validator();
}

}  // namespace

void add_wide(CLI::App* cmd) {
    cmd->add_flag_callback(
        "--wide", [] { text_width() = 0; },
        "Text tables with every column (by default they fit 100 columns, leaving out the ones they name)");
}

void add_common(CLI::App* cmd, common_options& opt, const std::vector<std::string>& formats, params_option params) {
    if (params == params_option::bound) {
        cmd->add_option("--params", opt.params_file, "Cost-model parameters TOML (default: the shipped calibration)")
            ->check(CLI::ExistingFile);
    }
    cmd->add_option("--format", opt.format, "Output format")->check(one_of(formats))->capture_default_str();
    if (std::find(formats.begin(), formats.end(), "text") != formats.end()) {
        add_wide(cmd);
    }
    cmd->add_option("--gpu-file", opt.gpu_files,
                    "GPU description TOML to add to the catalog or to replace a catalog GPU of the same name "
                    "(repeatable)")
        ->check(CLI::ExistingFile);
    cmd->add_option("--workload-file", opt.workload_files,
                    "Transformer description (roofcast TOML, or a Hugging Face config.json) to add to the catalog or "
                    "to replace a workload of the same name (repeatable; docs/workload-format.md)")
        ->check(CLI::ExistingFile);
}

void bind_run_options(CLI::App* cmd, run_config& cfg, option_effect effects, const std::vector<std::string>& except) {
    const auto wanted = static_cast<unsigned>(effects);
    for (const run_option& o : run_options()) {
        if ((static_cast<unsigned>(o.effect) & wanted) == 0 ||
            std::find(except.begin(), except.end(), std::string(o.name)) != except.end()) {
            continue;
        }
        const std::string flag = "--" + std::string(o.name);
        const run_option* opt = &o;
        if (o.kind == option_kind::flag) {
            cmd->add_flag_callback(
                flag, [&cfg, opt] { opt->set(cfg, "true"); }, std::string(o.help));
            continue;
        }
        cmd->add_option_function<std::string>(
               flag, [&cfg, opt](const std::string& v) { opt->set(cfg, v); }, std::string(o.help))
            ->check(check_of(o));
    }
}

model_catalog load_catalog(const common_options& opt) {
    model_catalog c = catalog();
    for (const std::string& f : opt.gpu_files) {
        std::vector<std::string> warnings;
        c.add_gpu(load_gpu_file(f, collect_into(warnings)));
        warn(warnings);
    }
    for (const std::string& f : opt.workload_files) {
        std::vector<std::string> warnings;
        workload w = read_workload_file(f, collect_into(warnings));
        const std::vector<std::string> clashes = c.add_workload(std::move(w));
        warnings.insert(warnings.end(), clashes.begin(), clashes.end());
        warn(warnings);
    }
    return c;
}

std::string workload_name(const std::string& given, const common_options& opt) {
    if (!given.empty()) {
        return given;
    }
    if (opt.workload_files.size() != 1) {
        throw input_error("--workload is required unless exactly one --workload-file is given");
    }
    return read_workload_file(opt.workload_files.front(), {}).name;
}

const workload& run_workload(const model_catalog& c, const std::string& given, const common_options& opt,
                             const run_config& run) {
    const workload& w = c.workload_named(workload_name(given, opt));
    std::vector<std::string> unused = unused_options(run, w);
    for (std::string& u : unused) {
        u = "--" + u;
    }
    warn(unused);
    return w;
}

cost_params load_params(const common_options& opt) {
    if (opt.params_file.empty()) {
        return default_params();
    }
    std::vector<std::string> warnings;
    cost_params p = load_params_file(opt.params_file, collect_into(warnings));
    warn(warnings);
    return p;
}

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    for (char ch : s + ",") {
        if (ch != ',') {
            cur += ch;
        } else if (!cur.empty()) {
            out.push_back(std::move(cur));
            cur.clear();
        }
    }
    return out;
}

std::vector<gpu_spec> gpus_of(const model_catalog& c, const std::string& list) {
    if (list == "all") {
        return c.gpus();
    }
    std::vector<gpu_spec> out;
    for (const std::string& name : split_list(list)) {
        out.push_back(gpu_or_slice(c, name));
    }
    if (out.empty()) {
        throw input_error("--gpus needs at least one GPU name, or all");
    }
    return out;
}

std::vector<long long> parse_counts(const std::string& option, const std::string& s, long long lo, long long hi) {
    auto number = [&](const std::string& item) {
        std::size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != item.size() || v < lo || v > hi) {
            throw input_error(option + ": '" + item + "' is not a whole number between " + std::to_string(lo) +
                              " and " + format_number(static_cast<double>(hi), 3));
        }
        return v;
    };
    if (s.find(':') == std::string::npos) {
        std::vector<long long> out;
        for (const std::string& item : split_list(s)) {
            out.push_back(number(item));
        }
        return out;
    }
    std::vector<std::string> parts;
    for (std::size_t at = 0, colon = 0; at <= s.size(); at = colon + 1) {
        colon = std::min(s.find(':', at), s.size());
        parts.push_back(s.substr(at, colon - at));
    }
    if (parts.size() < 2 || parts.size() > 3) {
        throw input_error(option + ": a range is A:B or A:B:STEP, got '" + s + "'");
    }
    const long long a = number(parts[0]), b = number(parts[1]), step = parts.size() == 3 ? number(parts[2]) : 1;
    if (b < a) {
        throw input_error(option + ": empty range '" + s + "'");
    }
    if ((b - a) / step > 10000000) {
        throw input_error(option + ": range '" + s + "' has more than 1e7 values");
    }
    std::vector<long long> out;
    for (long long v = a; v <= b; v += step) {
        out.push_back(v);
    }
    return out;
}

std::vector<double> parse_prices(const std::string& s) {
    std::vector<double> out;
    for (const std::string& item : split_list(s)) {
        run_config probe;
        try {
            find_run_option("price-per-hour").set(probe, item);
            validate(probe);
        } catch (const input_error&) {
            throw input_error("--price-per-hour: '" + item + "' is not a positive price in USD per GPU-hour");
        }
        out.push_back(*probe.price_per_hour);
    }
    return out;
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    if (!(out << text) || !out.flush()) {
        throw input_error("cannot write '" + path + "'");
    }
}

}  // namespace cli
}  // namespace roofcast
