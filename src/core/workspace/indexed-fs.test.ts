import { describe, expect, it } from 'vitest';
import { InMemoryFs } from 'just-bash';
import { IndexedInMemoryFs } from './indexed-fs';

type FileSystem = InMemoryFs;

async function listingOrError(fs: FileSystem, path: string): Promise<unknown> {
  try {
    return await fs.readdirWithFileTypes(path);
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Every directory either file system holds, and a few paths that are not directories. */
async function allListings(fs: FileSystem): Promise<Record<string, unknown>> {
  const listings: Record<string, unknown> = {};
  const paths = [...fs.getAllPaths(), '/missing', '/repo/a.txt/x', '/repo//src/', '/repo/./src/../src'];
  for (const path of paths.sort()) listings[path] = await listingOrError(fs, path);
  return listings;
}

/** The same changes, through every kind of write InMemoryFs has. */
async function applyChanges(fs: FileSystem): Promise<void> {
  await fs.mkdir('/repo/src/deep', { recursive: true });
  await fs.mkdir('/repo/empty');
  await fs.writeFile('/repo/b.txt', 'b');
  await fs.writeFile('/repo/a.txt', 'a');
  fs.writeFileSync('/repo/src/deep/c.ts', 'c');
  fs.writeFileLazy('/repo/lazy/l.txt', () => 'lazy');
  await fs.appendFile('/repo/new/appended.txt', 'x');
  await fs.symlink('/repo/src', '/repo/link');
  await fs.link('/repo/a.txt', '/repo/hard.txt');
  await fs.cp('/repo/src', '/repo/copy', { recursive: true });
  await fs.mv('/repo/copy', '/repo/moved');
  await fs.mv('/repo/b.txt', '/repo/src/b-moved.txt');
  await fs.rm('/repo/lazy', { recursive: true });
  await fs.rm('/repo/moved/deep/c.ts');
  await fs.writeFile('/repo/a.txt', 'overwritten');
  await fs.mkdir('/Zeta/alpha', { recursive: true });
}

describe('IndexedInMemoryFs', () => {
  it('lists every directory exactly as InMemoryFs does, after every kind of change', async () => {
    const plain = new InMemoryFs();
    const indexed = new IndexedInMemoryFs();
    await applyChanges(plain);
    await applyChanges(indexed);
    expect(indexed.getAllPaths().sort()).toEqual(plain.getAllPaths().sort());
    expect(await allListings(indexed)).toEqual(await allListings(plain));
    expect(await indexed.readdir('/repo')).toEqual(['a.txt', 'empty', 'hard.txt', 'link', 'moved', 'new', 'src']);
    expect(await indexed.readdir('/repo/link')).toEqual(['b-moved.txt', 'deep']);
  });

  it('forgets a removed tree, and shows it again when it is written back', async () => {
    const indexed = new IndexedInMemoryFs();
    await indexed.mkdir('/w/a/b', { recursive: true });
    await indexed.writeFile('/w/a/b/f.txt', 'f');
    await indexed.rm('/w/a', { recursive: true });
    expect(await indexed.readdir('/w')).toEqual([]);
    await expect(indexed.readdir('/w/a')).rejects.toThrow(/ENOENT/);
    await indexed.writeFile('/w/a/b/g.txt', 'g');
    expect(await indexed.readdir('/w/a/b')).toEqual(['g.txt']);
  });

  it('lists a directory without scanning the other paths', async () => {
    const indexed = new IndexedInMemoryFs();
    for (let index = 0; index < 2000; index += 1) indexed.writeFileSync(`/big/d${index % 40}/f${index}.txt`, 'x');
    const entries = Map.prototype.entries;
    let scans = 0;
    Map.prototype.entries = function (this: Map<unknown, unknown>) {
      scans += 1;
      return entries.call(this);
    } as typeof Map.prototype.entries;
    try {
      expect(await indexed.readdir('/big/d7')).toHaveLength(50);
    } finally {
      Map.prototype.entries = entries;
    }
    expect(scans).toBe(0);
  });
});
