import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSampleWorkspace, unescapeName } from './load.node';

describe('loadSampleWorkspace', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'sample-load-'));
    await mkdir(join(directory, 'project', 'src', 'deep'), { recursive: true });
    await mkdir(join(directory, 'submodule'), { recursive: true });
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const put = (path: string, content: string | Uint8Array) => writeFile(join(directory, path), content);

  it('reads both trees byte for byte, paths sorted by code unit, escaped names restored', async () => {
    await put('project/b.txt', 'tab\there\r\nno final newline');
    await put('project/B.txt', '→ …\n');
    await put('project/.gitignore.escaped', '.env\n');
    await put('project/src/deep/x.test.tsx', '');
    await put('project/notes.escaped', 'a name that only looks escaped\n');
    await put('submodule/README.md', 'nested\n');
    const data = await loadSampleWorkspace(directory);
    expect(data.sample).toStrictEqual({
      '.gitignore': '.env\n',
      'B.txt': '→ …\n',
      'b.txt': 'tab\there\r\nno final newline',
      'notes.escaped': 'a name that only looks escaped\n',
      'src/deep/x.test.tsx': '',
    });
    expect(Object.keys(data.sample)).toEqual(['.gitignore', 'B.txt', 'b.txt', 'notes.escaped', 'src/deep/x.test.tsx']);
    expect(data.submodule).toStrictEqual({ 'README.md': 'nested\n' });
  });

  it('refuses a .gitignore stored under its real name, saying how to store it', async () => {
    await put('project/.gitignore', 'bin/\n');
    await expect(loadSampleWorkspace(directory)).rejects.toThrow(
      /project\/\.gitignore: git would read this file .*store it as \.gitignore\.escaped/,
    );
  });

  it('refuses a file that is not UTF-8 text, naming it', async () => {
    await put('project/src/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]));
    await expect(loadSampleWorkspace(directory)).rejects.toThrow(/project\/src\/logo\.png: not UTF-8 text/);
  });

  it('names the missing folder', async () => {
    await rm(join(directory, 'submodule'), { recursive: true });
    await expect(loadSampleWorkspace(directory)).rejects.toThrow(/submodule: the sample's folder is missing/);
  });
});

describe('unescapeName', () => {
  it('restores only the names git reads', () => {
    expect(unescapeName('.gitignore.escaped')).toBe('.gitignore');
    expect(unescapeName('.gitattributes.escaped')).toBe('.gitattributes');
    expect(unescapeName('data.escaped')).toBeNull();
    expect(unescapeName('.gitignore')).toBeNull();
  });
});
