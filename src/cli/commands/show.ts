import { walkSchema, isJsonObject, schemaTypes } from '../../core/audit/schemaWalk';
import { resolveLocalRef } from '../../core/json/local-refs';
import { categoryName } from '../../core/toolset/categories';
import { riskInfo } from '../../core/toolset/risk';
import type { JsonObject, JsonValue, ToolDefinition } from '../../core/toolset/types';
import { argumentProblem, hasFlag, parseArguments } from '../args';
import { columns, compactJson, wrapText } from '../format';
import { unknownToolMessage } from '../suggest';
import { createStyle, visibleLength } from '../style';
import { lines, ok, usageError, type CommandContext, type CommandResult } from '../types';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';

export const SHOW_USAGE = `Usage: tool-schemas show <tool> [--json] [--version]

  --json      print the full tool definition as JSON
  --version   print only the schema version`;

const DESCRIPTION_WIDTH = 72;
const PARAMETER_DESCRIPTION_WIDTH = 60;

const UNIONS = ['anyOf', 'oneOf'] as const;

/** The branches of an anyOf/oneOf, local $refs resolved against the root. */
const branchesOf = (schema: JsonObject, root: JsonObject): JsonObject[] => {
  for (const keyword of UNIONS) {
    const branches = schema[keyword];
    if (Array.isArray(branches))
      return branches.filter((branch) => isJsonObject(branch)).map((branch) => resolved(branch, root));
  }
  return [];
};

const resolved = (schema: JsonObject, root: JsonObject): JsonObject => {
  if (typeof schema.$ref !== 'string') return schema;
  const target = resolveLocalRef(root, schema.$ref);
  return target
    ? { ...target, ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$ref')) }
    : schema;
};

/** "string", "integer", "array<string>", "object<string>" for maps, "string|null" for an anyOf of a string enum and null. */
export const typeLabel = (schema: JsonObject, root: JsonObject = schema): string => {
  const node = resolved(schema, root);
  const types = schemaTypes(node);
  if (types.length === 0) {
    const branches = branchesOf(node, root);
    if (branches.length > 0) return [...new Set(branches.map((branch) => typeLabel(branch, root)))].join('|');
    if (typeof schema.$ref === 'string' && node === schema) return `ref ${schema.$ref}`;
  }
  const base = types.length > 0 ? types.join('|') : 'enum' in node ? 'enum' : 'const' in node ? 'const' : 'any';
  if (types.includes('array') && isJsonObject(node.items)) return `array<${typeLabel(node.items, root)}>`;
  if (types.includes('object') && isJsonObject(node.additionalProperties) && !isJsonObject(node.properties))
    return `object<${typeLabel(node.additionalProperties, root)}>`;
  return base;
};

const plainValue = (value: JsonValue): string => (typeof value === 'string' ? value : compactJson(value));

const CONSTRAINT_ORDER = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
] as const;

/** "minimum 1, maximum 3600, default 300": every validation rule on one schema node, in a fixed order; an anyOf/oneOf's branches too. */
export const constraintText = (schema: JsonObject, root: JsonObject = schema): string => {
  const node = resolved(schema, root);
  const parts: string[] = [];
  for (const keyword of CONSTRAINT_ORDER) {
    const value = node[keyword];
    if (value === undefined) continue;
    if (keyword === 'enum' && Array.isArray(value)) parts.push(`enum [${value.map(plainValue).join(', ')}]`);
    else if (keyword === 'uniqueItems') {
      if (value === true) parts.push('uniqueItems');
    } else parts.push(`${keyword} ${plainValue(value)}`);
  }
  const branches = branchesOf(node, root);
  const nullable =
    branches.some((branch) => branch.type === 'null') || (Array.isArray(node.type) && node.type.includes('null'));
  const constrained = branches
    .filter((branch) => branch.type !== 'null')
    .map((branch) => constraintText(branch, root))
    .filter((text) => text !== '');
  if (constrained.length === 1) parts.push(constrained[0] ?? '');
  else if (constrained.length > 1) parts.push(`one of: ${constrained.map((text) => `(${text})`).join(' or ')}`);
  if (nullable) parts.push('nullable');
  if (node.default !== undefined) parts.push(`default ${plainValue(node.default)}`);
  return parts.join(', ');
};

export const showTool = (tool: ToolDefinition, context: CommandContext): string => {
  const style = createStyle(context.color);
  const header = `${tool.name} v${tool.version} (${categoryName(tool.category, context.bundle)})`;
  const out: string[] = [style.bold(header), '─'.repeat(header.length), ''];

  out.push(style.bold('DESCRIPTION:'), ...wrapText(tool.description, DESCRIPTION_WIDTH).map((line) => `  ${line}`), '');
  const risk = riskInfo(tool.riskLevel);
  out.push(
    style.bold('RISK LEVEL:'),
    `  ${tool.riskLevel} (${risk ? `${risk.displayName}: ${risk.description}` : 'unknown'})`,
    '',
  );

  const properties = isJsonObject(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
  out.push(style.bold('PARAMETERS:'));
  const entries = Object.entries(properties).filter((entry): entry is [string, JsonObject] => isJsonObject(entry[1]));
  if (entries.length === 0) out.push('  (none)');
  const rows = entries.map(([name, schema]) => [
    `  ${style.cyan(name)}`,
    typeLabel(schema, tool.inputSchema),
    required.includes(name) ? style.yellow('[required]') : '[optional]',
    schema.default !== undefined ? `default: ${plainValue(schema.default)}` : '',
  ]);
  const table = columns(
    rows.map((row) => [...row, '']),
    2,
    false,
  );
  entries.forEach(([, schema], index) => {
    const prefix = table[index] ?? '';
    const indent = ' '.repeat(visibleLength(prefix));
    const described = wrapText(
      typeof schema.description === 'string' ? schema.description : '',
      PARAMETER_DESCRIPTION_WIDTH,
    );
    out.push(`${prefix}${described[0]}`.trimEnd(), ...described.slice(1).map((line) => `${indent}${line}`));
  });
  out.push('');

  const constraints = walkSchema(tool.inputSchema)
    .map((node) => ({ parameter: node.parameter, text: constraintText(node.schema, tool.inputSchema) }))
    .filter((entry) => entry.text !== '');
  out.push(style.bold('CONSTRAINTS:'));
  if (constraints.length === 0) out.push('  (none)');
  out.push(
    ...columns(
      constraints.map((entry) => [`  ${entry.parameter}:`, entry.text]),
      1,
    ),
  );
  if (tool.inputSchema.additionalProperties === false) out.push('  (unknown parameters are rejected)');
  out.push('');

  if (tool.relationships && tool.relationships.length > 0) {
    out.push(
      style.bold('RELATIONSHIPS:'),
      ...tool.relationships.map((relationship) => `  ${relationship.description}`),
      '',
    );
  }
  if (tool.warnings && tool.warnings.length > 0) {
    out.push(
      style.bold('WARNINGS:'),
      ...tool.warnings.map((warning) => `  ${warning.code}: ${warning.description}`),
      '',
    );
  }
  out.push(style.bold('EXAMPLES:'));
  if (tool.examples.length === 0) out.push('  (none)');
  out.push(...tool.examples.map((example) => `  ${compactJson(example.arguments)}`));
  return lines(out);
};

export const showCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { switches: ['json', 'version'] });
  if (hasFlag(parsed, 'help')) return ok(`${SHOW_USAGE}\n`);
  const problem =
    argumentProblem(parsed) ?? (parsed.positionals.length !== 1 ? 'Give exactly one tool name' : undefined);
  if (problem) return usageError(problem, SHOW_USAGE);
  const name = parsed.positionals[0] ?? '';
  const tool = context.bundle.tools.find((candidate) => candidate.name === name);
  if (!tool) return usageError(unknownToolMessage(context.bundle, name));
  if (hasFlag(parsed, 'version')) return ok(`${tool.version}\n`);
  if (hasFlag(parsed, 'json')) return ok(`${JSON.stringify(tool, null, 2)}\n`);
  return ok(showTool(tool, context));
};

export const command: Command = {
  name: 'show',
  usage: SHOW_USAGE,
  summary: `show <tool> [--json] [--version]                              a tool's parameters, constraints and examples`,
  run: withToolset(showCommand),
};
