# Compiles SOURCE (which reads a GPU file: the io component) with `PKG_CONFIG --cflags --libs roofcast-io` against the roofcast installed in PREFIX (its .pc in
# PC_DIR), runs it on the installed A100-SXM4-40GB description and checks what it prints. Also checks the
# version and that the include directory pkg-config gives is the prefix's.
set(ENV{PKG_CONFIG_PATH} "${PC_DIR}")
execute_process(COMMAND "${PKG_CONFIG}" --modversion roofcast OUTPUT_VARIABLE version RESULT_VARIABLE rc
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0 OR NOT version STREQUAL VERSION)
  message(FATAL_ERROR "pkg-config --modversion roofcast: '${version}' (${rc}), expected ${VERSION}")
endif()
execute_process(COMMAND "${PKG_CONFIG}" --cflags-only-I roofcast OUTPUT_VARIABLE includes RESULT_VARIABLE rc
                OUTPUT_STRIP_TRAILING_WHITESPACE)
separate_arguments(includes UNIX_COMMAND "${includes}")
set(found "")
foreach(flag IN LISTS includes)
  string(REGEX REPLACE "^-I" "" dir "${flag}")
  file(REAL_PATH "${dir}" dir)
  if(EXISTS "${dir}/roofcast/roofcast.hpp")
    set(found "${dir}")
  endif()
endforeach()
file(REAL_PATH "${PREFIX}/include" expected)
if(NOT found STREQUAL expected)
  message(FATAL_ERROR "pkg-config --cflags roofcast gives roofcast's headers in '${found}', not in ${expected}")
endif()
execute_process(COMMAND "${PKG_CONFIG}" --cflags --libs roofcast-io OUTPUT_VARIABLE flags RESULT_VARIABLE rc
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config --cflags --libs roofcast-io failed (${rc})")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
file(MAKE_DIRECTORY "${BUILD}")
execute_process(COMMAND "${CXX}" -std=c++17 -O1 -Wall -Wextra -Werror "${SOURCE}" ${flags} -o "${BUILD}/pkgconfig_consumer"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} with `pkg-config --cflags --libs roofcast-io` (${flags}) failed:\n${err}")
endif()
execute_process(COMMAND "${BUILD}/pkgconfig_consumer" "${PREFIX}/${DATADIR}/roofcast/models/gpus/a100-sxm4-40gb.toml"
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "A100-SXM4-40GB: 312 TFLOP/s\n")
  message(FATAL_ERROR "the pkg-config consumer printed '${out}' and exited ${rc}; expected 'A100-SXM4-40GB: 312 TFLOP/s'")
endif()
message(STATUS "${out}")
