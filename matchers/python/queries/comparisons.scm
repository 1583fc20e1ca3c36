; Every comparison: `cap == 9`, `cap in (9, 10)`, `90 <= sm < 100`, `cap >= (9, 0)`.
(comparison_operator) @comparison
