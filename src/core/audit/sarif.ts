/** SARIF 2.1.0 for code-scanning: one run, the rules that ran, a result per finding with its JSON pointer as a logical location. */
import { escapePointerSegment as pointerSegment } from '../json/pointer';
import type { JsonObject } from '../toolset/types';
import type { ToolsetFinding } from './toolset';
import type { AuditFinding, AuditSeverity } from './types';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<AuditSeverity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export interface SarifInput {
  /** The rules that ran: id and one-line description. */
  rules: readonly { id: string; description: string }[];
  findings: readonly AuditFinding[];
  toolsetFindings?: readonly ToolsetFinding[];
  /** The file the definitions came from, relative to the repository (a physical location for every result), if any. */
  artifact?: string;
  version: string;
}

/**
 * The JSON pointer of a parameter path as the audit writes it (`options.depth`, `files[]`, `env.*`). A property
 * name holding a dot reads as two levels here; rules that know the exact pointer give it themselves.
 */
export const parameterPointer = (parameter: string): string => {
  let pointer = '/inputSchema';
  for (const part of parameter.split('.')) {
    const [, name = '', arrays = ''] = /^(.*?)((?:\[\])*)$/.exec(part) ?? [];
    pointer += name === '*' ? '/additionalProperties' : `/properties/${pointerSegment(name)}`;
    pointer += '/items'.repeat(arrays.length / 2);
  }
  return pointer;
};

/** The logical location of a finding: `/tool/pointer`, the tool a function, a place inside it a member. */
const logical = (tool: string, pointer: string | undefined, parameter: string | undefined): JsonObject[] => {
  const at = pointer ?? (parameter ? parameterPointer(parameter) : undefined);
  return [
    { name: at ?? tool, fullyQualifiedName: `/${pointerSegment(tool)}${at ?? ''}`, kind: at ? 'member' : 'function' },
  ];
};

const location = (input: SarifInput, tool: string, pointer: string | undefined, parameter?: string): JsonObject => ({
  ...(input.artifact ? { physicalLocation: { artifactLocation: { uri: input.artifact } } } : {}),
  logicalLocations: logical(tool, pointer, parameter),
});

export const toSarif = (input: SarifInput): JsonObject => {
  const ruleIndex = new Map(input.rules.map((rule, index) => [rule.id, index]));
  const results: JsonObject[] = [
    ...input.findings.map((finding) => ({
      ruleId: finding.rule,
      ...(ruleIndex.has(finding.rule) ? { ruleIndex: ruleIndex.get(finding.rule) ?? 0 } : {}),
      level: LEVEL[finding.severity],
      message: { text: `${finding.tool}: ${finding.message}` },
      locations: [location(input, finding.tool, finding.pointer, finding.parameter)],
    })),
    ...(input.toolsetFindings ?? []).map((finding) => ({
      ruleId: finding.rule,
      ...(ruleIndex.has(finding.rule) ? { ruleIndex: ruleIndex.get(finding.rule) ?? 0 } : {}),
      level: LEVEL[finding.severity],
      message: { text: finding.message },
      locations: [location(input, finding.tools[0]?.tool ?? '', finding.pointer)],
      ...(finding.tools.length > 1
        ? {
            relatedLocations: finding.tools.slice(1).map((ref, index) => ({
              id: index + 1,
              ...location(input, ref.tool, undefined),
              message: { text: `${ref.toolset}/${ref.tool}` },
            })),
          }
        : {}),
    })),
  ];
  return {
    version: '2.1.0',
    $schema: SARIF_SCHEMA,
    runs: [
      {
        tool: {
          driver: {
            name: 'tool-schemas',
            version: input.version,
            rules: input.rules.map((rule) => ({ id: rule.id, shortDescription: { text: rule.description } })),
          },
        },
        results,
      },
    ],
  };
};
