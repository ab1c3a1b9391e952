/// @file
/// Version and configuration macros: the one place the version is written (CMake reads it here).
#ifndef ROOFCAST_CONFIG_HPP
#define ROOFCAST_CONFIG_HPP

#define ROOFCAST_VERSION_MAJOR 0
#define ROOFCAST_VERSION_MINOR 1
#define ROOFCAST_VERSION_PATCH 0

/// The library version as a string, e.g. "0.1.0".
#define ROOFCAST_VERSION_STRING "0.1.0"

#endif
