// The capacity planner (examples/capacity_planner, built against the installed roofcast by the test
// example_capacity_planner_builds_against_install) is run here, and its choice is checked by brute force: the
// same configurations are predicted with roofcast::predict, their training time and cost computed from the
// step time, and no feasible configuration may be cheaper than the one it chose.
#include <roofcast/report/prediction_report.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include "cli_runner.hpp"

#include <sys/wait.h>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace rc = roofcast;

namespace {

using run_result = roofcast_tests::cli_result;

/// Standard output and exit status of the capacity planner run with `args`.
run_result run(const std::string& args) {
    return roofcast_tests::run_command(std::string(ROOFCAST_CAPACITY_PLANNER) + " " + args);
}

/// The prices of the example's CSV file, read independently of the planner: "gpu,usd" lines after a header,
/// '#' comments.
std::vector<std::pair<std::string, double>> csv_prices() {
    std::ifstream in(ROOFCAST_CAPACITY_PRICES);
    REQUIRE(in);
    std::vector<std::pair<std::string, double>> out;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        if (header) {
            CHECK(line == "gpu,usd_per_gpu_hour");
            header = false;
            continue;
        }
        const auto comma = line.find(',');
        REQUIRE(comma != std::string::npos);
        out.emplace_back(line.substr(0, comma), std::stod(line.substr(comma + 1)));
    }
    return out;
}

/// One training question, as the planner's arguments and as the test sees it.
struct question {
    std::string workload;
    double samples = 0.0;
    double epochs = 1.0;
    double deadline_hours = 1.0;
    long long batch = 32;
    long long seq_len = 0;
    int max_gpus = 64;
    std::vector<std::pair<std::string, double>> prices;
};

/// A configuration's training time and cost, from the predicted step time: epochs × samples / (batch × GPUs)
/// steps, each of the predicted time, on GPUs priced per hour.
struct outcome {
    std::string gpu;
    int gpus = 1;
    double hours = 0.0;
    double cost = 0.0;
    bool feasible = false;
};

std::vector<outcome> brute_force(const question& q) {
    const rc::workload& w = rc::catalog().workload_named(q.workload);
    std::vector<outcome> all;
    for (const auto& [name, usd] : q.prices) {
        const rc::gpu_spec& g = rc::catalog().gpu(name);
        for (int n = 1; n <= q.max_gpus; n *= 2) {
            rc::run_config c;
            c.mode = rc::mode::train;
            c.precision = rc::precision::amp_fp16;
            c.batch = q.batch;
            c.seq_len = q.seq_len;
            c.num_gpus = n;
            const rc::prediction p = rc::predict(w, g, c);
            const double steps = q.epochs * q.samples / (static_cast<double>(q.batch) * n);
            outcome o{g.name, n, steps * p.time.value() / 3600.0, 0.0, false};
            o.cost = usd * n * o.hours;
            o.feasible = p.memory.fits() && o.hours <= q.deadline_hours;
            all.push_back(o);
        }
    }
    return all;
}

/// Relative agreement to the 6 significant digits the planner prints.
bool close(double printed, double exact) {
    return std::fabs(printed - exact) <= 1e-5 * std::fabs(exact);
}

/// Checks the planner's answer to `q` (run with `args`) against the brute force; returns the chosen outcome.
outcome check_choice(const question& q, const std::string& args) {
    const run_result r = run(args);
    CAPTURE(r.out);
    const std::vector<outcome> all = brute_force(q);
    // It lists every configuration it considered: each GPU priced, at 1, 2, 4, ... up to the largest count.
    std::size_t rows = 0;
    for (const outcome& o : all) {
        std::istringstream lines(r.out);
        std::string line;
        int found = 0;
        while (std::getline(lines, line)) {
            std::istringstream cells(line);
            std::string gpu;
            int n = 0;
            cells >> gpu >> n;
            found += gpu == o.gpu && n == o.gpus ? 1 : 0;
        }
        CHECK_MESSAGE(found == 1, o.gpus << " x " << o.gpu);
        ++rows;
    }
    CHECK(rows == q.prices.size() * static_cast<std::size_t>(std::log2(q.max_gpus) + 1));
    // The target throughput is the dataset over the deadline.
    std::ostringstream target;
    target << "target throughput ";
    const std::size_t at = r.out.find(target.str());
    REQUIRE(at != std::string::npos);
    CHECK(close(std::stod(r.out.substr(at + target.str().size())), q.samples * q.epochs / (q.deadline_hours * 3600.0)));
    // The choice: "chosen: N x GPU, batch B per GPU: H h, $C".
    double cheapest = std::numeric_limits<double>::infinity();
    for (const outcome& o : all) {
        cheapest = o.feasible ? std::min(cheapest, o.cost) : cheapest;
    }
    const std::size_t c = r.out.find("chosen: ");
    if (!std::isfinite(cheapest)) {
        CHECK(r.status == 1);
        CHECK(c == std::string::npos);
        CHECK(r.out.find("none of the " + std::to_string(all.size()) + " configurations meets the deadline") !=
              std::string::npos);
        return {};
    }
    CHECK(r.status == 0);
    REQUIRE(c != std::string::npos);
    std::istringstream line(r.out.substr(c + 8));
    outcome chosen;
    std::string x, batch_word, per, gpu_word, h, dollar_cost;
    long long batch = 0;
    line >> chosen.gpus >> x >> chosen.gpu >> batch_word >> batch >> per >> gpu_word >> chosen.hours >> h >>
        dollar_cost;
    REQUIRE(chosen.gpu.size() > 1);
    chosen.gpu.pop_back();  // the comma
    CHECK(x == "x");
    CHECK(batch == q.batch);
    REQUIRE(dollar_cost.size() > 1);
    chosen.cost = std::stod(dollar_cost.substr(1));
    // It is one of the configurations, feasible, with the time and cost roofcast::predict gives ...
    bool matched = false;
    for (const outcome& o : all) {
        if (o.gpu == chosen.gpu && o.gpus == chosen.gpus) {
            matched = true;
            CHECK(o.feasible);
            CHECK(close(chosen.hours, o.hours));
            CHECK(close(chosen.cost, o.cost));
            chosen.feasible = o.feasible;
        }
    }
    CHECK(matched);
    // ... and no feasible configuration is cheaper.
    CHECK(close(chosen.cost, cheapest));
    for (const outcome& o : all) {
        CHECK_MESSAGE(!(o.feasible && o.cost < chosen.cost * (1.0 - 1e-5)), o.gpus << " x " << o.gpu);
    }
    return chosen;
}

}  // namespace

TEST_CASE("ResNet-50 on ImageNet-1k, 90 epochs in a day, prices from the example's CSV") {
    question q;
    q.workload = "resnet50";
    q.samples = 1281167;
    q.epochs = 90;
    q.deadline_hours = 24;
    q.batch = 256;
    q.prices = csv_prices();
    REQUIRE(q.prices.size() == 8);
    const outcome o = check_choice(q,
                                   "--workload resnet50 --samples 1281167 --epochs 90 --deadline-hours 24 "
                                   "--batch 256 --prices " ROOFCAST_CAPACITY_PRICES);
    CHECK(o.feasible);
}

TEST_CASE("GPT-2 on 9 billion tokens in two days, prices on the command line, a later price replacing an earlier one") {
    question q;
    q.workload = "gpt2";
    q.seq_len = 1024;
    q.samples = 9e9 / 1024;  // sequences of 1024 tokens
    q.epochs = 1;
    q.deadline_hours = 48;
    q.batch = 16;
    q.max_gpus = 16;
    q.prices = {{"L4", 0.8}, {"A100-SXM4-80GB", 2.0}, {"H100-SXM5-80GB", 2.2}};
    const outcome o = check_choice(q,
                                   "--workload gpt2 --tokens 9e9 --seq-len 1024 --epochs 1 --deadline-hours 48 "
                                   "--batch 16 --max-gpus 16 --price L4=0.8 --price A100-SXM4-80GB=2 "
                                   "--price H100-SXM5-80GB=3 --price H100-SXM5-80GB=2.2");
    CHECK(o.feasible);
}

TEST_CASE("a deadline nothing meets: exit 1, no choice") {
    question q;
    q.workload = "resnet50";
    q.samples = 1281167;
    q.epochs = 90;
    q.deadline_hours = 0.01;
    q.batch = 256;
    q.max_gpus = 4;
    q.prices = {{"A100-SXM4-40GB", 1.6}};
    check_choice(q,
                 "--workload resnet50 --samples 1281167 --epochs 90 --deadline-hours 0.01 --batch 256 "
                 "--max-gpus 4 --price A100-SXM4-40GB=1.6");
}

TEST_CASE("bad arguments: exit 2") {
    CHECK(run("").status == 2);
    CHECK(run("--workload resnet50 --samples 1000 --epochs 1 --deadline-hours 1").status == 2);  // no price
    CHECK(run("--workload resnet50 --tokens 1e9 --epochs 1 --deadline-hours 1 --price A40=1").status == 2);
    CHECK(run("--workload resnet50 --samples 1e6 --epochs 1 --deadline-hours 1 --price A40=-1").status == 2);
    CHECK(run("--workload resnet50 --samples 1e6 --epochs 1 --deadline-hours 1 --price no-such-gpu=1").status == 2);
    CHECK(run("--workload resnet50 --samples 1e6 --epochs 1 --deadline-hours 1 --prices /nonexistent").status == 2);
}
