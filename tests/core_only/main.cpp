// A consumer that only predicts, built with roofcast's headers and Boost alone: the test puts headers that
// #error ahead of the system's in place of nlohmann-json, toml++ and Eigen, so including any of them fails.
#include <roofcast/roofcast.hpp>

#include <iostream>

int main() {
    namespace rc = roofcast;
    rc::run_config c;  // amp-fp16 training step
    c.batch = 32;
    const rc::prediction p =
        rc::predict(rc::catalog().workload_named("resnet50"), rc::catalog().gpu("A100-SXM4-40GB"), c);
    std::cout << p.workload << " on " << p.gpu << ": " << rc::to_string(p.time) << '\n';
    // ResNet-50 training is about 3 x 4.1 GMAC x 2 = 24.6 GFLOP per image: 32 images at the A100's 312 TFLOP/s
    // take at least 2.5 ms; a prediction below that (or above a second) is wrong.
    return p.time.value() >= 2.5e-3 && p.time.value() <= 1.0 ? 0 : 1;
}
