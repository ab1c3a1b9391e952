# Compiles every public header on its own with COMPILER in strict C++17, syntax only: the compiler that
# clang-repl (and so xeus-cpp) builds on must accept what the notebooks include.
# cmake -DCOMPILER=clang++-19 -DINCLUDE_DIR=include "-DFLAGS=-isystem;/usr/include/eigen3" -P syntax_check.cmake
file(GLOB_RECURSE headers RELATIVE "${INCLUDE_DIR}" "${INCLUDE_DIR}/roofcast/*.hpp")
list(SORT headers)
set(failed "")
foreach(header IN LISTS headers)
  execute_process(
    COMMAND "${COMPILER}" -fsyntax-only -std=c++17 -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
            -Wold-style-cast -Woverloaded-virtual -Wformat=2 -Wimplicit-fallthrough -Werror
            # libstdc++ 12 calls its own deprecated get_temporary_buffer from std::stable_sort; clang 19 reports it
            -Wno-deprecated-declarations
            -I "${INCLUDE_DIR}" ${FLAGS} -x c++ "${INCLUDE_DIR}/${header}"
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message("${header}:\n${output}")
    list(APPEND failed "${header}")
  endif()
endforeach()
list(LENGTH headers count)
if(failed)
  message(FATAL_ERROR "not accepted by ${COMPILER} (-std=c++17 -fsyntax-only): ${failed}")
endif()
message(STATUS "${count} headers accepted by ${COMPILER} (-std=c++17 -fsyntax-only)")
