// Uses an installed roofcast through find_package: looks up a catalog GPU and checks a derived peak.
#include <roofcast/roofcast.hpp>

#include <cmath>
#include <iostream>

int main() {
    const roofcast::gpu_spec& a100 = roofcast::catalog().gpu("A100-SXM4-40GB");
    const double fp16 = roofcast::required_peak(a100, roofcast::dtype::fp16).value();
    std::cout << a100 << '\n';
    // 432 tensor cores x 256 FMA/clk x 2 x 1.41 GHz = 311.9 TFLOP/s (NVIDIA: 312)
    return std::fabs(fp16 / 311.87e12 - 1.0) < 1e-3 ? 0 : 1;
}
