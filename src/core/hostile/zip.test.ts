/** Hostile archives on workspace import: zip bombs, zip-slip entries, 20,000 files. Refused whole, workspace intact. */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../workspace/workspace';
import { MAX_ZIP_ENTRIES } from '../workspace/zip';

async function sampleWorkspace() {
  const workspace = await createWorkspace();
  await workspace.writeText('src/app.ts', 'export const app = 1;\n');
  await workspace.writeText('README.md', '# Sample\n');
  return workspace;
}

describe('workspace import of hostile zips', () => {
  it.each([
    ['../../evil.sh', /outside the workspace/],
    ['/etc/cron.d/evil', /outside the workspace/],
    ['..\\..\\evil.bat', /outside the workspace/],
    ['src/%2e%2e/%2e%2e/evil', /percent-encoded/],
    ['\u2025/evil', /look-alike/],
    ['a/\u0000b', /NUL/],
  ])('a zip-slip entry %j refuses the archive, naming the entry', async (name, reason) => {
    const workspace = await sampleWorkspace();
    const before = await workspace.listFiles();
    const result = await workspace.fromZip(zipSync({ 'fine.txt': strToU8('ok'), [name]: strToU8('evil') }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(reason);
      expect(result.message).toContain('nothing was imported');
    }
    expect(await workspace.listFiles()).toEqual(before);
  });

  it('a symbolic link entry cannot carry a later file out of the workspace (links are made after every file)', async () => {
    const workspace = await sampleWorkspace();
    const source = await createWorkspace();
    await source.fs.symlink('/etc', '/workspace/out');
    const withLink = await source.toZip();
    // Append a file entry that would be written through the link, were links made first.
    const entries: Zippable = { 'out/passwd': strToU8('root::0:0') };
    const combined = zipSync({ ...entries });
    expect((await workspace.fromZip(withLink)).ok).toBe(true);
    expect(await workspace.fs.readlink('/workspace/out')).toBe('/etc');
    expect((await workspace.fromZip(combined)).ok).toBe(true);
    expect(await workspace.fs.exists('/etc/passwd')).toBe(false);
    const both = await createWorkspace();
    await both.fs.symlink('/etc', '/workspace/out');
    await both.writeText('inside.txt', 'x');
    const snapshot = await both.snapshot();
    snapshot.files['out/passwd'] = strToU8('root::0:0');
    const restored = await createWorkspace(snapshot);
    expect(await restored.fs.exists('/etc/passwd')).toBe(false);
    expect(await restored.fs.readlink('/workspace/out')).toBe('/etc');
  });

  it('20,000 files are refused from the directory, before inflating', async () => {
    const workspace = await sampleWorkspace();
    const entries: Zippable = {};
    for (let index = 0; index < 20_000; index += 1) entries[`f/${index}.txt`] = [new Uint8Array(0), { level: 0 }];
    const result = await workspace.fromZip(zipSync(entries));
    expect(result).toEqual({
      ok: false,
      message: `the archive has 20000 entries, over the limit of ${MAX_ZIP_ENTRIES}; nothing was imported`,
    });
    expect(await workspace.listFiles()).toEqual(['README.md', 'src/app.ts']);
  });

  it('a zip bomb (a small archive declaring gigabytes) is refused before inflating', async () => {
    const workspace = await sampleWorkspace();
    // 64 MB of zeros compresses to about 64 KB; four of them declare 256 MB.
    const zeros = new Uint8Array(64 * 1024 * 1024);
    const bomb = zipSync({ a: zeros, b: zeros, c: zeros, d: zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const result = await workspace.fromZip(bomb);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/more than 200 MB/);
    expect(await workspace.listFiles()).toEqual(['README.md', 'src/app.ts']);
  });

  it('a zip whose directory lies about sizes is still bounded: fflate inflates into the declared size or fails', async () => {
    const workspace = await sampleWorkspace();
    const honest = zipSync({ 'a.txt': new Uint8Array(1024 * 1024) }, { level: 9 });
    const lying = honest.slice();
    // Patch the declared uncompressed size (central directory and local header) down to 10 bytes.
    const view = new DataView(lying.buffer);
    for (let offset = 0; offset < lying.length - 4; offset += 1) {
      const signature = view.getUint32(offset, true);
      if (signature === 0x04034b50) view.setUint32(offset + 22, 10, true);
      if (signature === 0x02014b50) view.setUint32(offset + 24, 10, true);
    }
    const result = await workspace.fromZip(lying);
    if (result.ok) expect((await workspace.readBytes('a.txt')).length).toBeLessThanOrEqual(1024 * 1024);
    else expect(result.message.length).toBeGreaterThan(0);
  });

  it('a damaged archive is refused with the reason and the workspace kept', async () => {
    const workspace = await sampleWorkspace();
    for (const bytes of [
      new Uint8Array(0),
      strToU8('PK\u0003\u0004 not really'),
      zipSync({ 'a.txt': strToU8('x') }).slice(0, 30),
    ]) {
      const result = await workspace.fromZip(bytes);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/not a readable zip archive/);
    }
    expect(await workspace.listFiles()).toEqual(['README.md', 'src/app.ts']);
  });
});
