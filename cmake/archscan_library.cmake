# One static library per pipeline stage, with an include root of its own.
#
# A stage's headers are reachable as "<folder>/x.h" only by targets that link
# the stage: its include root (build/include/<target>/) holds a single link to
# its source folder. So a stage that includes a header of a stage it does not
# depend on (sideways or upwards) fails to compile, and the library graph
# (`cmake --graphviz`) is the architecture.
#
#   archscan_library(NAME FOLDER dir SOURCES a.cpp ... [HEADER file.h]
#                    [PUBLIC libs...] [PRIVATE libs...])
# SOURCES are relative to FOLDER. HEADER exposes one header file instead of
# the whole folder (tool/scan.h). PUBLIC: stages this stage's headers expose;
# PRIVATE: stages only its sources use.
function(archscan_library name)
  cmake_parse_arguments(ARG "" "FOLDER;HEADER" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  set(src ${CMAKE_CURRENT_SOURCE_DIR}/${ARG_FOLDER})
  set(root ${PROJECT_BINARY_DIR}/include/${name})
  file(MAKE_DIRECTORY ${root})
  if(ARG_HEADER)
    set(from ${src}/${ARG_HEADER})
    set(to ${root}/${ARG_HEADER})
  else()
    get_filename_component(leaf ${src} NAME)
    set(from ${src})
    set(to ${root}/${leaf})
  endif()
  if(NOT IS_SYMLINK ${to})
    file(CREATE_LINK ${from} ${to} SYMBOLIC)
  endif()
  list(TRANSFORM ARG_SOURCES PREPEND ${src}/)
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${root})
  target_link_libraries(${name} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
  target_compile_options(${name} PRIVATE ${ARCHSCAN_WARNINGS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()
