// Capacity planner: the cheapest GPU type and count that trains a model on a dataset before a deadline.
//
// A program outside roofcast's tree, built against an installed roofcast (find_package(roofcast)). For each
// GPU type with a price and each count 1, 2, 4, ... up to --max-gpus (data parallel, the same batch per GPU),
// it predicts the training time and cost with roofcast::predict, keeps the configurations that fit in memory
// and finish before the deadline (that is, reach the target throughput), and picks the cheapest; ties go to
// the faster, then to fewer GPUs.
//
//   capacity_planner --workload resnet50 --samples 1281167 --epochs 90 --deadline-hours 24
//                    --batch 256 --prices prices.csv [--price A100-SXM4-80GB=1.9 ...]
//
// Options (README.md): --workload NAME, --samples N or --tokens N, --epochs E, --deadline-hours H,
// --prices FILE and/or --price GPU=USD, --batch B (32), --seq-len L, --precision P (amp-fp16),
// --framework F (pytorch), --zero Z (0), --max-gpus N (64).
//
// Exit status: 0 a configuration was chosen; 1 none meets the deadline; 2 bad arguments or input.
#include <roofcast/report/prediction_report.hpp>
#include <roofcast/roofcast.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace rc = roofcast;

namespace {

/// What the user asks for.
struct options {
    std::string workload;
    double samples = 0.0;
    double tokens = 0.0;
    double epochs = 1.0;
    double deadline_hours = 0.0;
    std::string precision = "amp-fp16";
    long long batch = 32;
    long long seq_len = 0;
    int max_gpus = 64;
    int zero = 0;
    std::string framework = "pytorch";
    /// (GPU name, USD per GPU-hour), from --prices then --price (a later price replaces an earlier one).
    std::vector<std::pair<std::string, double>> prices;
};

/// One configuration considered and its predicted time and cost for the whole training run.
struct candidate {
    std::string gpu;
    double price = 0.0;
    int gpus = 1;
    bool fits = false;
    double samples_per_s = 0.0;
    double hours = 0.0;
    double cost = 0.0;
    bool feasible = false;
    std::string note;
};

/// Throws input_error (exit status 2) with `message`.
[[noreturn]] void usage_error(const std::string& message) {
    throw rc::input_error(message);
}

/// A number in `text`, or a usage error naming `what`.
double number(const std::string& text, const std::string& what) {
    std::size_t used = 0;
    double v = 0.0;
    try {
        v = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || !(v >= 0.0)) {
        usage_error(what + ": '" + text + "' is not a non-negative number");
    }
    return v;
}

/// Adds or replaces the price of `gpu`.
void set_price(std::vector<std::pair<std::string, double>>& prices, const std::string& gpu, double usd) {
    if (!(usd > 0.0)) {
        usage_error("the price of " + gpu + " must be positive");
    }
    for (auto& p : prices) {
        if (p.first == gpu) {
            p.second = usd;
            return;
        }
    }
    prices.emplace_back(gpu, usd);
}

/// Reads a price file: lines "GPU,USD per GPU-hour"; '#' starts a comment; a header line "gpu,..." is skipped.
void read_prices(const std::string& path, std::vector<std::pair<std::string, double>>& prices) {
    std::ifstream in(path);
    if (!in) {
        usage_error("cannot read price file '" + path + "'");
    }
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        line = line.substr(0, line.find('#'));
        line.erase(std::remove_if(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\r'; }), line.end());
        if (line.empty() || line.rfind("gpu,", 0) == 0) {
            continue;
        }
        const auto comma = line.find(',');
        if (comma == std::string::npos || comma == 0) {
            usage_error(path + ":" + std::to_string(n) + ": expected GPU,USD_PER_GPU_HOUR");
        }
        set_price(prices, line.substr(0, comma), number(line.substr(comma + 1), path + ":" + std::to_string(n)));
    }
}

/// The options of the command line; throws input_error for a bad one.
options parse(int argc, char** argv) {
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i + 1 >= argc) {
            usage_error("option " + arg + " needs a value (see README.md)");
        }
        const std::string value = argv[++i];
        if (arg == "--workload") {
            o.workload = value;
        } else if (arg == "--samples") {
            o.samples = number(value, arg);
        } else if (arg == "--tokens") {
            o.tokens = number(value, arg);
        } else if (arg == "--epochs") {
            o.epochs = number(value, arg);
        } else if (arg == "--deadline-hours") {
            o.deadline_hours = number(value, arg);
        } else if (arg == "--precision") {
            o.precision = value;
        } else if (arg == "--batch") {
            o.batch = static_cast<long long>(number(value, arg));
        } else if (arg == "--seq-len") {
            o.seq_len = static_cast<long long>(number(value, arg));
        } else if (arg == "--max-gpus") {
            o.max_gpus = static_cast<int>(number(value, arg));
        } else if (arg == "--zero") {
            o.zero = static_cast<int>(number(value, arg));
        } else if (arg == "--framework") {
            o.framework = value;
        } else if (arg == "--prices") {
            read_prices(value, o.prices);
        } else if (arg == "--price") {
            const auto eq = value.find('=');
            if (eq == std::string::npos || eq == 0) {
                usage_error("--price takes GPU=USD_PER_GPU_HOUR, not '" + value + "'");
            }
            set_price(o.prices, value.substr(0, eq), number(value.substr(eq + 1), arg));
        } else {
            usage_error("unknown option " + arg);
        }
    }
    if (o.workload.empty() || (o.samples > 0.0) == (o.tokens > 0.0) || !(o.epochs > 0.0) || !(o.deadline_hours > 0.0) ||
        o.prices.empty() || o.batch < 1 || o.max_gpus < 1) {
        usage_error(
            "give --workload, one of --samples and --tokens, --epochs, --deadline-hours, a batch of at least 1 and "
            "at least one price (--prices FILE or --price GPU=USD)");
    }
    return o;
}

/// A number with 6 significant digits.
std::string g6(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

/// Considers every configuration, prints them cheapest first and the choice; 0 if one meets the deadline.
int run(const options& o) {
    const rc::workload& w = rc::catalog().workload_named(o.workload);
    const auto precision = rc::parse_precision(o.precision);
    if (!precision) {
        usage_error("unknown precision '" + o.precision + "'");
    }
    rc::run_config base;
    base.mode = rc::mode::train;
    base.precision = *precision;
    base.batch = o.batch;
    base.zero = o.zero;
    base.framework = o.framework;
    double samples = o.samples;
    if (const rc::transformer_config* t = rc::transformer_of(w)) {
        base.seq_len = o.seq_len > 0 ? o.seq_len : rc::default_seq_len(*t);
        if (o.tokens > 0.0) {
            samples = o.tokens / static_cast<double>(base.seq_len);
        }
    } else if (o.tokens > 0.0) {
        usage_error(w.name + " is a CNN: give its dataset in --samples (images)");
    }
    base.dataset_size = samples;
    const double target = samples * o.epochs / (o.deadline_hours * 3600.0);

    std::vector<candidate> all;
    for (const auto& [name, price] : o.prices) {
        const rc::gpu_spec& g = rc::catalog().gpu(name);
        for (int n = 1; n <= o.max_gpus; n *= 2) {
            candidate c;
            c.gpu = g.name;
            c.price = price;
            c.gpus = n;
            rc::run_config cfg = base;
            cfg.num_gpus = n;
            cfg.price_per_hour = price;
            try {
                const rc::prediction p = rc::predict(w, g, cfg);
                c.fits = p.memory.fits();
                c.samples_per_s = p.samples_per_s;
                c.hours = o.epochs * p.epoch_time->value() / 3600.0;
                c.cost = o.epochs * *p.epoch_cost_usd;
                c.feasible = c.fits && c.hours <= o.deadline_hours;
                c.note = !c.fits ? "no: does not fit" : c.feasible ? "yes" : "no: too slow";
            } catch (const rc::unsupported_error& e) {
                c.note = std::string("no: ") + e.what();
            }
            all.push_back(c);
        }
    }
    // Cheapest first; among equal costs the faster, then fewer GPUs. Configurations that cannot run go last.
    std::stable_sort(all.begin(), all.end(), [](const candidate& a, const candidate& b) {
        const bool ra = a.samples_per_s > 0.0, rb = b.samples_per_s > 0.0;
        if (ra != rb) {
            return ra;
        }
        if (a.cost != b.cost) {
            return a.cost < b.cost;
        }
        if (a.hours != b.hours) {
            return a.hours < b.hours;
        }
        return a.gpus < b.gpus;
    });

    std::cout << w.name << " training, " << o.precision << ", batch " << o.batch << " per GPU"
              << (base.seq_len > 0 ? ", seq " + std::to_string(base.seq_len) : "") << ": " << g6(samples)
              << " samples x " << g6(o.epochs) << " epochs within " << g6(o.deadline_hours) << " h\n"
              << "target throughput " << g6(target) << " samples/s\n\n";
    rc::text_table t({"gpu", "gpus", "samples/s", "hours", "cost USD", "USD/GPU-h", "meets deadline"});
    for (const candidate& c : all) {
        const bool ran = c.samples_per_s > 0.0;
        t.add_row({c.gpu, std::to_string(c.gpus), ran ? g6(c.samples_per_s) : "-", ran ? g6(c.hours) : "-",
                   ran ? g6(c.cost) : "-", g6(c.price), c.note});
    }
    std::cout << t.to_text() << '\n';
    const auto chosen = std::find_if(all.begin(), all.end(), [](const candidate& c) { return c.feasible; });
    if (chosen == all.end()) {
        std::cout << "none of the " << all.size() << " configurations meets the deadline\n";
        return 1;
    }
    std::cout << "chosen: " << chosen->gpus << " x " << chosen->gpu << ", batch " << o.batch
              << " per GPU: " << g6(chosen->hours) << " h, $" << g6(chosen->cost) << '\n';
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(parse(argc, argv));
    } catch (const rc::error& e) {
        std::cerr << "capacity_planner: " << e.what() << '\n';
        return 2;
    }
}
