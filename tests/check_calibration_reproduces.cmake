# Re-runs the documented calibration (both stages, with the leave-one-source-out and leave-one-GPU-out
# cross-validations) and checks that it reproduces the shipped parameters (models/calibration/default.toml),
# docs/calibration.md with its charts (docs/calibration/*.svg) and docs/accuracy.md byte for byte, and that the
# compiled-in header matches default.toml.
set(command calibrate --data models/measurements/measured-dev.csv --data models/measurements/kernels.csv
    --data models/measurements/memory.csv --data models/measurements/serving.csv
    --score models/measurements/train-multigpu.csv
    --cross-validate source --cross-validate gpu --threads 2)
execute_process(COMMAND "${ROOFCAST}" ${command}
                        --out "${WORK}/default.toml" --report "${WORK}/calibration.md"
                        --accuracy-report "${WORK}/accuracy.md"
                WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "roofcast calibrate failed (${rc}): ${err}")
endif()
message(STATUS "${out}")
file(GLOB charts RELATIVE "${WORK}/calibration" "${WORK}/calibration/*.svg")
file(GLOB shipped_charts RELATIVE "${SOURCE_DIR}/docs/calibration" "${SOURCE_DIR}/docs/calibration/*.svg")
if(NOT charts STREQUAL shipped_charts)
  message(FATAL_ERROR "docs/calibration/ holds ${shipped_charts}, a fresh calibration draws ${charts}: run `bash scripts/update-docs.sh`")
endif()
# Pairs "fresh|shipped" (a list of lists would flatten).
set(pairs "default.toml|models/calibration/default.toml" "calibration.md|docs/calibration.md"
          "accuracy.md|docs/accuracy.md")
foreach(chart IN LISTS charts)
  list(APPEND pairs "calibration/${chart}|docs/calibration/${chart}")
endforeach()
foreach(pair IN LISTS pairs)
  string(REPLACE "|" ";" pair "${pair}")
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
