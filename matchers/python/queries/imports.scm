(import_statement) @import
(import_from_statement) @import_from
