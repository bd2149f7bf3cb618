# FindJansson: Debian's libjansson-dev ships a pkg-config file but no
# CMake package.  Defines Jansson_FOUND, Jansson_INCLUDE_DIR,
# Jansson_LIBRARY and the imported target Jansson::Jansson.
find_path(Jansson_INCLUDE_DIR NAMES jansson.h)
find_library(Jansson_LIBRARY NAMES jansson)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Jansson
  REQUIRED_VARS Jansson_LIBRARY Jansson_INCLUDE_DIR)
if(Jansson_FOUND AND NOT TARGET Jansson::Jansson)
  add_library(Jansson::Jansson UNKNOWN IMPORTED)
  set_target_properties(Jansson::Jansson PROPERTIES
    IMPORTED_LOCATION "${Jansson_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${Jansson_INCLUDE_DIR}")
endif()
mark_as_advanced(Jansson_INCLUDE_DIR Jansson_LIBRARY)
