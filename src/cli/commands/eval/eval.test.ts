import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundle, collection } from '../../../core/toolset/bundle';
import { runCli } from '../../run';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const BFCL = 'src/core/evals/bfcl/fixtures/bfcl-sample';
const SUITE = 'src/core/evals/fixtures/weather-suite.yaml';
const RESULTS = 'src/core/evals/fixtures/weather-results.jsonl';
const TOOLS = 'src/core/evals/fixtures/tools.json';

/** The CLI with the repository's files to read and an in-memory folder to write into (and read back). */
function makeCli() {
  const written = new Map<string, string>();
  const readFile = (path: string): string => written.get(path) ?? readFileSync(`${root}${path}`, 'utf8');
  const writeFile = (path: string, text: string): void => void written.set(path, text);
  const cli = (command: string) =>
    runCli(command.split(' ').filter(Boolean), { bundle, toolsets: collection.toolsets, readFile, writeFile });
  return { cli, written };
}

describe('eval --bfcl', () => {
  const { cli } = makeCli();
  const base = `eval --bfcl ${BFCL}-questions.json --answers ${BFCL}-possible-answer.json --results ${BFCL}-results.jsonl`;
  const verdicts = readFileSync(`${root}${BFCL}-verdicts.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { plain: { valid: boolean } });
  const correct = verdicts.filter((entry) => entry.plain.valid).length;

  it("prints each entry's verdict with its reason and the accuracy per category; below the default bar it exits 1", async () => {
    const result = await cli(base);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('✓ simple_python_0 (correct)');
    expect(result.stdout).toMatch(
      /✗ simple_python_0 \(wrong_value\) +value_error:others — Invalid value for parameter 'base': 17\. Expected one of \[10\]\./,
    );
    expect(result.stdout).toMatch(/Accuracy by category\n  simple_python +\d+ \/ 27/);
    expect(result.stdout).toMatch(
      new RegExp(`\\n  overall +${correct} / 78 +${((correct / 78) * 100).toFixed(1)}%\\n`),
    );
  });

  it('gates on --fail-under and prints JSON with --json', async () => {
    expect((await cli(`${base} --fail-under 40%`)).exitCode).toBe(0);
    expect((await cli(`${base} --fail-under 0.9`)).exitCode).toBe(1);
    const json = JSON.parse((await cli(`${base} --json`)).stdout) as {
      verdicts: unknown[];
      overall: { correct: number };
      passed: boolean;
    };
    expect(json.verdicts).toHaveLength(78);
    expect(json.overall.correct).toBe(correct);
    expect(json.passed).toBe(false);
  });

  it('exits 2 on usage errors and unreadable files', async () => {
    expect((await cli(`eval --bfcl ${BFCL}-questions.json --results x`)).stderr).toMatch(
      /^Give the possible answers: --answers/,
    );
    expect((await cli(`${base} --fail-under 2`)).exitCode).toBe(2);
    const missing = await cli(
      `eval --bfcl nowhere.json --answers ${BFCL}-possible-answer.json --results ${BFCL}-results.jsonl`,
    );
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/^--bfcl: 'nowhere\.json' could not be read/);
  });
});

describe('eval <suite> --results', () => {
  it('scores logged runs offline, per case and per model, and exits 1 below the bar', async () => {
    const { cli } = makeCli();
    const result = await cli(`eval ${SUITE} --results ${RESULTS} --toolset ${TOOLS}`);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Suite 'Weather assistant': 4 case results, 10 runs");
    expect(result.stdout).toMatch(
      /✗ paris-weather +model-a @ 1\.0\.0 +1\/2 +50\.0% +\[9\.5%, 90\.5%\]\n +1 of 1 expected call not made: get_weather: unit must be absent, got "celsius"/,
    );
    expect(result.stdout).toMatch(/✗ small-talk +model-a @ 1\.0\.0 +1\/3/);
    expect(result.stdout).toContain('model-a @ 1.0.0: passed 4/10 = 40.0% [16.8%, 68.7%]');
    expect(result.stdout).toContain('hallucinated: send_email.cc 1');
    expect(result.stdout).toContain('✗ lowest pass rate 40.0% is below 100.0%');
    // Lines of the results file it could not use are named on stderr.
    expect(result.stderr).toContain("--results line 11: case 'no-such-case' is not in suite 'Weather assistant'");
    expect(result.stderr).toContain('--results line 12: not JSON');
    expect(result.stderr).not.toContain('note:');
    expect((await cli(`eval ${SUITE} --results ${RESULTS} --toolset ${TOOLS} --fail-under 0.4`)).exitCode).toBe(0);
  });

  it('says up front which expected tools the toolset lacks', async () => {
    const { cli, written } = makeCli();
    written.set(
      'typo.json',
      JSON.stringify({
        name: 't',
        toolset: TOOLS,
        cases: [{ id: 'a', prompt: 'hi', expect: { calls: [{ tool: 'get_wether' }] } }],
      }),
    );
    written.set(
      'typo-runs.jsonl',
      `${JSON.stringify({ case: 'a', model: 'm', calls: [{ tool: 'get_weather', arguments: { city: 'Oslo' } }] })}\n`,
    );
    const result = await cli('eval typo.json --results typo-runs.jsonl');
    expect(result.stderr).toBe('note: case a: expects get_wether, which the toolset does not have\n');
    expect(result.exitCode).toBe(1);
  });

  it('compares each model or toolset version with the first, saying whether the repetitions tell it from noise', async () => {
    const { cli, written } = makeCli();
    const run = (model: string, city: string, toolsetVersion = '1.0.0') =>
      JSON.stringify({
        case: 'paris-weather',
        model,
        toolsetVersion,
        calls: [{ tool: 'get_weather', arguments: { city } }],
      });
    const rows = [
      ...Array.from({ length: 10 }, () => run('good', 'Paris')),
      ...Array.from({ length: 10 }, (_, index) => run('bad', index < 1 ? 'Paris' : 'Lyon')),
      ...Array.from({ length: 10 }, (_, index) => run('good', index < 8 ? 'Paris' : 'Lyon', '1.1.0')),
    ];
    written.set('compare.jsonl', `${rows.join('\n')}\n`);
    const result = await cli(`eval ${SUITE} --results compare.jsonl --toolset ${TOOLS}`);
    expect(result.stdout).toContain('Compared with good @ 1.0.0');
    expect(result.stdout).toMatch(/bad @ 1\.0\.0: -90\.0 points \(p = 0\.000, Fisher exact test\): a real difference/);
    expect(result.stdout).toMatch(/good @ 1\.1\.0: -20\.0 points \(p = 0\.474, Fisher exact test\): could be noise/);
  });

  it('writes JUnit XML', async () => {
    const { cli, written } = makeCli();
    await cli(`eval ${SUITE} --results ${RESULTS} --toolset ${TOOLS} --junit out/junit.xml --fail-under 0.5`);
    const xml = written.get('out/junit.xml') ?? '';
    expect(xml).toContain('<testsuite name="Weather assistant · model-a @ 1.0.0" tests="4" failures="2">');
    expect(xml).toContain('<testcase classname="model-a @ 1.0.0" name="paris-weather"/>');
  });

  it('splits with --shard and joins with merge to the same result', async () => {
    const { cli, written } = makeCli();
    const whole = JSON.parse((await cli(`eval ${SUITE} --results ${RESULTS} --toolset ${TOOLS} --json`)).stdout) as {
      report: { overall: { passes: number; runs: number } };
    };
    for (const shard of [1, 2])
      written.set(
        `shard-${shard}.json`,
        (await cli(`eval ${SUITE} --results ${RESULTS} --toolset ${TOOLS} --json --shard ${shard}/2`)).stdout,
      );
    const first = JSON.parse(written.get('shard-1.json')!) as { runs: { case: string }[] };
    expect([...new Set(first.runs.map((run) => run.case))]).toEqual(['paris-weather', 'email-then-nothing-else']);
    const merged = await cli('eval merge shard-1.json shard-2.json --json');
    const report = (JSON.parse(merged.stdout) as typeof whole).report;
    expect(report.overall).toMatchObject({ passes: whole.report.overall.passes, runs: whole.report.overall.runs });
    expect(merged.exitCode).toBe(1);
    // More shards than cases: an empty shard has nothing to gate.
    const empty = await cli(`eval ${SUITE} --results ${RESULTS} --toolset ${TOOLS} --shard 6/6`);
    expect(empty).toMatchObject({
      exitCode: 0,
      stdout: "Suite 'Weather assistant': 0 case results, 0 runs, shard 6/6\nNo run of this shard was logged.\n",
    });
    const twice = await cli('eval merge shard-1.json shard-1.json');
    expect(twice).toMatchObject({ exitCode: 2, stderr: 'merge: shard 1/2 is given twice\n' });
  });

  it('help eval prints the usage of every form', async () => {
    const { cli } = makeCli();
    const help = await cli('help eval');
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^Usage: tool-schemas eval <suite> --results <file>/);
    expect(help.stdout).toContain('tool-schemas eval merge <shard.json>');
    expect(help.stdout).toContain('tool-schemas eval --bfcl <question file>');
  });

  it('refuses --model without its key, bad suites and bad flags with exit 2', async () => {
    const { cli, written } = makeCli();
    const model = await cli(`eval ${SUITE} --model openai:gpt --toolset ${TOOLS}`);
    expect(model.exitCode).toBe(2);
    expect(model.stderr).toMatch(/^--model 'openai:gpt': set the key in the environment variable OPENAI_API_KEY/);
    written.set(
      'bad.json',
      JSON.stringify({
        name: 'x',
        toolset: 'y',
        cases: [{ id: 'a', prompt: 'hi', expect: { order: 'random', calls: [{ tool: 'x' }] } }],
      }),
    );
    const bad = await cli('eval bad.json --results r.jsonl');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe(
      "bad.json is not a valid suite:\n  at /cases/0/expect/order: 'order' must be 'sequence' or 'any'\n",
    );
    expect((await cli(`eval ${SUITE} --results ${RESULTS} --shard 3/2`)).stderr).toMatch(/^--shard must be i\/n/);
    expect((await cli(`eval ${SUITE} --results ${RESULTS} --api-key x`)).stderr).toMatch(/^Unknown option: --api-key/);
  });
});

describe('eval export-bfcl', () => {
  it("writes BFCL files that BFCL's rules score", async () => {
    const { cli, written } = makeCli();
    const result = await cli(`eval export-bfcl ${SUITE} --toolset ${TOOLS} --questions q.json --answers a.json`);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      '1 of 4 cases written as BFCL entries:\n  multiple_0               ← paris-weather',
    );
    expect(result.stdout).toContain('small-talk: no call expected');
    written.set('r.jsonl', `${JSON.stringify({ id: 'multiple_0', result: [{ get_weather: { city: 'paris' } }] })}\n`);
    const scored = await cli('eval --bfcl q.json --answers a.json --results r.jsonl');
    expect(scored.exitCode).toBe(0);
    expect(scored.stdout).toContain('✓ multiple_0  valid');
  });
});
