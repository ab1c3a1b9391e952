// The ONNX importer's fuzz entry, apart from fuzz_entries.hpp because it needs roofcast::onnx (libonnx and
// protobuf): used by the libFuzzer target fuzz_onnx_model.cpp and by tests/test_onnx.cpp, which replays
// fuzz/regressions/onnx_model/ and the seed graphs through it.
#ifndef ROOFCAST_FUZZ_ONNX_ENTRY_HPP
#define ROOFCAST_FUZZ_ONNX_ENTRY_HPP

#include "fuzz_entries.hpp"

#include <roofcast/io/onnx.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

namespace roofcast {
namespace fuzz {

/// ONNX model: import_onnx_bytes. An accepted graph is a valid network whose mapped FLOPs and unmapped shares
/// are finite (each warning names an operator), with a finite non-negative parameter count, and predicts
/// inference and training on an H100 finite and positive or refuses with a roofcast::error.
inline outcome onnx_model(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.onnx";
    onnx_import imported;
    try {
        imported = import_onnx_bytes(std::string(reinterpret_cast<const char*>(data), size), file);
    } catch (const error& e) {
        return rejected(e, file);
    }
    const cnn_graph* g = cnn_of(imported.model);
    require(g != nullptr, "an ONNX graph imported as something other than a network");
    try {
        validate(*g);
    } catch (const error& e) {
        throw invariant_violation(std::string("the importer accepted an invalid network: ") + e.what());
    }
    require(std::isfinite(imported.mapped_flops_per_sample) && imported.mapped_flops_per_sample >= 0.0,
            "the mapped FLOPs are not finite");
    const double share = imported.unmapped_share();
    require(std::isfinite(share) && share >= 0.0 && share <= 1.0, "the unmapped share is not a fraction");
    for (const std::string& w : imported.warnings()) {
        require(w.rfind(file + ":", 0) == 0 && w.find("not mapped") != std::string::npos, "odd warning: " + w);
    }
    const double params = parameters(imported.model);
    require(std::isfinite(params) && params >= 0.0, "the parameter count is not finite");
    check_predictions(imported.model, catalog().gpu("H100-SXM5-80GB"),
                      {fuzz_run(mode::infer, phase::e2e, precision::fp16, 1, 0),
                       fuzz_run(mode::train, phase::step, precision::amp_bf16, 4, 0)});
    return {true, imported.model.name};
}

}  // namespace fuzz
}  // namespace roofcast

#endif
