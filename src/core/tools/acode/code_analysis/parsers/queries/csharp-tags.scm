; Symbol tags for C#, after the upstream grammar's queries/tags.scm, extended with every kind
; the outline reports. Captures as in typescript-tags.scm.

(class_declaration name: (_) @name) @definition.class
(struct_declaration name: (_) @name) @definition.struct
(record_declaration name: (_) @name) @definition.record
(interface_declaration name: (_) @name) @definition.interface
(enum_declaration name: (_) @name) @definition.enum
(enum_member_declaration name: (_) @name) @definition.enum_member
([(namespace_declaration name: (_) @name)
  (file_scoped_namespace_declaration name: (_) @name)] @definition.namespace)
(delegate_declaration name: (_) @name) @definition.delegate

(method_declaration name: (_) @name) @definition.method
(local_function_statement name: (_) @name) @definition.function
(constructor_declaration name: (_) @name) @definition.constructor
(property_declaration name: (_) @name) @definition.property
(event_declaration name: (_) @name) @definition.event
(field_declaration (variable_declaration (variable_declarator name: (_) @name))) @definition.field
(event_field_declaration (variable_declaration (variable_declarator name: (_) @name))) @definition.event
(local_declaration_statement (variable_declaration (variable_declarator name: (_) @name))) @definition.variable
(parameter name: (_) @name) @definition.parameter

; Scopes (a namespace is not one: its members are file-level)
([(class_declaration name: (_) @scope.name)
  (struct_declaration name: (_) @scope.name)
  (record_declaration name: (_) @scope.name)
  (interface_declaration name: (_) @scope.name)
  (enum_declaration name: (_) @scope.name)] @scope.type)
([(method_declaration name: (_) @scope.name)
  (local_function_statement name: (_) @scope.name)
  (constructor_declaration name: (_) @scope.name)] @scope.function)
([(lambda_expression) (anonymous_method_expression)] @scope.function)

; Identifiers
(identifier) @reference
