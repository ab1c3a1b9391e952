# Stands in for a test whose tool was not found when the build was configured: fails, saying what to install.
# cmake -DTOOL=clang-repl-19 -DPACKAGE=clang-tools-19 -P missing_tool.cmake
message(FATAL_ERROR "${TOOL} was not found when this build was configured: install the Debian package "
                    "${PACKAGE} (listed in scripts/debian-packages.txt) and configure again")
