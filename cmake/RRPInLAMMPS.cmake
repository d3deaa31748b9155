# rrp-lammps built into LAMMPS, for static builds that cannot load plugins. Give this file to
# LAMMPS's own CMake configuration (no rrp-lammps source is copied into LAMMPS):
#
#   cmake -S lammps/cmake -B build-rrp -D CMAKE_PROJECT_lammps_INCLUDE=/path/to/rrp-lammps/cmake/RRPInLAMMPS.cmake \
#         -D BUILD_SHARED_LIBS=off -D PKG_MOLECULE=on -D PKG_GRANULAR=on ... [-D PKG_RIGID=on]
#   cmake --build build-rrp
#
# CMake runs it at LAMMPS's project() command. It registers the styles of plugin/ (and of
# plugin/rigid/ when PKG_RIGID is on, plugin/asphere/ when PKG_ASPHERE is) with LAMMPS's generated style headers, and, once LAMMPS's
# CMakeLists has made the lammps library, adds to it the core (core/src, C11) and those styles.
# The plugin's registration files (rrpplugin.cpp, rrp_styles.cpp, rrprigidplugin.cpp) are left out: LAMMPS
# registers the styles itself. The lmp so built has every rrp style without `plugin load`.
# Requires LAMMPS 4Feb2025 (its StyleHeaderUtils) and CMake 3.19 or newer (cmake_language DEFER).
cmake_minimum_required(VERSION 3.19)
get_filename_component(RRP_TOP "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
message(STATUS "rrp-lammps: building its styles into LAMMPS from ${RRP_TOP}")

enable_language(C)
include(${CMAKE_CURRENT_SOURCE_DIR}/Modules/StyleHeaderUtils.cmake)
include(${RRP_TOP}/cmake/RRPCoreOptions.cmake)
set(RRP_STYLE_DIRS ${RRP_TOP}/plugin)
if(PKG_RIGID)
  list(APPEND RRP_STYLE_DIRS ${RRP_TOP}/plugin/rigid)
endif()
if(PKG_ASPHERE)
  list(APPEND RRP_STYLE_DIRS ${RRP_TOP}/plugin/asphere)
endif()
foreach(_dir ${RRP_STYLE_DIRS})
  RegisterStyles(${_dir})
endforeach()

function(rrp_add_to_lammps)
  if(NOT TARGET lammps)
    message(FATAL_ERROR "rrp-lammps: LAMMPS made no target 'lammps' to add the styles to")
  endif()
  file(GLOB _core ${RRP_TOP}/core/src/*.c)
  set(_styles "")
  foreach(_dir ${RRP_STYLE_DIRS})
    file(GLOB _cpp ${_dir}/*.cpp)
    list(FILTER _cpp EXCLUDE REGEX "(plugin|rrp_styles)\\.cpp$")
    list(APPEND _styles ${_cpp})
  endforeach()
  target_sources(lammps PRIVATE ${_core} ${_styles})
  target_include_directories(lammps PRIVATE ${RRP_STYLE_DIRS} ${RRP_TOP}/core/include ${RRP_TOP}/core/src)
  set_property(TARGET lammps PROPERTY C_STANDARD 11)
  set_property(TARGET lammps PROPERTY C_EXTENSIONS OFF)
  # as core/CMakeLists.txt: no errno branch after sqrt, and the core's per-file options
  set_source_files_properties(${_core} PROPERTIES COMPILE_OPTIONS "-fno-math-errno;-ffp-contract=off")
  rrp_core_file_options(${RRP_TOP}/core/src -fno-math-errno -ffp-contract=off)
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} CALL rrp_add_to_lammps)
