/**
 * A file's outline: the symbols it defines and every identifier it mentions, read from a
 * tree-sitter syntax tree by one walk with per-language rules.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { GrammarLanguage } from './grammar-loader';
import { parseSource } from './parser-service';

export type DefinitionKind =
  | 'class'
  | 'struct'
  | 'record'
  | 'interface'
  | 'enum'
  | 'enum_member'
  | 'type'
  | 'namespace'
  | 'delegate'
  | 'function'
  | 'method'
  | 'constructor'
  | 'property'
  | 'field'
  | 'event'
  | 'variable'
  | 'constant'
  | 'parameter';

export interface SymbolDefinition {
  name: string;
  kind: DefinitionKind;
  /** 1-based line and column of the name. */
  line: number;
  column: number;
  /** The enclosing class, interface, function… by name, if any. */
  container: string | null;
  /** Where the name is declared: at file level, as a member of a type, or local to a function. */
  scopeKind: 'file' | 'type' | 'function';
  /** 1-based line range where this name is visible: the enclosing function or type, else the whole file. */
  scopeStartLine: number;
  scopeEndLine: number;
}

export interface IdentifierOccurrence {
  name: string;
  line: number;
  column: number;
}

export interface FileOutline {
  language: GrammarLanguage;
  lineCount: number;
  definitions: SymbolDefinition[];
  /** Identifiers that are not the name of a definition: the references. */
  references: IdentifierOccurrence[];
}

interface WalkScope {
  /** What kind of body we are in. */
  kind: 'file' | 'type' | 'function';
  container: string | null;
  startLine: number;
  endLine: number;
  /** Python assigns without declaring: only the first assignment in a scope defines the name. */
  assignedNames: Set<string>;
  parent: WalkScope | null;
}

const IDENTIFIER_TYPES: Record<GrammarLanguage, ReadonlySet<string>> = {
  typescript: new Set(['identifier', 'type_identifier', 'property_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern']),
  tsx: new Set(['identifier', 'type_identifier', 'property_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern']),
  python: new Set(['identifier']),
  csharp: new Set(['identifier']),
};

type DefinitionRecorder = (nameNode: Node | null, kind: DefinitionKind, owner?: WalkScope) => void;

interface RuleContext {
  node: Node;
  scope: WalkScope;
  define: DefinitionRecorder;
  /** Open a new scope for the node's children. */
  enter(kind: WalkScope['kind'], container: string | null): void;
}

const FUNCTION_VALUE_TYPES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

function typescriptRule(context: RuleContext): void {
  const { node, scope, define, enter } = context;
  const name = node.childForFieldName('name');
  switch (node.type) {
    case 'class_declaration':
    case 'abstract_class_declaration':
    case 'class':
      define(name, 'class');
      enter('type', name?.text ?? scope.container);
      return;
    case 'interface_declaration':
      define(name, 'interface');
      enter('type', name?.text ?? null);
      return;
    case 'enum_declaration':
      define(name, 'enum');
      enter('type', name?.text ?? null);
      return;
    case 'enum_assignment':
      define(name, 'enum_member');
      return;
    case 'property_identifier':
      if (node.parent?.type === 'enum_body') define(node, 'enum_member');
      return;
    case 'type_alias_declaration':
      define(name, 'type');
      return;
    case 'internal_module':
    case 'module':
      define(name, 'namespace');
      enter('type', name?.text ?? null);
      return;
    case 'function_declaration':
    case 'generator_function_declaration':
    case 'function_signature':
      define(name, 'function');
      enter('function', name?.text ?? null);
      return;
    case 'method_definition':
    case 'method_signature':
    case 'abstract_method_signature':
      define(name, name?.text === 'constructor' ? 'constructor' : 'method');
      enter('function', name?.text ?? null);
      return;
    case 'public_field_definition':
    case 'property_signature':
      define(name, 'property');
      return;
    case 'variable_declarator': {
      if (name?.type !== 'identifier') return;
      const value = node.childForFieldName('value');
      if (value && FUNCTION_VALUE_TYPES.has(value.type)) define(name, 'function');
      else if (node.parent?.type === 'lexical_declaration' && node.parent.firstChild?.text === 'const') define(name, 'constant');
      else define(name, 'variable');
      return;
    }
    case 'required_parameter':
    case 'optional_parameter': {
      const pattern = node.childForFieldName('pattern');
      if (pattern?.type === 'identifier') define(pattern, 'parameter');
      return;
    }
    case 'arrow_function':
    case 'function_expression':
    case 'function':
    case 'generator_function': {
      enter('function', scope.container);
      const parameter = node.childForFieldName('parameter');
      if (parameter?.type === 'identifier') define(parameter, 'parameter');
      return;
    }
    default:
      return;
  }
}

function pythonRule(context: RuleContext): void {
  const { node, scope, define, enter } = context;
  const name = node.childForFieldName('name');
  switch (node.type) {
    case 'class_definition':
      define(name, 'class');
      enter('type', name?.text ?? null);
      return;
    case 'function_definition':
      define(name, scope.kind === 'type' ? (name?.text === '__init__' ? 'constructor' : 'method') : 'function');
      enter('function', name?.text ?? null);
      return;
    case 'lambda':
      enter('function', scope.container);
      return;
    case 'assignment':
    case 'augmented_assignment': {
      if (node.type === 'augmented_assignment') return;
      const left = node.childForFieldName('left');
      if (!left) return;
      const targets = left.type === 'identifier' ? [left] : left.type === 'attribute' ? [left] : left.namedChildren.filter((child): child is Node => child?.type === 'identifier');
      for (const target of targets) {
        if (target.type === 'attribute') {
          // `self.name = …` inside a method defines an instance attribute.
          const object = target.childForFieldName('object');
          const attribute = target.childForFieldName('attribute');
          if (object?.text !== 'self' || !attribute || scope.kind !== 'function') continue;
          let classScope: WalkScope | null = scope;
          while (classScope && classScope.kind !== 'type') classScope = classScope.parent;
          if (!classScope || classScope.assignedNames.has(attribute.text)) continue;
          define(attribute, 'field', classScope);
          continue;
        }
        if (scope.assignedNames.has(target.text)) continue;
        define(target, scope.kind === 'type' ? 'field' : /^[A-Z][A-Z0-9_]*$/.test(target.text) ? 'constant' : 'variable');
      }
      return;
    }
    case 'parameters':
    case 'lambda_parameters':
      for (const parameter of node.namedChildren) {
        if (!parameter) continue;
        if (parameter.type === 'identifier') define(parameter, 'parameter');
        else if (parameter.type === 'default_parameter' || parameter.type === 'typed_default_parameter') define(parameter.childForFieldName('name'), 'parameter');
        else if (parameter.type === 'typed_parameter') define(parameter.namedChildren.find((child) => child?.type === 'identifier') ?? null, 'parameter');
      }
      return;
    default:
      return;
  }
}

function csharpRule(context: RuleContext): void {
  const { node, define, enter } = context;
  const name = node.childForFieldName('name');
  switch (node.type) {
    case 'class_declaration':
      define(name, 'class');
      enter('type', name?.text ?? null);
      return;
    case 'struct_declaration':
      define(name, 'struct');
      enter('type', name?.text ?? null);
      return;
    case 'record_declaration':
    case 'record_struct_declaration':
      define(name, 'record');
      enter('type', name?.text ?? null);
      return;
    case 'interface_declaration':
      define(name, 'interface');
      enter('type', name?.text ?? null);
      return;
    case 'enum_declaration':
      define(name, 'enum');
      enter('type', name?.text ?? null);
      return;
    case 'enum_member_declaration':
      define(name, 'enum_member');
      return;
    case 'namespace_declaration':
    case 'file_scoped_namespace_declaration':
      define(name, 'namespace');
      return;
    case 'delegate_declaration':
      define(name, 'delegate');
      return;
    case 'method_declaration':
      define(name, 'method');
      enter('function', name?.text ?? null);
      return;
    case 'local_function_statement':
      define(name, 'function');
      enter('function', name?.text ?? null);
      return;
    case 'constructor_declaration':
      define(name, 'constructor');
      enter('function', name?.text ?? null);
      return;
    case 'property_declaration':
      define(name, 'property');
      return;
    case 'event_declaration':
      define(name, 'event');
      return;
    case 'field_declaration':
    case 'event_field_declaration':
    case 'local_declaration_statement': {
      const kind: DefinitionKind = node.type === 'field_declaration' ? 'field' : node.type === 'event_field_declaration' ? 'event' : 'variable';
      const declaration = node.namedChildren.find((child) => child?.type === 'variable_declaration');
      for (const declarator of declaration?.namedChildren ?? []) {
        if (declarator?.type === 'variable_declarator') define(declarator.childForFieldName('name') ?? declarator.namedChildren.find((child) => child?.type === 'identifier') ?? null, kind);
      }
      return;
    }
    case 'parameter':
      define(name, 'parameter');
      return;
    case 'lambda_expression':
    case 'anonymous_method_expression':
      enter('function', context.scope.container);
      return;
    default:
      return;
  }
}

const RULES: Record<GrammarLanguage, (context: RuleContext) => void> = {
  typescript: typescriptRule,
  tsx: typescriptRule,
  python: pythonRule,
  csharp: csharpRule,
};

/** Read the outline from an existing tree. */
export function outlineFromTree(tree: Tree, language: GrammarLanguage): FileOutline {
  const root = tree.rootNode;
  const lineCount = root.endPosition.row + 1;
  const definitions: SymbolDefinition[] = [];
  const definitionNameStarts = new Set<number>();
  const identifierTypes = IDENTIFIER_TYPES[language];
  const rule = RULES[language];
  const identifierNodes: Node[] = [];

  const visit = (node: Node, scope: WalkScope): void => {
    let childScope = scope;
    const define: DefinitionRecorder = (nameNode, kind, explicitOwner) => {
      if (!nameNode || definitionNameStarts.has(nameNode.startIndex)) return;
      definitionNameStarts.add(nameNode.startIndex);
      // A lambda's parameter belongs to the scope the lambda opens, not the one around it.
      const owner = explicitOwner ?? (kind === 'parameter' ? childScope : scope);
      owner.assignedNames.add(nameNode.text);
      definitions.push({
        name: nameNode.text,
        kind,
        line: nameNode.startPosition.row + 1,
        column: nameNode.startPosition.column + 1,
        container: owner.container,
        scopeKind: owner.kind,
        scopeStartLine: owner.startLine,
        scopeEndLine: owner.endLine,
      });
    };
    const enter = (kind: WalkScope['kind'], container: string | null): void => {
      childScope = { kind, container, startLine: node.startPosition.row + 1, endLine: node.endPosition.row + 1, assignedNames: new Set(), parent: scope };
    };
    rule({ node, scope, define, enter });
    if (identifierTypes.has(node.type)) identifierNodes.push(node);
    for (const child of node.namedChildren) {
      if (child) visit(child, childScope);
    }
  };
  visit(root, { kind: 'file', container: null, startLine: 1, endLine: lineCount, assignedNames: new Set(), parent: null });

  const references: IdentifierOccurrence[] = [];
  for (const identifier of identifierNodes) {
    if (definitionNameStarts.has(identifier.startIndex)) continue;
    references.push({ name: identifier.text, line: identifier.startPosition.row + 1, column: identifier.startPosition.column + 1 });
  }
  return { language, lineCount, definitions, references };
}

/** Parse and outline a source text. */
export async function outlineSource(language: GrammarLanguage, source: string): Promise<FileOutline> {
  const tree = await parseSource(language, source);
  try {
    return outlineFromTree(tree, language);
  } finally {
    tree.delete();
  }
}
