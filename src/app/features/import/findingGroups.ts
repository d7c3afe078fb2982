/** The check's findings grouped by rule, refusals first, each group with its counts: what a long report folds into. */
import type { ImportProblem, ImportRule } from '../../../core/import';

/** What each rule is about, in a user's words, for the heading of its group. */
const RULE_TITLES: Record<ImportRule, string> = {
  not_json: 'Not JSON',
  too_large: 'Too large',
  unknown_format: 'No known format',
  not_an_object: 'A definition that is not an object',
  missing_field: 'A required field is missing',
  wrong_type: 'A field of the wrong type',
  empty_name: 'An empty name',
  duplicate_name: 'A name used twice',
  provider_name: 'A name providers refuse',
  spoofing_name: 'A name with hidden or reordering characters',
  schema_not_object: 'Arguments that are not an object',
  schema_does_not_compile: 'A schema that does not compile',
  remote_ref: 'A reference to another address',
  recursive_ref: 'A recursive reference',
  unresolved_ref: 'A reference that leads nowhere',
  too_deep: 'Nested too deep',
  unsafe_pattern: 'A pattern that can run away',
  unknown_type: 'An unknown type',
  schema_note: 'Notes on the schema',
  meta_schema: 'Descriptions and types a model needs',
  converted: 'Converted to JSON Schema',
};

export interface FindingGroup {
  rule: ImportRule;
  title: string;
  problems: ImportProblem[];
  errors: number;
  warnings: number;
  /** How many tools the group names (a finding on the whole text names none). */
  tools: number;
}

export function groupFindings(problems: readonly ImportProblem[]): FindingGroup[] {
  const byRule = new Map<ImportRule, ImportProblem[]>();
  for (const problem of problems) {
    const list = byRule.get(problem.rule);
    if (list) list.push(problem);
    else byRule.set(problem.rule, [problem]);
  }
  const groups = [...byRule].map(([rule, list]): FindingGroup => {
    const errors = list.filter((problem) => problem.severity === 'error').length;
    const tools = new Set(list.flatMap((problem) => (problem.toolIndex === undefined ? [] : [problem.toolIndex]))).size;
    // Within a group, refusals come before warnings; the input's order is kept otherwise.
    const ordered = [
      ...list.filter((problem) => problem.severity === 'error'),
      ...list.filter((problem) => problem.severity !== 'error'),
    ];
    return { rule, title: RULE_TITLES[rule] ?? rule, problems: ordered, errors, warnings: list.length - errors, tools };
  });
  // Groups with refusals first, then the largest groups.
  return groups.sort((a, b) => Number(b.errors > 0) - Number(a.errors > 0) || b.problems.length - a.problems.length);
}

export function groupCounts(group: FindingGroup): string {
  const parts: string[] = [];
  if (group.errors > 0) parts.push(`${group.errors} refused`);
  const noun = group.rule === 'schema_note' ? 'note' : 'warning';
  if (group.warnings > 0) parts.push(`${group.warnings} ${group.warnings === 1 ? noun : `${noun}s`}`);
  if (group.tools > 1) parts.push(`in ${group.tools} tools`);
  return parts.join(', ');
}
