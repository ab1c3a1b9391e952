#error "a core consumer must not include nlohmann/json.hpp: roofcast.hpp needs Boost only"
