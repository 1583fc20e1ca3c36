# `cmake --install` and the Debian package: the binary and its Clang module, the man page and the
# shell completions (both generated from the option table), the precompiled
# C++ prelude, and the JSON Schemas of archscan's outputs and inputs.
include(GNUInstallDirs)

# Linked against the shared LLVM (ARCHSCAN_STATIC_LLVM=OFF), the binary finds
# libclang-cpp and libLLVM in LLVM's own folder, which keeps a build against a
# non-default LLVM working once installed.
if(NOT ARCHSCAN_STATIC_LLVM)
  set_target_properties(archscan PROPERTIES INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
endif()

set(_gen ${PROJECT_BINARY_DIR}/generated)
add_custom_command(
  OUTPUT ${_gen}/archscan.1 ${_gen}/archscan.bash ${_gen}/_archscan ${_gen}/archscan.fish
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_gen}
  COMMAND $<TARGET_FILE:archscan-docs> man > ${_gen}/archscan.1
  COMMAND $<TARGET_FILE:archscan> completion bash > ${_gen}/archscan.bash
  COMMAND $<TARGET_FILE:archscan> completion zsh > ${_gen}/_archscan
  COMMAND $<TARGET_FILE:archscan> completion fish > ${_gen}/archscan.fish
  DEPENDS archscan archscan-docs
  COMMENT "Generating the man page and shell completions from the option table")
add_custom_target(archscan-generated ALL DEPENDS ${_gen}/archscan.1 ${_gen}/archscan.bash)

install(TARGETS archscan RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Clang, loaded by archscan from ../lib/archscan at the first C++ parse.
if(TARGET archscan-clang)
  install(TARGETS archscan-clang LIBRARY DESTINATION lib/archscan)
endif()
install(FILES ${_gen}/archscan.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${_gen}/archscan.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME archscan)
install(FILES ${_gen}/_archscan DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${_gen}/archscan.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
if(TARGET archscan-prelude-pch)
  install(DIRECTORY ${PROJECT_BINARY_DIR}/prelude/ DESTINATION ${CMAKE_INSTALL_DATADIR}/archscan/prelude
          FILES_MATCHING PATTERN "*.pch")
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/schemas/ DESTINATION ${CMAKE_INSTALL_DATADIR}/archscan/schemas
        FILES_MATCHING PATTERN "*.json")

# `cpack -G DEB` in the build folder. The dependencies are Debian 12's
# packages of what the binary links (readelf -d) plus Clang's builtin headers,
# which the C, C++ and CUDA front-end reads at run time.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME archscan)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "find and patch compute-capability tables in GPU framework code")
set(CPACK_PACKAGE_CONTACT "archscan maintainers <archscan@example.invalid>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# A static archscan (the default) needs only C libraries at run time.
if(ARCHSCAN_STATIC_LLVM)
  set(_runtime "zlib1g, libzstd1")
  if(NOT ARCHSCAN_YAMLCPP_ARCHIVE)
    string(APPEND _runtime ", libyaml-cpp0.7")
  endif()
else()
  set(_runtime "libstdc++6 (>= 12), libgcc-s1, libclang-cpp${LLVM_VERSION_MAJOR}, libllvm${LLVM_VERSION_MAJOR}, libyaml-cpp0.7")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6 (>= 2.34), ${_runtime}, libclang-common-${LLVM_VERSION_MAJOR}-dev")
include(CPack)
