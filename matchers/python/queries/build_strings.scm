; String literals: arch lists in build settings ("8.0;9.0;10.0") and nvcc
; -gencode pairs ("arch=compute_90a,code=sm_90a"). Which ones count is
; decided from their text and the name they are bound to.
(string) @string
