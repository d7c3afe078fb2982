/**
 * The workspace's path, events, util and assert against Node's own: the same cases (prelude/compare-cases.test-support.ts)
 * run by the Node running this test and by the workspace's `node`. Every case must match except the known
 * differences listed here, each with what Node does instead; a new difference, or a listed one that got
 * fixed, fails the test.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../workspace';
import { COMPARE_CASES, compareProgram, type BuiltinName } from './prelude/compare-cases.test-support';

const KNOWN_DIFFERENCES: Record<BuiltinName, Record<string, string>> = {
  path: {},
  events: {
    "typeof m.once + ' ' + typeof m.on": 'events@3.3 has no static EventEmitter.on (the async iterator)',
  },
  util: {
    'm.inspect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27])':
      'Node groups long arrays of numbers into columns',
    "m.format('%s=%d %o', 'n', 5, [1])": '%o in Node also shows hidden properties ([length])',
  },
  assert: {
    'm.deepEqual({ a: 1 }, { a: 2 })': 'assert@2.1 (Node 10) says "should equal", Node 20 "should loosely deep-equal"',
    'm.strictEqual(1, 2, "custom message")': 'Node 20 adds the values under a custom message',
    'm.ok(0)': 'assert@2.1 marks the message of ok() as not generated',
    "m.throws(() => { throw new TypeError('x'); }, RangeError)":
      'assert@2.1 (Node 10) rethrows an error of another class; Node 20 wraps it in an AssertionError',
    "m.throws(() => { throw new Error('nope'); }, /yes/)":
      'assert@2.1 (Node 10) rethrows an error not matching the pattern; Node 20 wraps it',
  },
};

const load = (how: (name: string) => string) =>
  `{ ${Object.keys(COMPARE_CASES)
    .map((name) => `${name}: ${how(name)}`)
    .join(', ')} }`;
const PROGRAM = compareProgram(load((name) => `require('${name}')`));

describe('path, events, util and assert against Node', () => {
  it('give what Node gives, apart from the listed differences', async () => {
    const native = JSON.parse(execFileSync(process.execPath, ['-e', PROGRAM], { encoding: 'utf8' })) as Record<
      BuiltinName,
      string[]
    >;
    const workspace = await createWorkspace();
    await workspace.writeText('compare.js', PROGRAM);
    const result = await workspace.runShell('node compare.js', { cwd: '/workspace', timeoutMs: 30_000 });
    expect(result.stderr).toBe('');
    const ours = JSON.parse(result.stdout) as Record<BuiltinName, string[]>;

    const unexpected: string[] = [];
    const summary: string[] = [];
    for (const name of Object.keys(COMPARE_CASES) as BuiltinName[]) {
      let same = 0;
      COMPARE_CASES[name].forEach((code, index) => {
        const matches = native[name][index] === ours[name][index];
        if (matches) same += 1;
        const known = Object.prototype.hasOwnProperty.call(KNOWN_DIFFERENCES[name], code);
        if (matches === known) {
          unexpected.push(
            `${name}: ${code}\n  node: ${JSON.stringify(native[name][index])}\n  ours: ${JSON.stringify(ours[name][index])}${known ? '\n  (listed as a known difference, but now matches)' : ''}`,
          );
        }
      });
      summary.push(`${name} ${same}/${COMPARE_CASES[name].length}`);
    }
    console.log(`same as Node: ${summary.join(', ')}`);
    expect(unexpected).toEqual([]);
  }, 60_000);
});
