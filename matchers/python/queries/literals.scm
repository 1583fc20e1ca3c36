; Collection literals that may hold arch keys. What they are (a table, a gate
; argument, a membership set) is decided from their context in C++.
(dictionary) @literal
(list) @literal
(tuple) @literal
(set) @literal
