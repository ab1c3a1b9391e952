# Configures and builds the project in SOURCE (in BUILD, with generator GENERATOR and compiler CXX) against the
# roofcast installed in PREFIX, warnings as errors: what a user of the installed package does.
file(REMOVE_RECURSE "${BUILD}")
execute_process(COMMAND ${CMAKE_COMMAND} -S "${SOURCE}" -B "${BUILD}" -G "${GENERATOR}"
                        "-DCMAKE_PREFIX_PATH=${PREFIX}" "-DCMAKE_CXX_COMPILER=${CXX}" -DCMAKE_BUILD_TYPE=Release
                        -DCMAKE_COMPILE_WARNING_AS_ERROR=ON
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring ${SOURCE} against ${PREFIX} failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build "${BUILD}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} against ${PREFIX} failed")
endif()
