import { describe, expect, it } from 'vitest';
import { InMemoryFs } from 'just-bash';
import { createGitFs, toNodeError } from './git-fs';

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('createGitFs', () => {
  const memory = new InMemoryFs();
  const { promises: fs } = createGitFs(memory);

  it('round-trips bytes and text', async () => {
    await fs.mkdir('/repo');
    await fs.writeFile('/repo/a.bin', new Uint8Array([0, 1, 2, 255]));
    await fs.writeFile('/repo/a.txt', 'héllo', { encoding: 'utf8' });
    expect([...((await fs.readFile('/repo/a.bin')) as Uint8Array)]).toEqual([0, 1, 2, 255]);
    expect(await fs.readFile('/repo/a.txt', { encoding: 'utf8' })).toBe('héllo');
    expect(await fs.readFile('/repo/a.txt', 'utf8')).toBe('héllo');
    expect((await fs.readdir('/repo')).sort()).toEqual(['a.bin', 'a.txt']);
  });

  it('copies written buffers so later changes by the caller do not leak in', async () => {
    const buffer = new Uint8Array([1, 2, 3]);
    await fs.writeFile('/repo/copy.bin', buffer);
    buffer[0] = 9;
    expect([...((await fs.readFile('/repo/copy.bin')) as Uint8Array)]).toEqual([1, 2, 3]);
  });

  it('gives Node-like error codes', async () => {
    expect(await codeOf(fs.readFile('/repo/missing'))).toBe('ENOENT');
    expect(await codeOf(fs.stat('/repo/missing'))).toBe('ENOENT');
    expect(await codeOf(fs.mkdir('/repo'))).toBe('EEXIST');
    expect(await codeOf(fs.readdir('/repo/a.txt'))).toBe('ENOTDIR');
    await fs.mkdir('/repo/full');
    await fs.writeFile('/repo/full/x', 'x');
    expect(await codeOf(fs.rmdir('/repo/full'))).toBe('ENOTEMPTY');
    expect(await codeOf(fs.rmdir('/repo/a.txt'))).toBe('ENOTDIR');
    expect(await codeOf(fs.unlink('/repo/full'))).toBe('EISDIR');
    expect(await codeOf(fs.unlink('/repo/nothing'))).toBe('ENOENT');
    expect(await codeOf(fs.mkdir('/no/parent/here'))).toBe('ENOENT');
  });

  it('unlinks files and removes empty directories', async () => {
    await fs.unlink('/repo/full/x');
    await fs.rmdir('/repo/full');
    expect(await codeOf(fs.stat('/repo/full'))).toBe('ENOENT');
  });

  it('returns the stat shape isomorphic-git reads', async () => {
    const file = await fs.stat('/repo/a.bin');
    expect(file.isFile()).toBe(true);
    expect(file.isDirectory()).toBe(false);
    expect(file.isSymbolicLink()).toBe(false);
    expect(file.size).toBe(4);
    expect(file.mode & 0o170000).toBe(0o100000);
    expect(typeof file.mtimeMs).toBe('number');
    expect(file.ctimeMs).toBe(file.mtimeMs);
    expect(Number.isInteger(file.ino)).toBe(true);
    expect([file.uid, file.gid, file.dev].every(Number.isInteger)).toBe(true);
    const directory = await fs.stat('/repo');
    expect(directory.isDirectory()).toBe(true);
    expect(directory.mode & 0o170000).toBe(0o040000);
  });

  it('handles symbolic links', async () => {
    await fs.symlink('a.txt', '/repo/link');
    expect(await fs.readlink('/repo/link')).toBe('a.txt');
    expect((await fs.lstat('/repo/link')).isSymbolicLink()).toBe(true);
    expect((await fs.stat('/repo/link')).isFile()).toBe(true);
  });
});

describe('toNodeError', () => {
  it('reads the code from a just-bash message', () => {
    expect(toNodeError(new Error('ENOTEMPTY: directory not empty, rm'), '/x').code).toBe('ENOTEMPTY');
    expect(toNodeError(new Error('something odd'), '/x').code).toBe('EIO');
    expect(toNodeError('No such file', '/x').code).toBe('ENOENT');
  });
});
