// The README's C++ example: an A100's derived FP16 peak, bandwidth and ridge point.
#include <roofcast/roofcast.hpp>

#include <iostream>
namespace rc = roofcast;

int main() {
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-40GB");
    rc::flops_per_second fp16 = rc::required_peak(a100, rc::dtype::fp16);  // 432 TC x 256 x 2 x 1.41 GHz
    rc::bytes_per_second bw = rc::memory_bandwidth(a100);                  // 5120 bit / 8 x 2.43 Gbit/s
    std::cout << a100.name << ": " << rc::to_string(fp16) << ", " << rc::to_string(bw) << ", ridge "
              << rc::to_string(fp16 / bw) << '\n';
}
