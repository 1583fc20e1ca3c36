# Turns a text file into a C++ source defining `const char* const NAME`, so
# data files and tree-sitter queries ship inside the binary.
file(READ "${IN}" content)
string(FIND "${content}" ")archscan_embed\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter used for embedding")
endif()
file(WRITE "${OUT}.tmp" "// generated from ${IN}\nnamespace archscan::embedded {\nextern const char* const ${NAME};\nconst char* const ${NAME} = R\"archscan_embed(${content})archscan_embed\";\n}\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
