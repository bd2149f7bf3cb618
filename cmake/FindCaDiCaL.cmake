# FindCaDiCaL: Debian's libcadical-dev ships a static libcadical.a and the
# C header ccadical.h, with no pkg-config or CMake file.  Defines
# CaDiCaL_FOUND, CaDiCaL_INCLUDE_DIR, CaDiCaL_LIBRARY and the imported
# target CaDiCaL::CaDiCaL, which brings the C++ runtime CaDiCaL is written
# against (a C program links it with the C linker).
find_path(CaDiCaL_INCLUDE_DIR NAMES ccadical.h)
find_library(CaDiCaL_LIBRARY NAMES libcadical.a cadical)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CaDiCaL
  REQUIRED_VARS CaDiCaL_LIBRARY CaDiCaL_INCLUDE_DIR)
if(CaDiCaL_FOUND AND NOT TARGET CaDiCaL::CaDiCaL)
  add_library(CaDiCaL::CaDiCaL UNKNOWN IMPORTED)
  set_target_properties(CaDiCaL::CaDiCaL PROPERTIES
    IMPORTED_LOCATION "${CaDiCaL_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${CaDiCaL_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "stdc++;m")
endif()
mark_as_advanced(CaDiCaL_INCLUDE_DIR CaDiCaL_LIBRARY)
