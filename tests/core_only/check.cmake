# Builds and runs SOURCE with the C++ compiler CXX, roofcast's INCLUDE directory and the POISON directory ahead of
# the system's: a core consumer (predictions only) must build without nlohmann-json, toml++ or Eigen.
execute_process(COMMAND "${CXX}" -std=c++17 -O1 "-I${POISON}" "-I${INCLUDE}" "${SOURCE}" -o "${OUT}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a predict()-only consumer did not build with Boost and roofcast's headers alone:\n${err}")
endif()
execute_process(COMMAND "${OUT}" RESULT_VARIABLE rc OUTPUT_VARIABLE out)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the predict()-only consumer failed (${rc}): ${out}")
endif()
