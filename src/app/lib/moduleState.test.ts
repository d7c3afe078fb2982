import { ESLint } from 'eslint';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The project's own lint configuration, asked about one text at a time.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root, cache: false, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' });
const refusals = async (text: string, file: string) =>
  (await eslint.lintText(text, { filePath: join(root, file) }))[0]!.messages.map((message) => message.line);

describe('no module-level mutable state in the app', () => {
  it('refuses a top-level let, a mutable collection and a worker client, exported or not', async () => {
    const text = [
      'let count = 0;',
      'export let shared = 1;',
      'const cache = new Map<string, number>();',
      'export const seen = new WeakMap<object, string>();',
      "const client = createWorkerClient({ name: 'x', create: () => null as never });",
      'declare function createWorkerClient(options: unknown): unknown;',
      'export const used = [count, shared, cache, client];',
    ].join('\n');
    expect(await refusals(text, 'src/app/features/example/state.ts')).toEqual([1, 2, 3, 4, 5]);
  });

  it('allows a table typed as unchanging, state inside a function, and a worker module’s own state', async () => {
    const text = [
      "const KINDS: ReadonlySet<string> = new Set(['a']);",
      'export function make() {',
      '  let count = 0;',
      '  const cache = new Map<string, number>();',
      '  return () => cache.set(String(count++), count);',
      '}',
      'export const used = KINDS;',
    ].join('\n');
    expect(await refusals(text, 'src/app/features/example/state.ts')).toEqual([]);
    expect(
      await refusals('let count = 0;\nexport const next = () => ++count;', 'src/app/features/example/x.worker.ts'),
    ).toEqual([]);
  });
});
