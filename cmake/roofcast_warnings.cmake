# Warnings for roofcast's own targets only; dependencies come in through imported targets (SYSTEM). Conversions
# between integer and floating types, and signed and unsigned, are written out (static_cast) wherever they happen.
function(roofcast_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE
      -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual
      -Wformat=2 -Wimplicit-fallthrough -Wconversion -Wsign-conversion)
    if(ROOFCAST_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
endfunction()
