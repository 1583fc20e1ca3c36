; Reads of a table: T[cap], T[cap][ws], T.get(cap, default). Membership
; (`cap in T`) is found through comparisons.scm.
(subscript) @subscript
(call function: (attribute attribute: (identifier) @method)) @method_call
; A search of a table of records: for lim in LIMITS: if lim.sm == cap: ...
(for_statement right: (identifier)) @loop
