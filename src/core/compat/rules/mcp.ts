/** MCP's Tool fields: name (1–128 of A–Z a–z 0–9 _ - .), optional title, description, inputSchema of type object, annotations. */
import { refusedName } from '../../toolset/name-characters';
import type { ToolDefinition } from '../../toolset/types';
import type { CompatFinding } from '../types';

export function mcpFindings(tool: ToolDefinition): CompatFinding[] {
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
  if (!/^[A-Za-z0-9_.-]{1,128}$/.test(tool.name))
    add(
      'error',
      'tool-name',
      'name',
      '/name',
      `MCP tool names should be 1–128 characters of A–Z, a–z, 0–9, '_', '-' and '.'; ${refusedName(tool.name)}.`,
    );
  if (tool.inputSchema.type !== 'object')
    add(
      'error',
      'root-not-object',
      'type',
      '/inputSchema/type',
      'inputSchema must be a JSON Schema object with "type": "object".',
    );
  if (tool.description.trim() === '')
    add(
      'warning',
      'missing-description',
      'description',
      '/description',
      'A tool without a description leaves the model guessing when to call it.',
    );
  if (!tool.title?.trim())
    add(
      'info',
      'missing-title',
      'title',
      '/title',
      'title is optional, but clients show it to people instead of the name.',
    );
  const readOnly = tool.riskLevel === 'safe';
  add(
    'info',
    'annotations',
    'riskLevel',
    '/riskLevel',
    `annotations come from risk level '${tool.riskLevel}' (readOnlyHint ${readOnly}); they are hints: clients must not rely on them for security.`,
  );
  return findings;
}
