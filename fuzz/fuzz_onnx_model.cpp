// libFuzzer target: roofcast::fuzz::onnx_model (fuzz/fuzz_onnx_entry.hpp). Run by scripts/fuzz.sh. The importer
// is compiled into the target (instrumented); libonnx and protobuf are Debian's, linked as shipped.
#define TOML_ASSERT(expr) static_assert(true)

#include "fuzz_onnx_entry.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)roofcast::fuzz::onnx_model(data, size);
    return 0;
}
