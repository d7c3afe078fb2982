import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffDefinitions } from '../../../core/diff';
import { importToolset } from '../../../core/import/import';
import { toolVersions } from '../../../core/toolset/versions';
import { createCompilingValidator } from '../../../core/validation/compile';
import { withHistory } from './history';

const validator = createCompilingValidator();
const echo = (properties: object) => ({
  name: 'echo_text',
  description: 'Echo the text it is given.',
  inputSchema: { type: 'object', properties, required: ['text'] },
});
const current = () =>
  importToolset(
    JSON.stringify({ tools: [echo({ text: { type: 'string', maxLength: 20 }, loud: { type: 'boolean' } })] }),
    { validator, toolsetName: 'echo' },
  ).toolset;

describe('site build --history', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'site-history-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('gives each tool its earlier releases, oldest first, and the versions compare with a change', async () => {
    writeFileSync(
      join(work, '0.9.0.json'),
      JSON.stringify({ tools: [echo({ text: { type: 'string' }, loud: { type: 'boolean' } })] }),
    );
    writeFileSync(
      join(work, '0.8.0.json'),
      JSON.stringify({ tools: [echo({ text: { type: 'string' } }), { ...echo({}), name: 'gone_tool' }] }),
    );
    const [toolset] = await withHistory([current()], work, validator);
    expect(toolset!.history?.map((tool) => `${tool.name}@${tool.version}`)).toEqual([
      'echo_text@0.8.0',
      'echo_text@0.9.0',
    ]);
    const versions = toolVersions(toolset!, 'echo_text');
    expect(versions.map((tool) => tool.version)).toEqual(['1.0.0', '0.9.0', '0.8.0']);
    const diff = diffDefinitions(versions[1]!, versions[0]!);
    expect(diff.changes.map((change) => change.pointer)).toContain('/inputSchema/properties/text/maxLength');
    expect(diffDefinitions(versions[2]!, versions[1]!).changes.map((change) => change.pointer)).toContain(
      '/inputSchema/properties/loud',
    );
  });

  it('refuses a release named by no version, or not older than the current one, naming it', async () => {
    writeFileSync(join(work, 'latest.json'), JSON.stringify({ tools: [echo({ text: { type: 'string' } })] }));
    await expect(withHistory([current()], work, validator)).rejects.toThrow(
      "'latest.json' must be a release named by its version",
    );
    rmSync(join(work, 'latest.json'));
    writeFileSync(join(work, '1.0.0.json'), JSON.stringify({ tools: [echo({ text: { type: 'string' } })] }));
    await expect(withHistory([current()], work, validator)).rejects.toThrow(
      'echo_text at 1.0.0, which is not older than its current version 1.0.0',
    );
  });
});
