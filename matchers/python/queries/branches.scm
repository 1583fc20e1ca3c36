; Statements whose arms decide by arch.
(if_statement) @if
(match_statement) @match
(assert_statement) @assert
