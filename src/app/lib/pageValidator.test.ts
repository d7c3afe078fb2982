import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { createPageValidator } from './pageValidator';

const root = join(import.meta.dirname, '../../..');
const ENTRY_POINTS = ['src/app/main.tsx', 'src/app/embed.tsx', 'src/app/ssr.tsx'];

// Only the rule under test: the layer rules resolve the whole import graph, which this test has no use for.
const eslint = new ESLint({ cwd: root, cache: false, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });
const lint = (text: string, file: string) => eslint.lintText(text, { filePath: join(root, file) });

const sourceFiles = (folder: string): string[] =>
  readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('the page validator', () => {
  it('is built anew by each call: no validator is shared through the module', () => {
    const first = createPageValidator();
    expect(createPageValidator()).not.toBe(first);
    expect(first.canCompile).toBe(false);
  });

  it('is imported by the entry points alone', () => {
    // main.tsx imports it when a page first validates (deferredValidator.ts): `import('./lib/pageValidator')`.
    const importers = sourceFiles('src/app').filter((file) =>
      /(?:from |import\()'[./]+(?:lib\/)?pageValidator'/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(importers.sort()).toEqual([...ENTRY_POINTS].sort());
  });

  it('the lint refuses it in any other module, and lets the entry points and tests build one', async () => {
    const text =
      "import { createPageValidator } from '../../lib/pageValidator';\nexport const validator = createPageValidator();\n";
    const [refused] = await lint(text, 'src/app/features/playground/somewhere.ts');
    expect(refused!.messages.map((message) => [message.ruleId, message.message])).toEqual([
      ['no-restricted-imports', expect.stringContaining('only the entry points build the page validator')],
    ]);
    const [library] = await lint(
      text.replace('../../lib/pageValidator', './pageValidator'),
      'src/app/lib/somewhere.ts',
    );
    expect(library!.messages).toHaveLength(1);
    for (const file of [...ENTRY_POINTS, 'src/app/lib/somewhere.test.ts']) {
      const [allowed] = await lint(text.replace('../../lib/pageValidator', './lib/pageValidator'), file);
      expect(allowed!.messages, file).toEqual([]);
    }
    // Loading the project's lint config and plugins takes a while on a busy machine; nothing here is timed.
  }, 120_000);
});
