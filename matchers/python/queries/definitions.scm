; What subject evaluation needs: functions, classes, assignments, calls.
(function_definition) @function
(class_definition) @class
(assignment) @assignment
(call) @call
