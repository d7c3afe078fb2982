import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCallsLibrary } from './build-cli';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the call checker library', () => {
  const outputRoot = mkdtempSync(join(tmpdir(), 'calls-library-'));
  afterAll(() => rmSync(outputRoot, { recursive: true, force: true }));

  it('is one ES module with the streaming checker and the bundled toolsets', { timeout: 60_000 }, async () => {
    const built = await buildCallsLibrary(projectRoot, outputRoot);
    const library = (await import(pathToFileURL(built.file).href)) as typeof import('../src/core/calls/package');
    expect(library.toolsets.map((toolset) => toolset.manifest.id)).toContain('acode-core');
    async function* lines() {
      yield '{"tool": "read_file", "arguments": {"file": "a.txt"}}';
      yield '{"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "read_file", "arguments": "{\\"path\\": \\"a.txt\\"}"}}]}';
    }
    const check = library.checkCallStream(
      lines(),
      library.toolsets.find((toolset) => toolset.manifest.id === 'acode-core')!.tools,
      { validator: library.createCompilingValidator() },
    );
    const statuses: string[] = [];
    for await (const result of check.results) statuses.push(`${result.format}:${result.status}`);
    expect(statuses).toEqual(['plain:invalid', 'openai-chat:valid']);
    expect(check.summary().fixes).toEqual([{ tool: 'read_file', from: 'file', to: 'path', count: 1 }]);
  });
});
