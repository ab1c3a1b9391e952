// Batch-size planner: for a model and a set of GPUs, the largest batch that fits each GPU, the predicted
// throughput at powers of two up to it, and the batch that maximizes throughput (and the smallest batch
// within 5% of it, which costs less memory and latency for almost the same speed).
//
//   batch_planner                                    the default scenarios (ResNet-50, BERT-Large, LLaMA-2-7B)
//   batch_planner WORKLOAD MODE PRECISION GPU,GPU... one question, e.g. batch_planner gpt2 train amp-bf16
//   A100-SXM4-80GB,L4
#include "batch_planner.hpp"

#include <iostream>
#include <string>

namespace rc = roofcast;

namespace {

/// The GPU names of a comma-separated list.
std::vector<std::string> split(const std::string& list) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : list + ",") {
        if (c != ',') {
            cur += c;
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        if (argc == 1) {
            for (const batch_plan::scenario& s : batch_plan::default_scenarios()) {
                std::cout << batch_plan::report(s);
            }
            return 0;
        }
        if (argc != 5) {
            std::cerr << "usage: batch_planner [WORKLOAD train|infer PRECISION GPU[,GPU...]]\n";
            return 2;
        }
        const std::string mode = argv[2];
        if (mode != "train" && mode != "infer") {
            std::cerr << "batch_planner: mode is train or infer, not '" << mode << "'\n";
            return 2;
        }
        const auto precision = rc::parse_precision(argv[3]);
        if (!precision) {
            std::cerr << "batch_planner: unknown precision '" << argv[3] << "'\n";
            return 2;
        }
        batch_plan::scenario s;
        s.workload = argv[1];
        s.config.mode = mode == "train" ? rc::mode::train : rc::mode::infer;
        s.config.precision = *precision;
        s.gpus = split(argv[4]);
        s.title = s.workload + " " + mode + ", " + argv[3];
        std::cout << batch_plan::report(s);
    } catch (const rc::error& e) {
        std::cerr << "batch_planner: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
