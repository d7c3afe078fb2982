import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jsonWorkerClient, monacoPartsPlugin } from './vite-monaco-parts';

const workerManager = fileURLToPath(
  new URL('../node_modules/monaco-editor/esm/vs/languages/features/json/workerManager.js', import.meta.url),
);

function resolve(source: string, importer: string | undefined): unknown {
  const hook = monacoPartsPlugin().resolveId as (source: string, importer: string | undefined) => unknown;
  return hook(source, importer);
}

describe('monacoPartsPlugin', () => {
  it("swaps the worker helper the JSON mode imports, as monaco-editor's JSON mode spells it", () => {
    // If a Monaco upgrade renames the import, the swap would silently stop: read the real module.
    const imported = /import \{ createWebWorker \} from '([^']+)'/.exec(readFileSync(workerManager, 'utf8'))?.[1];
    expect(imported).toBe('../../../internal/common/workers.js');
    expect(resolve(imported!, workerManager)).toBe(jsonWorkerClient);
  });

  it('leaves the same path alone from any other importer', () => {
    expect(
      resolve('../../../internal/common/workers.js', '/site/node_modules/monaco-editor/esm/vs/editor/editor.main.js'),
    ).toBeNull();
    expect(resolve('../../../internal/common/workers.js', '/site/src/app/other.ts')).toBeNull();
    expect(resolve('../../../internal/common/workers.js', undefined)).toBeNull();
    expect(resolve('./workerManager.js', workerManager)).toBeNull();
  });
});
