; Symbol tags for TypeScript and TSX (also used for JavaScript), after the upstream grammars'
; queries/tags.scm, extended with every kind the outline reports.
;
; Captures:
;   @name                 the defined name
;   @definition.<kind>    the definition (kind as in outline.ts's DefinitionKind)
;   @scope.type / @scope.function   a node whose body is a scope; @scope.name names its container
;   @reference            an identifier; those that are not a definition's @name are references
; When several patterns capture the same @name, the earliest pattern in this file wins.

; Types and namespaces
([(class_declaration name: (_) @name)
  (abstract_class_declaration name: (_) @name)
  (class name: (_) @name)] @definition.class)
(interface_declaration name: (_) @name) @definition.interface
(enum_declaration name: (_) @name) @definition.enum
(enum_assignment name: (_) @name) @definition.enum_member
(enum_body (property_identifier) @name @definition.enum_member)
(type_alias_declaration name: (_) @name) @definition.type
([(internal_module name: (_) @name)
  (module name: (_) @name)] @definition.namespace)

; Functions and members
([(function_declaration name: (_) @name)
  (generator_function_declaration name: (_) @name)
  (function_signature name: (_) @name)] @definition.function)
(([(method_definition name: (_) @name)
   (method_signature name: (_) @name)
   (abstract_method_signature name: (_) @name)] @definition.constructor)
  (#eq? @name "constructor"))
([(method_definition name: (_) @name)
  (method_signature name: (_) @name)
  (abstract_method_signature name: (_) @name)] @definition.method)
([(public_field_definition name: (_) @name)
  (property_signature name: (_) @name)] @definition.property)

; Variables: a function value makes a function, `const` a constant
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant)
(variable_declarator name: (identifier) @name) @definition.variable

; Parameters
([(required_parameter pattern: (identifier) @name)
  (optional_parameter pattern: (identifier) @name)] @definition.parameter)
(arrow_function parameter: (identifier) @name @definition.parameter)

; Scopes
([(class_declaration name: (_) @scope.name)
  (abstract_class_declaration name: (_) @scope.name)
  (class name: (_)? @scope.name)
  (interface_declaration name: (_) @scope.name)
  (enum_declaration name: (_) @scope.name)
  (internal_module name: (_) @scope.name)
  (module name: (_) @scope.name)] @scope.type)
([(function_declaration name: (_) @scope.name)
  (generator_function_declaration name: (_) @scope.name)
  (function_signature name: (_) @scope.name)
  (method_definition name: (_) @scope.name)
  (method_signature name: (_) @scope.name)
  (abstract_method_signature name: (_) @scope.name)] @scope.function)
; A function value takes the container it sits in, even when it has a name of its own.
([(arrow_function) (function_expression) (generator_function)] @scope.function)

; Identifiers
([(identifier)
  (type_identifier)
  (property_identifier)
  (shorthand_property_identifier)
  (shorthand_property_identifier_pattern)] @reference)
