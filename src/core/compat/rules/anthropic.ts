/**
 * Anthropic tools: any JSON Schema object as input_schema, a name of 1–64 letters, digits, '_' or '-'. Its strict
 * tool use supports only part of JSON Schema; those gaps are reported as information, since without strict the
 * schema is accepted as guidance.
 */
import { ANTHROPIC_STRICT_UNSUPPORTED } from '../../export/formats';
import { refusedName } from '../../toolset/name-characters';
import type { ToolDefinition } from '../../toolset/types';
import type { CompatFinding } from '../types';
import { isObjectSchema, walkSchema, where } from '../walk';

export function anthropicFindings(tool: ToolDefinition): CompatFinding[] {
  const findings: CompatFinding[] = [];
  const add = (
    severity: CompatFinding['severity'],
    rule: string,
    keyword: string,
    pointer: string,
    message: string,
  ): void => {
    findings.push({ rule, keyword, pointer, severity, message });
  };
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name))
    add(
      'error',
      'tool-name',
      'name',
      '/name',
      `Anthropic accepts tool names of 1–64 letters, digits, '_' and '-'; ${refusedName(tool.name)}.`,
    );
  if (tool.inputSchema.type !== 'object')
    add('error', 'root-not-object', 'type', '/inputSchema/type', 'input_schema must be "type": "object".');
  if (tool.description.trim().length < 20)
    add(
      'warning',
      'short-description',
      'description',
      '/description',
      'Anthropic advises a detailed description (what the tool does, when to use it, what each parameter means); this one is very short.',
    );
  for (const { node, pointer, parameter } of walkSchema(tool.inputSchema)) {
    for (const keyword of Object.keys(node)) {
      if (ANTHROPIC_STRICT_UNSUPPORTED.has(keyword))
        add(
          'info',
          'strict-unsupported-keyword',
          keyword,
          `${pointer}/${keyword}`,
          `${keyword} on ${where(parameter)} is accepted as guidance, but strict tool use does not support it (and does not enforce it on tool_use input).`,
        );
    }
    if (typeof node.minItems === 'number' && node.minItems > 1)
      add(
        'info',
        'strict-unsupported-keyword',
        'minItems',
        `${pointer}/minItems`,
        `minItems above 1 on ${where(parameter)} is not supported by strict tool use.`,
      );
    if (isObjectSchema(node) && node.additionalProperties !== false)
      add(
        'info',
        'strict-additional-properties',
        'additionalProperties',
        `${pointer}/additionalProperties`,
        `${where(parameter)} does not set additionalProperties: false, which strict tool use requires.`,
      );
  }
  return findings;
}
