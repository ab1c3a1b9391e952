// Compile-must-fail test: adding bytes to seconds is a dimension error the compiler rejects.
// Built twice by ctest: the control (adds bytes to bytes) must compile, the misuse must not.
#include <roofcast/units.hpp>

int main() {
    const roofcast::bytes b = 1.0 * roofcast::units::byte;
    const roofcast::seconds s = 1.0 * roofcast::units::second;
#ifdef ROOFCAST_COMPILE_FAIL_MISUSE
    const auto sum = b + s;
#else
    const auto sum = b + b;
    (void)s;
#endif
    return sum.value() > 0.0 ? 0 : 1;
}
