/** A folder read again with its files as last read (site dev's saves): only a file that changed is read again. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCompilingValidator } from '../validation/compile';
import { loadToolsetFromDirectory, type FolderReads } from './load.node';

vi.mock('node:fs/promises', async (original) => {
  const actual = (await original()) as typeof import('node:fs/promises');
  return { ...actual, readFile: vi.fn(actual.readFile) };
});

const read = vi.mocked(readFile);
const acode = fileURLToPath(new URL('../../../schemas/acode', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'folder-reads-'));
const folder = join(work, 'acode');
cpSync(acode, folder, { recursive: true });
const validator = createCompilingValidator();

afterAll(() => rmSync(work, { recursive: true, force: true }));

const readPaths = () => read.mock.calls.map(([path]) => String(path));

describe('a toolset folder read again', () => {
  it('reads only the file that changed, and gives its new text', async () => {
    const reads: FolderReads = new Map();
    read.mockClear();
    const first = await loadToolsetFromDirectory(folder, validator, { reads });
    expect(readPaths().length).toBeGreaterThan(20);

    read.mockClear();
    await loadToolsetFromDirectory(folder, validator, { reads });
    expect(readPaths()).toEqual([]);

    const changed = join(folder, 'file_operations', 'read_file.json');
    const definition = JSON.parse(readFileSync(changed, 'utf8')) as { description: string };
    writeFileSync(changed, JSON.stringify({ ...definition, description: `${definition.description} Saved again.` }));
    read.mockClear();
    const second = await loadToolsetFromDirectory(folder, validator, { reads });
    expect(readPaths()).toEqual([changed]);
    const description = (toolset: typeof first) => toolset.tools.find((tool) => tool.name === 'read_file')!.description;
    expect(description(second)).toBe(`${definition.description} Saved again.`);
    expect(second.tools.filter((tool) => tool.name !== 'read_file')).toEqual(
      first.tools.filter((tool) => tool.name !== 'read_file'),
    );
  });

  it('reads every file without the reads of an earlier load', async () => {
    read.mockClear();
    await loadToolsetFromDirectory(folder, validator);
    expect(readPaths().length).toBeGreaterThan(20);
  });
});
