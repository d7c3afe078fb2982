import { describe, expect, it } from 'vitest';
import { toJunit } from './junit';
import { buildReport } from './report';
import { mergeShards, parseShard, shardSuite } from './shard';
import type { CaseRun, EvalSuite } from './types';

const evalCase = (id: string) => ({
  id,
  messages: [{ role: 'user' as const, content: id }],
  expect: { calls: [], order: 'any' as const, noCall: true, mustNotCall: [], allowExtraCalls: false },
});
const suite: EvalSuite = { name: 's', toolset: 't', repetitions: 1, cases: ['a', 'b', 'c', 'd', 'e'].map(evalCase) };
const run = (id: string, pass: boolean, model = 'm'): CaseRun => ({
  case: id,
  model,
  repetition: 1,
  calls: [],
  grade: {
    pass,
    score: pass ? 1 : 0,
    reason: pass ? 'ok' : `bad <${id}> & "x"`,
    matched: 0,
    expectedCalls: 0,
    actualCalls: 0,
    toolsCorrect: pass,
    rightTool: 0,
    validCalls: 0,
    missing: [],
    hallucinated: [],
    errorCodes: {},
  },
});

describe('shards', () => {
  it('parses i/n and refuses anything else by name', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, total: 3 });
    for (const bad of ['0/3', '4/3', '1/0', 'x', '1/2/3']) expect(parseShard(bad)).toHaveProperty('error');
  });
  it('splits deterministically, every case in exactly one shard', () => {
    const ids = [1, 2].map((index) => shardSuite(suite, { index, total: 2 }).cases.map((entry) => entry.id));
    expect(ids).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
    expect(shardSuite(suite, { index: 1, total: 1 }).cases).toHaveLength(5);
  });
  it('merges distinct shards and refuses overlaps, other suites and repeated shards', () => {
    const first = { suite: 's', shard: { index: 1, total: 2 }, runs: [run('a', true), run('c', false)] };
    const second = { suite: 's', shard: { index: 2, total: 2 }, runs: [run('b', true)] };
    const merged = mergeShards([first, second]);
    expect('runs' in merged && merged.runs.map((entry) => entry.case)).toEqual(['a', 'c', 'b']);
    expect(mergeShards([first, { ...second, suite: 'other' }])).toEqual({
      error: "the files are from different suites: 's' and 'other'",
    });
    expect(mergeShards([first, first])).toEqual({ error: 'shard 1/2 is given twice' });
    expect(mergeShards([first, { suite: 's', runs: [run('a', true)] }])).toHaveProperty('error');
    expect(mergeShards([first, { ...second, shard: { index: 2, total: 3 } }])).toHaveProperty('error');
  });
});

describe('JUnit', () => {
  it('writes one testsuite per model, a failure per case under the bar, text escaped', () => {
    const report = buildReport('s', [run('a', true), run('b', false), run('a', true, 'n')]);
    const text = toJunit(report, 1);
    expect(text).toContain('<testsuite name="s · m" tests="2" failures="1">');
    expect(text).toContain('<testsuite name="s · n" tests="1" failures="0">');
    expect(text).toContain('<failure message="passed 0 of 1: bad &lt;b&gt; &amp; &quot;x&quot;"/>');
    expect(text.match(/<testcase /g)).toHaveLength(3);
  });
});
