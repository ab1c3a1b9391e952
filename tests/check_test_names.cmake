# Fails naming each test source with a doctest TEST_CASE whose name holds a ';': CMake lists split on it, so
# doctest_discover_tests registers such a case under a cut name that matches no test case, and ctest passes it
# without running it (0 test cases).
cmake_minimum_required(VERSION 3.25)
file(GLOB sources "${SOURCE_DIR}/tests/*.cpp")
set(bad "")
foreach(f IN LISTS sources)
  file(READ "${f}" content)
  string(REGEX MATCH "TEST_CASE\\(\"[^\"\n]*;" hit "${content}")
  if(hit)
    get_filename_component(name "${f}" NAME)
    list(APPEND bad "${name}")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "test case names with ';' (ctest would not run them; use ','): ${bad}")
endif()
