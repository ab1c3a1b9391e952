# Regenerates the built-in catalog header from models/gpus/*.toml into OUTPUT and compares it with
# the checked-in CHECKED_IN header: they must be identical.
file(GLOB gpu_files "${SOURCE_DIR}/models/${MODELS}/*.toml")
list(SORT gpu_files)
execute_process(COMMAND "${GENERATOR}" "${OUTPUT}" ${gpu_files}
                WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "roofcast-gen-catalog failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${OUTPUT}" "${CHECKED_IN}" RESULT_VARIABLE same)
if(NOT same EQUAL 0)
  message(FATAL_ERROR "${CHECKED_IN} is out of date with models/${MODELS}/*.toml: "
                      "run `bash scripts/update-docs.sh` and commit the result")
endif()
message(STATUS "built-in catalog header matches models/gpus/*.toml")
