# Re-runs the documented calibration and checks that it reproduces the shipped parameters
# (models/calibration/default.toml) and docs/calibration.md byte for byte, and that the compiled-in
# header matches default.toml.
execute_process(COMMAND "${ROOFCAST}" calibrate --data models/measurements/measured-dev.csv
                        --out "${WORK}/default.toml" --report "${WORK}/calibration.md"
                WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "roofcast calibrate failed (${rc}): ${err}")
endif()
message(STATUS "${out}")
execute_process(COMMAND "${ROOFCAST}" validate --data models/measurements/measured-dev.csv
                        --report "${WORK}/accuracy.md"
                WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "roofcast validate failed (${rc})")
endif()
file(READ "${WORK}/accuracy.md" fresh_accuracy)
string(REPLACE "--report ${WORK}/accuracy.md" "--report docs/accuracy.md" fresh_accuracy "${fresh_accuracy}")
file(WRITE "${WORK}/accuracy.md" "${fresh_accuracy}")
foreach(pair "default.toml;models/calibration/default.toml" "calibration.md;docs/calibration.md"
             "accuracy.md;docs/accuracy.md")
  list(GET pair 0 fresh)
  list(GET pair 1 shipped)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/${fresh}" "${SOURCE_DIR}/${shipped}"
                  RESULT_VARIABLE same)
  if(NOT same EQUAL 0)
    message(FATAL_ERROR "${shipped} differs from a fresh calibration: run `bash scripts/update-docs.sh`")
  endif()
endforeach()
execute_process(COMMAND "${GEN_PARAMS}" "${WORK}/default_params.hpp" "${SOURCE_DIR}/models/calibration/default.toml"
                RESULT_VARIABLE rc)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/default_params.hpp"
                        "${SOURCE_DIR}/include/roofcast/detail/default_params.hpp" RESULT_VARIABLE same)
if(NOT rc EQUAL 0 OR NOT same EQUAL 0)
  message(FATAL_ERROR "include/roofcast/detail/default_params.hpp is out of date: run `bash scripts/update-docs.sh`")
endif()
