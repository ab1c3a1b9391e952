#error "a core consumer must not include toml++/toml.hpp: roofcast.hpp needs Boost only"
