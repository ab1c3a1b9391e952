// The comparisons roofcast started from: A40 vs V100-SXM2-16GB and A100-SXM4-40GB vs L40 on ResNet-50
// training, BERT-Large fine-tuning and LLaMA-2-7B inference: time, throughput, bound and fit on each.
#include "seed_comparisons.hpp"

#include <iostream>

int main() {
    try {
        std::cout << seed::report();
    } catch (const roofcast::error& e) {
        std::cerr << "compare_seed_gpus: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
