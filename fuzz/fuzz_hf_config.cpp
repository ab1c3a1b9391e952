// libFuzzer target: roofcast::fuzz::hf_config (fuzz/fuzz_entries.hpp). Run by scripts/fuzz.sh.
// toml++ as Debian ships it (built by gcc with NDEBUG): its assertions and assumptions compile to nothing.
// Without this, the header-only parser compiled here would abort on assertions the shipped library skips.
#define TOML_ASSERT(expr) static_assert(true)

#include "fuzz_entries.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)roofcast::fuzz::hf_config(data, size);
    return 0;
}
