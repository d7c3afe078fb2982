/** `eval export-bfcl <suite> --questions <file> --answers <file>`: a suite written as BFCL's data files. */
import { exportBfcl } from '../../../core/evals/bfcl';
import { argumentProblem, flagValue, parseArguments } from '../../args';
import { EXIT_OK, EXIT_USAGE, lines, usageError, type CommandContext, type CommandResult } from '../../types';
import { loadSuite, SUITE_USAGE } from './suite';

export function exportBfclCommand(argv: readonly string[], context: CommandContext): CommandResult {
  const parsed = parseArguments(argv, { values: ['questions', 'answers'] });
  const questions = flagValue(parsed, 'questions');
  const answers = flagValue(parsed, 'answers');
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length !== 1
      ? 'Give one suite file: tool-schemas eval export-bfcl <suite> --questions <file> --answers <file>'
      : undefined) ??
    (questions === undefined || answers === undefined
      ? 'Give both output files: --questions <file> --answers <file>'
      : undefined);
  if (problem !== undefined || questions === undefined || answers === undefined)
    return usageError(problem ?? '', SUITE_USAGE);
  const loaded = loadSuite(parsed.positionals[0]!, context);
  if (!loaded.ok) return { stdout: '', stderr: `${loaded.message}\n`, exitCode: EXIT_USAGE };
  const exported = exportBfcl(loaded.suite, loaded.bundle.tools);
  if (!context.writeFile)
    return { stdout: '', stderr: 'export-bfcl: files cannot be written here\n', exitCode: EXIT_USAGE };
  try {
    context.writeFile(questions, exported.questions);
    context.writeFile(answers, exported.answers);
  } catch (error) {
    return { stdout: '', stderr: `export-bfcl: could not write: ${(error as Error).message}\n`, exitCode: EXIT_USAGE };
  }
  const out = [
    `${exported.ids.length} of ${loaded.suite.cases.length} cases written as BFCL entries:`,
    ...exported.ids.map((entry) => `  ${entry.bfcl.padEnd(24)} ← ${entry.case}`),
    ...(exported.skipped.length > 0
      ? ['Left out:', ...exported.skipped.map((entry) => `  ${entry.case}: ${entry.reason}`)]
      : []),
    ...(exported.notes.length > 0
      ? ['Notes:', ...exported.notes.map((entry) => `  ${entry.case}: ${entry.message}`)]
      : []),
  ];
  return { stdout: lines(out), stderr: '', exitCode: EXIT_OK };
}
