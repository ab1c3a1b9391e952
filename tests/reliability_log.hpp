// Counting the bad inputs the tests try, by class, for docs/reliability.md: when ROOFCAST_RELIABILITY_LOG
// names a file, each tried input appends one line "CLASS" to it (scripts/reliability-report.sh sums them).
#ifndef ROOFCAST_TESTS_RELIABILITY_LOG_HPP
#define ROOFCAST_TESTS_RELIABILITY_LOG_HPP

#include <cstdio>
#include <cstdlib>
#include <string>

namespace roofcast_tests {

/// Records that one input of class `cls` ("gpu toml: negative", ...) was tried.
inline void count_input(const std::string& cls) {
    const char* path = std::getenv("ROOFCAST_RELIABILITY_LOG");
    if (path == nullptr || *path == '\0') {
        return;
    }
    if (std::FILE* f = std::fopen(path, "a")) {
        std::fputs((cls + "\n").c_str(), f);
        std::fclose(f);
    }
}

}  // namespace roofcast_tests

#endif
