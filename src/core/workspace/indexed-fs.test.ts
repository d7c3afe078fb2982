import { describe, expect, it } from 'vitest';
import { InMemoryFs } from 'just-bash';
import { IndexedInMemoryFs, type IndexedEntries } from './indexed-fs';

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

  describe('symbolic links along a path', () => {
    async function withLinks(): Promise<IndexedInMemoryFs> {
      const fs = new IndexedInMemoryFs();
      await fs.mkdir('/w/src/deep', { recursive: true });
      await fs.writeFile('/w/src/a.txt', 'A');
      await fs.symlink('src', '/w/srclink');
      await fs.symlink('/w/src/a.txt', '/w/alink');
      return fs;
    }

    it('writes, appends and makes directories where the link points (InMemoryFs stored them under the link, unreachable)', async () => {
      const fs = await withLinks();
      await fs.writeFile('/w/srclink/b.txt', 'B');
      await fs.appendFile('/w/srclink/a.txt', '+');
      await fs.mkdir('/w/srclink/deep/er', { recursive: true });
      fs.writeFileSync('/w/alink', 'through the last link');
      expect(await fs.readFile('/w/src/b.txt')).toBe('B');
      expect(await fs.readFile('/w/src/a.txt')).toBe('through the last link');
      expect(await fs.readdir('/w/src/deep')).toEqual(['er']);
      expect(fs.getAllPaths().filter((path) => path.startsWith('/w/srclink/'))).toEqual([]);
      expect((await fs.lstat('/w/alink')).isSymbolicLink).toBe(true);
    });

    it('lists, reads and stats through nested links', async () => {
      const fs = await withLinks();
      await fs.symlink('srclink/deep', '/w/deeplink');
      await fs.writeFile('/w/src/deep/c.txt', 'C');
      expect(await fs.readdir('/w/srclink/deep')).toEqual(['c.txt']);
      expect(await fs.readdir('/w/deeplink')).toEqual(['c.txt']);
      expect(await fs.readFile('/w/deeplink/c.txt')).toBe('C');
      expect(await fs.realpath('/w/deeplink/c.txt')).toBe('/w/src/deep/c.txt');
      expect(fs.physicalPath('/w/deeplink/new/x')).toBe('/w/src/deep/new/x');
      expect(fs.physicalPath('/w/alink', false)).toBe('/w/alink');
    });

    it('removes and moves the real entry through a linked directory, and the link itself at the end', async () => {
      const fs = await withLinks();
      await fs.mv('/w/srclink/a.txt', '/w/srclink/moved.txt');
      expect(await fs.readdir('/w/src')).toEqual(['deep', 'moved.txt']);
      await fs.rm('/w/srclink/moved.txt');
      expect(await fs.readdir('/w/src')).toEqual(['deep']);
      await fs.rm('/w/srclink');
      expect(await fs.readdir('/w')).toEqual(['alink', 'src']);
    });

    it('counts its links, so paths need no resolving while there are none', async () => {
      const fs = await withLinks();
      const entries = (fs as unknown as { entries: IndexedEntries }).entries;
      expect(entries.symlinks).toBe(2);
      await fs.rm('/w/alink');
      await fs.rm('/w/srclink');
      expect(entries.symlinks).toBe(0);
      await fs.symlink('src', '/w/again');
      await fs.mv('/w/again', '/w/moved');
      expect(entries.symlinks).toBe(1);
      expect(await fs.readdir('/w/moved')).toEqual(['a.txt', 'deep']);
    });

    it('throws ELOOP for a cycle instead of looping', async () => {
      const fs = new IndexedInMemoryFs();
      await fs.mkdir('/w', { recursive: true });
      await fs.symlink('b', '/w/a');
      await fs.symlink('a', '/w/b');
      expect(() => fs.physicalPath('/w/a/x')).toThrow(/ELOOP/);
      await expect(fs.writeFile('/w/a/x', 'x')).rejects.toThrow(/ELOOP/);
      expect(await fs.exists('/w/a/x')).toBe(false);
    });
  });

  it('refuses to write a file over a directory (InMemoryFs replaced it and orphaned its content)', async () => {
    const fs = new IndexedInMemoryFs();
    await fs.writeFile('/w/src/a.txt', 'A');
    await expect(fs.writeFile('/w/src', 'x')).rejects.toThrow(/EISDIR/);
    expect(await fs.readFile('/w/src/a.txt')).toBe('A');
  });

  describe('pinned directories', () => {
    it('a recursive remove of the pinned directory or an ancestor empties it, keeps it and fails with EBUSY', async () => {
      const fs = new IndexedInMemoryFs();
      await fs.mkdir('/w/src', { recursive: true });
      await fs.writeFile('/w/src/a.txt', 'A');
      await fs.writeFile('/other.txt', 'O');
      fs.pin('/w', 'the workspace root cannot be removed');
      await expect(fs.rm('/w', { recursive: true, force: true })).rejects.toThrow(
        /EBUSY: the workspace root cannot be removed/,
      );
      expect(await fs.readdir('/w')).toEqual([]);
      await fs.writeFile('/w/b.txt', 'B');
      await expect(fs.rm('/', { recursive: true, force: true })).rejects.toThrow(/EBUSY/);
      expect(await fs.readdir('/')).toEqual(['w']);
      expect(await fs.readdir('/w')).toEqual([]);
      expect(fs.drainRefusals()).toEqual(['the workspace root cannot be removed']);
      expect(fs.drainRefusals()).toEqual([]);
    });

    it('refuses to move a pinned directory or its ancestor, and a non-recursive remove', async () => {
      const fs = new IndexedInMemoryFs();
      await fs.mkdir('/a/w', { recursive: true });
      fs.pin('/a/w', 'pinned');
      await expect(fs.mv('/a/w', '/elsewhere')).rejects.toThrow(/EBUSY: pinned, mv/);
      await expect(fs.mv('/a', '/b')).rejects.toThrow(/EBUSY/);
      await expect(fs.rm('/a/w')).rejects.toThrow(/EBUSY/);
      expect((await fs.stat('/a/w')).isDirectory).toBe(true);
    });
  });
});
