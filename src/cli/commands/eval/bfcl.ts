/**
 * `eval --bfcl <question file> --answers <possible_answer file> --results <result file>`: BFCL model
 * results scored with BFCL's own AST rules, each entry's verdict and reason, accuracy per category.
 */
import { readAnswers, readBfclResults, readQuestions, scoreBfcl, type BfclScore } from '../../../core/evals/bfcl';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../../args';
import { createStyle } from '../../style';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  lines,
  usageError,
  type CommandContext,
  type CommandResult,
} from '../../types';
import { parseBar, percent, readNamed } from './shared';

export const BFCL_USAGE = `Usage: tool-schemas eval --bfcl <question file> --answers <possible_answer file> --results <result file>
                         [--json] [--fail-under <p>] [--underscore-to-dot]

  Scores BFCL model results with BFCL's AST checker rules (simple, multiple, parallel,
  parallel-multiple; Python): the verdict BFCL gives each entry, with its error type and message,
  and the accuracy per category. Results are JSON Lines of BFCL's decoded form:
    {"id": "simple_python_0", "result": [{"calculate_triangle_area": {"base": 10, "height": 5}}]}

  --json               the verdicts and accuracies as JSON
  --fail-under <p>     exit 1 when the overall accuracy is below p (0..1 or a percentage); default 1
  --underscore-to-dot  the model's config in BFCL sets underscore_to_dot (names with '.' sent as '_')

  Exit status: 0 at or above the bar, 1 below, 2 usage error or unreadable file.`;

function formatBfcl(score: BfclScore, color: boolean): string[] {
  const style = createStyle(color);
  const out: string[] = [];
  const width = Math.min(
    48,
    Math.max(
      ...score.verdicts.map((verdict) => verdict.id.length + (verdict.variant ? verdict.variant.length + 3 : 0)),
      8,
    ),
  );
  for (const verdict of score.verdicts) {
    const label = `${verdict.id}${verdict.variant ? ` (${verdict.variant})` : ''}`.padEnd(width);
    if (verdict.valid) out.push(`${style.green('✓')} ${label}  valid`);
    else
      out.push(`${style.red('✗')} ${label}  ${verdict.errorType}${verdict.errors[0] ? ` — ${verdict.errors[0]}` : ''}`);
  }
  out.push('', style.bold('Accuracy by category'));
  for (const entry of [...score.categories, score.overall]) {
    out.push(
      `  ${entry.category.padEnd(20)} ${String(entry.correct).padStart(5)} / ${String(entry.total).padEnd(5)} ${percent(entry.accuracy).padStart(7)}`,
    );
  }
  return out;
}

export function bfclCommand(argv: readonly string[], context: CommandContext): CommandResult {
  const parsed = parseArguments(argv, {
    values: ['bfcl', 'answers', 'results', 'fail-under'],
    switches: ['json', 'underscore-to-dot'],
  });
  const bar = parseBar(flagValue(parsed, 'fail-under'));
  const problem =
    argumentProblem(parsed) ??
    (flagValue(parsed, 'answers') === undefined
      ? 'Give the possible answers: --answers <possible_answer file>'
      : undefined) ??
    (flagValue(parsed, 'results') === undefined
      ? 'Give the model results: --results <file of {"id", "result"} lines>'
      : undefined) ??
    (parsed.positionals.length > 0
      ? `eval --bfcl takes no suite (got '${parsed.positionals.join(' ')}')`
      : undefined) ??
    (typeof bar === 'object' ? bar.error : undefined);
  if (problem !== undefined || typeof bar === 'object') return usageError(problem ?? '', BFCL_USAGE);

  const texts = (['bfcl', 'answers', 'results'] as const).map((flag) =>
    readNamed(context, flagValue(parsed, flag)!, `--${flag}`),
  );
  const unreadable = texts.find((text) => !text.ok);
  if (unreadable && !unreadable.ok) return { stdout: '', stderr: `${unreadable.message}\n`, exitCode: EXIT_USAGE };
  const [questionText, answerText, resultText] = texts.map((text) => (text.ok ? text.text : ''));
  const questions = readQuestions(questionText!);
  const answers = readAnswers(answerText!);
  const results = readBfclResults(resultText!);
  const score = scoreBfcl(questions.questions, answers.answers, results.results, {
    underscoreToDot: hasFlag(parsed, 'underscore-to-dot'),
  });
  const problems = [
    ...questions.problems.map((entry) => `--bfcl line ${entry.line}: ${entry.message}`),
    ...answers.problems.map((entry) => `--answers line ${entry.line}: ${entry.message}`),
    ...[...results.problems, ...score.problems].map((entry) => `--results line ${entry.line}: ${entry.message}`),
  ];
  if (score.verdicts.length === 0)
    return { stdout: '', stderr: lines('No result could be scored.', problems), exitCode: EXIT_USAGE };
  const passed = score.overall.accuracy >= bar;
  const exitCode = passed ? EXIT_OK : EXIT_FAILURE;
  const stderr = problems.length > 0 ? lines(problems) : '';
  if (hasFlag(parsed, 'json'))
    return { stdout: `${JSON.stringify({ ...score, bar, passed }, null, 2)}\n`, stderr, exitCode };
  const gate =
    flagValue(parsed, 'fail-under') === undefined
      ? []
      : [
          '',
          passed
            ? `✓ accuracy ${percent(score.overall.accuracy)} is at or above ${percent(bar)}`
            : `✗ accuracy ${percent(score.overall.accuracy)} is below ${percent(bar)}`,
        ];
  return { stdout: lines(formatBfcl(score, context.color), gate), stderr, exitCode };
}
