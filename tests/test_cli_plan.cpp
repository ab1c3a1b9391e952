// `roofcast plan train` and `roofcast plan serve` through the real executable: the acceptance commands of issue 15,
// their JSON and CSV, a length distribution from a file, and bad input (exit 2, one clear line on stderr).
#include "cli_runner.hpp"

#include <nlohmann/json.hpp>

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace {

using run_result = roofcast_tests::cli_result;

run_result roofcast(const std::string& args) {
    return roofcast_tests::run_roofcast(args);
}

using roofcast_tests::json_of;

/// Checks that `args` fails with exit status 2 and a message on stderr containing `text`.
void fails_with(const std::string& args, const std::string& text) {
    const run_result r = roofcast(args);
    CAPTURE(args);
    CAPTURE(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find(text) != std::string::npos);
    CHECK(r.err.find("internal error") == std::string::npos);
}

const std::string train_acceptance =
    "plan train --workload llama2-70b --precision amp-bf16 --seq-len 4096 --global-batch 1024 --tokens 2e12 "
    "--gpus A100-SXM4-80GB,H100-SXM5-80GB --max-gpus 2048 --price-per-hour 1.8,3.0";

const std::string serve_acceptance =
    "plan serve --workload llama3-70b --precision fp8 --rate 20 --prompt-len 2048 --gen-len 256 --ttft-p99 2 "
    "--tpot-p99 0.05 --gpus H100-SXM5-80GB,H200-SXM-141GB,L40S";

}  // namespace

TEST_CASE("plan --help lists train and serve") {
    const run_result r = roofcast("plan --help");
    CHECK(r.status == 0);
    CHECK(r.out.find("\n  train ") != std::string::npos);
    CHECK(r.out.find("\n  serve ") != std::string::npos);
    const run_result none = roofcast("plan");
    CHECK(none.status == 2);
    CHECK(none.err.find("subcommand") != std::string::npos);
}

TEST_CASE("plan train: the acceptance command lists valid, fitting layouts cheapest first") {
    const nlohmann::json j = json_of(roofcast(train_acceptance + " --format json"));
    CHECK(j["objective"] == "cost");              // with prices, by default
    CHECK(j["steps"].get<double>() == 476838.0);  // ceil(2e12 / (1024 x 4096))
    CHECK(j["layouts"].get<std::size_t>() >= 10000);
    REQUIRE(j["options"].size() == 10);
    double previous = 0.0;
    for (const auto& o : j["options"]) {
        CAPTURE(o.dump());
        CHECK(o["tp"].get<int>() * o["pp"].get<int>() * o["dp"].get<int>() == o["num_gpus"].get<int>());
        CHECK(o["num_gpus"].get<int>() <= 2048);
        CHECK(o["memory_bytes"].get<double>() <= o["capacity_bytes"].get<double>());
        CHECK(o["fits"] == true);
        CHECK(o["micro_batch"].get<long long>() * o["micro_batches"].get<long long>() * o["dp"].get<long long>() ==
              1024);
        const double price = o["gpu"] == "H100-SXM5-80GB" ? 3.0 : 1.8;
        CHECK(o["cost_usd"].get<double>() ==
              doctest::Approx(price * o["num_gpus"].get<double>() * o["time_s"].get<double>() / 3600.0));
        CHECK(o["cost_usd"].get<double>() >= previous);
        previous = o["cost_usd"].get<double>();
    }
    REQUIRE(!j["rejected"].empty());
    for (const auto& x : j["rejected"]) {
        CHECK(x["reason"] == "does not fit");
        CHECK(x["memory_bytes"].get<double>() > x["capacity_bytes"].get<double>());
        CHECK(x["num_gpus"].get<int>() < j["options"][0]["num_gpus"].get<int>());
    }
}

TEST_CASE("plan train: each option's likely range is predict's for its layout") {
    const nlohmann::json j = json_of(roofcast(train_acceptance + " --format json --top 3"));
    REQUIRE(j["options"].size() == 3);
    for (const auto& o : j["options"]) {
        CAPTURE(o.dump());
        const double time = o["time_s"].get<double>(), low = o["likely_range"]["low_s"].get<double>(),
                     high = o["likely_range"]["high_s"].get<double>();
        CHECK(low <= time);
        CHECK(high > time);
        // predict of the same layout: one step's likely range, as factors of its time, is the option's.
        const std::string layout =
            " --tp " + std::to_string(o["tp"].get<int>()) + " --pp " + std::to_string(o["pp"].get<int>()) +
            " --num-gpus " + std::to_string(o["num_gpus"].get<int>()) + " --zero " +
            std::to_string(o["zero"].get<int>()) + " --recompute " + o["recompute"].get<std::string>() + " --batch " +
            std::to_string(o["micro_batch"].get<long long>());
        const nlohmann::json p = json_of(roofcast("predict --gpu " + o["gpu"].get<std::string>() +
                                                  " --workload llama2-70b --mode train --precision amp-bf16"
                                                  " --seq-len 4096 --format json" +
                                                  layout));
        const double step = p["time_s"].get<double>();
        CHECK(low / time == doctest::Approx(p["likely_range"]["low"].get<double>() / step));
        CHECK(high / time == doctest::Approx(p["likely_range"]["high"].get<double>() / step));
        // Cost is price x GPUs x time: its likely range scales with the time's.
        const double cost = o["cost_usd"].get<double>();
        CHECK(o["likely_cost_usd"]["low"].get<double>() == doctest::Approx(cost * low / time));
        CHECK(o["likely_cost_usd"]["high"].get<double>() == doctest::Approx(cost * high / time));
    }
    const run_result text = roofcast(train_acceptance + " --top 1 --wide");
    REQUIRE(text.status == 0);
    CHECK(text.out.find("likely time") != std::string::npos);
    CHECK(text.out.find("likely cost") != std::string::npos);
    CHECK(text.out.find(" (likely ") != std::string::npos);  // the best of each GPU type
}

TEST_CASE("plan train: text and CSV") {
    const run_result text = roofcast(train_acceptance);
    REQUIRE(text.status == 0);
    CHECK(text.out.find("ranked by cost; no deadline, no budget") != std::string::npos);
    CHECK(text.out.find("why the others are not plans:") != std::string::npos);
    CHECK(text.out.find(": does not fit: no layout does; the smallest takes") != std::string::npos);
    const run_result csv = roofcast(train_acceptance + " --format csv --top 3");
    REQUIRE(csv.status == 0);
    CHECK(csv.out.rfind("status,rank,gpu,num_gpus,tp,pp,dp,zero,recompute,micro_batch,micro_batches,", 0) == 0);
    CHECK(csv.out.find(",time_s,time_likely_low_s,time_likely_high_s,cost_usd,cost_likely_low_usd,"
                       "cost_likely_high_usd,") != std::string::npos);
    CHECK(csv.out.find("\nplan,1,") != std::string::npos);
    CHECK(csv.out.find("\nplan,3,") != std::string::npos);
    CHECK(csv.out.find("\nplan,4,") == std::string::npos);
    CHECK(csv.out.find("\ndoes not fit,,") != std::string::npos);
}

TEST_CASE("plan train: a deadline and a budget") {
    const nlohmann::json j = json_of(roofcast(train_acceptance + " --deadline-days 60 --format json"));
    REQUIRE(!j["options"].empty());
    CHECK(j["deadline_s"].get<double>() == 60.0 * 86400.0);
    for (const auto& o : j["options"]) {
        CHECK(o["time_s"].get<double>() <= 60.0 * 86400.0);
    }
    bool late = false;
    for (const auto& x : j["rejected"]) {
        if (x["reason"] == "misses the deadline") {
            late = true;
            CHECK(x["time_s"].get<double>() > 60.0 * 86400.0);
        }
    }
    CHECK(late);
    const double cheapest = j["options"][0]["cost_usd"].get<double>();
    const run_result none = roofcast(train_acceptance + " --deadline-days 60 --budget " +
                                     std::to_string(static_cast<long long>(cheapest * 0.9)));
    REQUIRE(none.status == 0);
    CHECK(none.out.find("no layout fits and meets the limits") != std::string::npos);
    CHECK(none.out.find("over budget") != std::string::npos);
}

TEST_CASE("plan serve: the acceptance command answers per GPU type or says why not") {
    const nlohmann::json j = json_of(roofcast(serve_acceptance + " --format json"));
    CHECK(j["precision"] == "fp8");
    bool h100 = false, h200 = false, l40s_tp1 = false;
    for (const auto& o : j["options"]) {
        CAPTURE(o.dump());
        if (o["feasible"] == true) {
            CHECK(o["replicas"].get<long long>() * o["tp"].get<long long>() == o["num_gpus"].get<long long>());
            CHECK(o["ttft_p99_s"].get<double>() <= 2.0);
            CHECK(o["tpot_p99_s"].get<double>() <= 0.05);
            CHECK(o["batch"].get<long long>() <= o["kv_batch"].get<long long>());
            CHECK(o["utilization"].get<double>() <= 1.0);
            h100 = h100 || o["gpu"] == "H100-SXM5-80GB";
            h200 = h200 || o["gpu"] == "H200-SXM-141GB";
        } else if (o["gpu"] == "L40S" && o["tp"] == 1) {
            // 70.6 B parameters in FP8 are 65.7 GiB of weights; an L40S has 45 GiB usable.
            l40s_tp1 = o["unmet"].get<std::string>().find("does not fit") == 0;
        }
    }
    CHECK(h100);
    CHECK(h200);
    CHECK(l40s_tp1);
}

TEST_CASE("plan serve: text, CSV and prices") {
    const run_result text = roofcast(serve_acceptance + " --price-per-hour 3,3.8,1.2");
    REQUIRE(text.status == 0);
    CHECK(text.out.find("best per GPU type:") != std::string::npos);
    CHECK(text.out.find("per 1M output tokens") != std::string::npos);
    CHECK(text.out.find("L40S, tp 1: does not fit") != std::string::npos);
    const run_result csv = roofcast(serve_acceptance + " --format csv");
    REQUIRE(csv.status == 0);
    CHECK(csv.out.rfind("gpu,tp,feasible,replicas,num_gpus,batch,batch_limit,kv_batch,", 0) == 0);
    CHECK(csv.out.find("\nL40S,1,false,") != std::string::npos);
}

TEST_CASE("plan serve: request lengths from a file") {
    const std::string path = "/tmp/roofcast-plan-lengths.csv";
    {
        std::ofstream f(path);
        f << "prompt_len,gen_len\n100,10\n300,30\n";
    }
    const nlohmann::json j = json_of(roofcast("plan serve --workload llama3-8b --precision fp16 --rate 2 --lengths " +
                                              path + " --gpus H100-SXM5-80GB --tp 1 --format json"));
    CHECK(j["samples"] == 2);
    CHECK(j["decode_prompt"] == 250);
    CHECK(j["decode_gen"] == 25);
    {
        std::ofstream f(path);
        f << "prompt_len,gen_len\n100,0\n";
    }
    fails_with("plan serve --workload llama3-8b --rate 2 --lengths " + path + " --gpus H100-SXM5-80GB",
               path + ":2: gen_len: '0' is not a whole number of tokens");
    std::remove(path.c_str());
}

TEST_CASE("plan: bad input fails with exit 2 and one clear line") {
    fails_with("plan train --workload gpt2 --global-batch 8 --tokens 1e9 --gpus NOPE", "unknown GPU 'NOPE'");
    fails_with("plan serve --workload gpt2 --rate 1 --prompt-len 10 --gen-len 10 --gpus NOPE", "unknown GPU 'NOPE'");
    fails_with("plan serve --workload llama3-8b --rate 0 --prompt-len 10 --gen-len 10 --gpus L4",
               "rate must be a positive number");
    fails_with("plan serve --workload llama3-8b --rate -1 --prompt-len 10 --gen-len 10 --gpus L4", "--rate");
    fails_with("plan serve --workload llama3-8b --rate nan --prompt-len 10 --gen-len 10 --gpus L4",
               "is not a finite decimal number");
    fails_with("plan serve --workload llama3-8b --rate 1 --gpus L4", "give --prompt-len and --gen-len");
    fails_with("plan serve --workload bert-large --rate 1 --prompt-len 10 --gen-len 10 --gpus L4",
               "serving plans are for decoders");
    fails_with("plan serve --workload llama3-8b --rate 1 --prompt-len 10 --gen-len 10 --gpus L4 --tpot-p99 0",
               "tpot-p99 must be a positive");
    fails_with("plan train --workload gpt2 --global-batch 8 --tokens 1e9 --samples 5 --gpus L4", "excludes");
    fails_with("plan train --workload gpt2 --global-batch 8 --gpus L4", "give tokens or samples");
    fails_with("plan train --workload gpt2 --global-batch 8 --tokens 0 --gpus L4", "tokens must be a positive number");
    fails_with("plan train --workload gpt2 --global-batch 8 --tokens 1e9 --gpus L4 --objective cost",
               "needs a price per GPU-hour");
    fails_with("plan train --workload gpt2 --global-batch 8 --tokens 1e9 --gpus L4,T4 --price-per-hour 1,2,3",
               "one price per GPU type");
    fails_with("plan train --workload gpt2 --global-batch 0 --tokens 1e9 --gpus L4", "--global-batch");
    fails_with("plan train --workload gpt2 --global-batch 8 --tokens 1e9 --gpus L4 --precision int8",
               "is for inference");
    fails_with("plan train --workload resnet50 --global-batch 8 --tokens 1e9 --gpus L4", "is a CNN");
}
