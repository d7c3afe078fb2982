; Symbol tags for Python, after the upstream grammar's queries/tags.scm, extended with every
; kind the outline reports. Captures as in typescript-tags.scm. Python declares nothing: which
; `def` is a method and which assignment first defines a name depends on the scope it is in,
; so outline.ts refines the kinds marked "refined" below.

(class_definition name: (identifier) @name) @definition.class
; refined: a method (or constructor, for __init__) in a class body
(function_definition name: (identifier) @name) @definition.function

; refined: a field in a class body, a constant when upper-case; only a scope's first assignment defines
(assignment left: (identifier) @name) @definition.variable
(assignment
  left: [(pattern_list (identifier) @name)
         (tuple_pattern (identifier) @name)
         (list_pattern (identifier) @name)]) @definition.variable
; refined: `self.name = …` in a method defines an attribute of the class
((assignment
   left: (attribute object: (identifier) @_self attribute: (identifier) @name)) @definition.field
 (#eq? @_self "self"))

([(parameters (identifier) @name @definition.parameter)
  (lambda_parameters (identifier) @name @definition.parameter)])
([(parameters [(default_parameter name: (identifier) @name)
               (typed_default_parameter name: (identifier) @name)
               (typed_parameter . (identifier) @name)] @definition.parameter)
  (lambda_parameters [(default_parameter name: (identifier) @name)
                      (typed_default_parameter name: (identifier) @name)
                      (typed_parameter . (identifier) @name)] @definition.parameter)])

; Scopes
(class_definition name: (identifier) @scope.name) @scope.type
(function_definition name: (identifier) @scope.name) @scope.function
(lambda) @scope.function

; Identifiers
(identifier) @reference
