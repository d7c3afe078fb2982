/** What is wrong with a toolset's files, each problem with its file and pointer, and the error that lists them. */
import type { ErrorObject } from 'ajv/dist/2020';

export interface ToolsetProblem {
  file: string;
  /** JSON pointer inside the file; empty for the file as a whole. */
  pointer: string;
  message: string;
}

/** Thrown when a toolset's files are malformed or inconsistent; lists every problem found. */
export class ToolsetLoadError extends Error {
  readonly problems: ToolsetProblem[];

  constructor(problems: ToolsetProblem[]) {
    super(
      `Toolset failed to load (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((problem) => `  ${formatProblem(problem)}`).join('\n'),
    );
    this.name = 'ToolsetLoadError';
    this.problems = problems;
  }
}

const formatProblem = (problem: ToolsetProblem): string =>
  `${problem.file}: ${problem.pointer ? `${problem.pointer}: ` : ''}${problem.message}`;

/** Ajv's message, made specific where Ajv leaves the offending name in `params`. */
function describeAjvError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `must NOT have additional property '${String(params.additionalProperty)}'`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'propertyNames':
      return `property name '${String(params.propertyName)}' is invalid`;
    default:
      return error.message ?? error.keyword;
  }
}

export function ajvProblems(
  file: string,
  errors: ErrorObject[] | null | undefined,
  pointerPrefix = '',
): ToolsetProblem[] {
  const seen = new Set<string>();
  const problems: ToolsetProblem[] = [];
  for (const error of errors ?? []) {
    // oneOf reports its own summary plus every branch's errors; the branch errors say more.
    if (error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const problem = { file, pointer: pointerPrefix + error.instancePath, message: describeAjvError(error) };
    const key = formatProblem(problem);
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}
