#error "a core consumer must not include toml++/toml.h: roofcast.hpp needs Boost only"
