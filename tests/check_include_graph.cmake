cmake_minimum_required(VERSION 3.25)
# The include graph of the library (docs/design.md, "Layout"):
#  1. model/ includes only model/, hardware/, workload/ and the basics (units, error, format, detail/): no io/,
#     report/, calibrate/ or the catalog;
#  2. roofcast.hpp, with everything it includes transitively, reaches no io/ or calibrate/ header and no
#     report/ header beyond those it lists, so the core needs Boost only;
#  3. roofcast.hpp's doc comment lists exactly the headers it includes;
#  4. workload/ includes only workload/ and the basics (units, error, format, source_ref): never hardware/.
# Usage: cmake -DINCLUDE_DIR=include -P check_include_graph.cmake
set(problems "")

function(roofcast_includes out header)
  file(STRINGS "${INCLUDE_DIR}/roofcast/${header}" lines REGEX "^#include <roofcast/")
  set(result "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^#include <roofcast/([^>]+)>.*" "\\1" inc "${line}")
    list(APPEND result "${inc}")
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# Appends to `problems` each include of a header in folder `dir` that is neither in a folder matching `folders`
# nor a top-level header matching `basics`.
function(check_folder dir folders basics)
  file(GLOB headers RELATIVE "${INCLUDE_DIR}/roofcast" "${INCLUDE_DIR}/roofcast/${dir}/*.hpp")
  set(found "${problems}")
  foreach(h IN LISTS headers)
    roofcast_includes(incs "${h}")
    foreach(inc IN LISTS incs)
      if(NOT inc MATCHES "^(${folders})/" AND NOT inc MATCHES "^(${basics})\\.hpp$")
        list(APPEND found "${h} includes ${inc}")
      endif()
    endforeach()
  endforeach()
  set(problems "${found}" PARENT_SCOPE)
endfunction()

check_folder(model "model|hardware|workload|detail" "units|error|format")
# 4. The workload never includes the hardware (a model's description does not depend on the GPU).
check_folder(workload "workload" "units|error|format|source_ref")

# 2. The umbrella's closure.
roofcast_includes(direct "roofcast.hpp")
set(seen "")
set(queue ${direct})
while(queue)
  list(POP_FRONT queue h)
  if(h IN_LIST seen)
    continue()
  endif()
  list(APPEND seen "${h}")
  roofcast_includes(incs "${h}")
  list(APPEND queue ${incs})
endwhile()
foreach(h IN LISTS seen)
  if(h MATCHES "^(io|calibrate)/" OR (h MATCHES "^report/" AND NOT h IN_LIST direct))
    list(APPEND problems "roofcast.hpp reaches ${h}")
  endif()
endforeach()

# 3. The doc comment lists the direct includes: "dir/: a, b, c;" and "basics: x.hpp, ...".
file(READ "${INCLUDE_DIR}/roofcast/roofcast.hpp" umbrella)
string(REGEX REPLACE "\n/// ?" " " umbrella "${umbrella}")
string(REGEX MATCH "It includes exactly these headers:(.*) Optional components" listing "${umbrella}")
set(listing "${CMAKE_MATCH_1}")
set(listed "")
string(REGEX MATCHALL "\\* [a-z]+/: [^;.]*[;.]" groups "${listing}")
foreach(g IN LISTS groups)
  string(REGEX REPLACE "^\\* ([a-z]+)/: .*" "\\1" dir "${g}")
  string(REGEX REPLACE "^\\* [a-z]+/: " "" names "${g}")
  string(REGEX REPLACE "\\([^)]*\\)" "" names "${names}")
  string(REGEX MATCHALL "[a-z_]+" words "${names}")
  foreach(w IN LISTS words)
    list(APPEND listed "${dir}/${w}.hpp")
  endforeach()
endforeach()
string(REGEX MATCH "\\* basics: [^;]*;" basics "${listing}")
string(REGEX MATCHALL "[a-z_]+\\.hpp" basic_names "${basics}")
list(APPEND listed ${basic_names})
foreach(h IN LISTS direct)
  if(NOT h IN_LIST listed)
    list(APPEND problems "roofcast.hpp includes ${h} but its comment does not list it")
  endif()
endforeach()
foreach(h IN LISTS listed)
  if(NOT h IN_LIST direct)
    list(APPEND problems "roofcast.hpp's comment lists ${h} but does not include it")
  endif()
endforeach()

if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "include graph:\n  ${text}")
endif()
list(LENGTH seen n)
list(LENGTH direct d)
message(STATUS "include graph: model/ depends on hardware/, workload/ and the basics only; roofcast.hpp includes "
               "the ${d} headers it lists (${n} with their own includes), none of io/ or calibrate/")
