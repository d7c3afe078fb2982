// Offline eval scoring: 100,000 logged calls (JSON Lines, one or two calls a record) read, graded
// against a suite built from the Acode tools' examples, and reported, in one process (aim ≤ 2 s); and
// BFCL's AST rules on the shipped sample's results, repeated to 10,000 entries. Verdicts are checked
// before anything is timed: a fast wrong scorer must not print a figure. CPU time is printed beside
// the wall clock, with the load average: on a shared machine the wall clock measures the neighbours.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createCheckContext } from '../src/core/calls/check';
import { buildReport, readResults, scoreRecords, type EvalCase, type EvalSuite } from '../src/core/evals';
import { readAnswers, readBfclResults, readQuestions, scoreBfcl } from '../src/core/evals/bfcl';
import { bundle } from '../src/core/toolset/bundle';
import { createCompilingValidator } from '../src/core/validation/compile';

// The validator of this bench: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const TARGETS = { hundredThousandScoredCallsMs: 2000 };
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One case per valid example: the example's tool, its first argument exact, the rest by type. */
function suiteOfExamples(): {
  suite: EvalSuite;
  examples: { caseId: string; tool: string; args: Record<string, unknown> }[];
} {
  const cases: EvalCase[] = [];
  const examples: { caseId: string; tool: string; args: Record<string, unknown> }[] = [];
  for (const tool of bundle.tools) {
    tool.examples.forEach((example, index) => {
      const id = `${tool.name}-${index}`;
      const entries = Object.entries(example.arguments);
      const args = Object.fromEntries(
        entries.map(([name, value], position) => [name, position === 0 ? { equals: value } : { typed: true as const }]),
      );
      cases.push({
        id,
        messages: [{ role: 'user', content: example.title }],
        expect: {
          calls: [{ tool: tool.name, arguments: args }],
          order: 'any',
          noCall: false,
          mustNotCall: [],
          allowExtraCalls: false,
        },
      });
      examples.push({ caseId: id, tool: tool.name, args: example.arguments });
    });
  }
  return { suite: { name: 'acode examples', toolset: bundle.manifest.id, repetitions: 1, cases }, examples };
}

/** Records cycling through: right (one call), right then an extra call (two), wrong tool (one). */
function resultLines(
  examples: ReturnType<typeof suiteOfExamples>['examples'],
  calls: number,
): { text: string; records: number; expectedPasses: number } {
  const lines: string[] = [];
  let made = 0;
  let expectedPasses = 0;
  for (let index = 0; made < calls; index++) {
    const example = examples[index % examples.length]!;
    const kind = index % 3;
    const right = { tool: example.tool, arguments: example.args };
    const record =
      kind === 0
        ? [right]
        : kind === 1 && made + 2 <= calls
          ? [right, { tool: 'git_status', arguments: {} }]
          : [{ tool: `${example.tool}_v2`, arguments: example.args }];
    if (kind === 0) expectedPasses++;
    made += record.length;
    lines.push(JSON.stringify({ case: example.caseId, model: `model-${index % 3}`, calls: record }));
  }
  return { text: `${lines.join('\n')}\n`, records: lines.length, expectedPasses };
}

/** CPU time of this process, beside the wall clock: on a shared machine the two differ widely. */
const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

function scoreText(suite: EvalSuite, text: string) {
  const started = performance.now();
  const cpuStarted = cpuMs();
  const { records } = readResults(text);
  const read = cpuMs();
  const { runs, problems } = scoreRecords(suite, records, createCheckContext(validator, bundle.tools));
  const graded = cpuMs();
  const report = buildReport(suite.name, runs);
  const ended = cpuMs();
  return {
    milliseconds: performance.now() - started,
    cpu: { total: ended - cpuStarted, read: read - cpuStarted, grade: graded - read, report: ended - graded },
    runs,
    problems,
    report,
  };
}

export async function benchEvals(): Promise<object> {
  const { suite, examples } = suiteOfExamples();
  // Verdicts first, on a small file: every right record passes, every other fails.
  const small = resultLines(examples, 3000);
  const checked = scoreText(suite, small.text);
  const passes = checked.runs.filter((run) => run.grade.pass).length;
  if (checked.problems.length > 0 || checked.runs.length !== small.records || passes !== small.expectedPasses) {
    throw new Error(
      `eval verdicts are wrong: ${passes} passes of ${checked.runs.length} runs, expected ${small.expectedPasses} of ${small.records}; ${checked.problems.length} problems`,
    );
  }

  const big = resultLines(examples, 100_000);
  scoreText(suite, big.text);
  const times: number[] = [];
  const cpus: ReturnType<typeof scoreText>['cpu'][] = [];
  let scoredCalls = 0;
  for (let run = 0; run < 3; run++) {
    const result = scoreText(suite, big.text);
    times.push(result.milliseconds);
    cpus.push(result.cpu);
    scoredCalls = result.runs.reduce((sum, entry) => sum + entry.grade.actualCalls, 0);
  }
  const ms = median(times);
  const cpu = cpus.find((entry) => entry.total === median(cpus.map((item) => item.total)))!;

  const fixture = (name: string) =>
    readFileSync(new URL(`../src/core/evals/bfcl/fixtures/${name}`, import.meta.url), 'utf8');
  const questions = readQuestions(fixture('bfcl-sample-questions.json')).questions;
  const answers = readAnswers(fixture('bfcl-sample-possible-answer.json')).answers;
  const sampleLines = fixture('bfcl-sample-results.jsonl').trim().split('\n');
  const verdicts = fixture('bfcl-sample-verdicts.jsonl')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { plain: { valid: boolean } }).plain.valid);
  const sampleScore = scoreBfcl(questions, answers, readBfclResults(sampleLines.join('\n')).results);
  if (sampleScore.verdicts.some((verdict, index) => verdict.valid !== verdicts[index]))
    throw new Error("BFCL verdicts differ from BFCL's checker");
  const repeated = Array.from({ length: 10_000 }, (_, index) => sampleLines[index % sampleLines.length]).join('\n');
  const bfclStarted = performance.now();
  const bfclCpuStarted = cpuMs();
  const bfcl = scoreBfcl(questions, answers, readBfclResults(repeated).results);
  const bfclMs = performance.now() - bfclStarted;
  const bfclCpuMs = cpuMs() - bfclCpuStarted;

  return {
    offlineScoring: {
      scoredCalls,
      records: big.records,
      cases: suite.cases.length,
      models: 3,
      milliseconds: round(ms),
      cpuMilliseconds: {
        total: round(cpu.total),
        read: round(cpu.read),
        grade: round(cpu.grade),
        report: round(cpu.report),
      },
      loadAverage: round(loadavg()[0]!, 1),
      callsPerSecond: Math.round(scoredCalls / (ms / 1000)),
      targetMs: TARGETS.hundredThousandScoredCallsMs,
      ratioToTarget: round(ms / TARGETS.hundredThousandScoredCallsMs, 2),
      cpuRatioToTarget: round(cpu.total / TARGETS.hundredThousandScoredCallsMs, 2),
      verdictsChecked: true,
    },
    bfcl: {
      entries: bfcl.verdicts.length,
      milliseconds: round(bfclMs),
      cpuMilliseconds: round(bfclCpuMs),
      entriesPerSecond: Math.round(bfcl.verdicts.length / (bfclMs / 1000)),
      verdictsCheckedAgainstChecker: sampleScore.verdicts.length,
    },
  };
}
