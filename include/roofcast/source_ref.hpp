/// @file
/// Where a fact comes from: the key a data file's comments use and the source it names. Shared by the GPU and
/// workload descriptions, so neither includes the other.
#ifndef ROOFCAST_SOURCE_REF_HPP
#define ROOFCAST_SOURCE_REF_HPP

#include <string>

namespace roofcast {

/// Where a value comes from: a key used in comments of the GPU or workload file, and the source it names.
struct source_ref {
    /// Key, e.g. "S1".
    std::string key;
    /// Description of the source.
    std::string text;
};

}  // namespace roofcast

#endif
