# FindPicoSAT: Debian's libpicosat ships no pkg-config or CMake file.
# Defines PicoSAT_FOUND, PicoSAT_INCLUDE_DIR, PicoSAT_LIBRARY and the
# imported target PicoSAT::PicoSAT (header used as <picosat/picosat.h>).
find_path(PicoSAT_INCLUDE_DIR NAMES picosat/picosat.h)
find_library(PicoSAT_LIBRARY NAMES picosat)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(PicoSAT
  REQUIRED_VARS PicoSAT_LIBRARY PicoSAT_INCLUDE_DIR)
if(PicoSAT_FOUND AND NOT TARGET PicoSAT::PicoSAT)
  add_library(PicoSAT::PicoSAT UNKNOWN IMPORTED)
  set_target_properties(PicoSAT::PicoSAT PROPERTIES
    IMPORTED_LOCATION "${PicoSAT_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PicoSAT_INCLUDE_DIR}")
endif()
mark_as_advanced(PicoSAT_INCLUDE_DIR PicoSAT_LIBRARY)
