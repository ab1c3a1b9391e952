#error "a core consumer must not include nlohmann/json_fwd.hpp: roofcast.hpp needs Boost only"
