// Built with nothing but `pkg-config --cflags --libs roofcast` against an install prefix: the built-in catalog
// (header-only), a GPU file of the installed models read with toml++ and the GPU as JSON (nlohmann-json), both
// found through the Requires of roofcast.pc.
#include <roofcast/io/gpu_toml.hpp>
#include <roofcast/io/json.hpp>
#include <roofcast/roofcast.hpp>

#include <cmath>
#include <iostream>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: pkgconfig_consumer PREFIX/share/roofcast/models/gpus/a100-sxm4-40gb.toml\n";
        return 2;
    }
    const roofcast::gpu_spec file = roofcast::load_gpu_file(argv[1]);
    const roofcast::gpu_spec& built_in = roofcast::catalog().gpu("A100-SXM4-40GB");
    const nlohmann::json j = file;
    const double fp16 = roofcast::required_peak(file, roofcast::dtype::fp16).value();
    std::cout << j.at("name").get<std::string>() << ": " << roofcast::to_string(fp16 * roofcast::units::flop_per_second)
              << '\n';
    // 432 tensor cores x 256 FMA/clk x 2 x 1.41 GHz = 311.9 TFLOP/s, the same from the file and the catalog.
    const bool ok = j.at("name") == "A100-SXM4-40GB" && file.sm_count == built_in.sm_count &&
                    std::fabs(fp16 / 311.87e12 - 1.0) < 1e-3;
    return ok ? 0 : 1;
}
