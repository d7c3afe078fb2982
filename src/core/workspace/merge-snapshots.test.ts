import { describe, expect, it } from 'vitest';
import { mergeSnapshots, snapshotChanges } from './merge-snapshots';
import type { WorkspaceSnapshot } from './types';

const bytes = (text: string) => new TextEncoder().encode(text);
const snapshot = (files: Record<string, string>, directories: string[] = []): WorkspaceSnapshot => ({
  version: 1,
  files: Object.fromEntries(Object.entries(files).map(([path, text]) => [path, bytes(text)])),
  directories,
});
const texts = (result: WorkspaceSnapshot) =>
  Object.fromEntries(Object.entries(result.files).map(([path, content]) => [path, new TextDecoder().decode(content)]));

describe('mergeSnapshots', () => {
  const base = snapshot({ 'README.md': 'readme', 'src/a.ts': 'a' }, ['empty']);

  it('keeps what each tab wrote: tab A’s file and tab B’s file both survive', () => {
    const tabA = snapshot({ 'README.md': 'readme', 'src/a.ts': 'a', 'tabA.txt': 'A' }, ['empty']);
    const tabB = snapshot({ 'README.md': 'readme', 'src/a.ts': 'a', 'tabB.txt': 'B' }, ['empty']);
    const { merged, conflicts } = mergeSnapshots(base, tabB, tabA);
    expect(texts(merged)).toEqual({ 'README.md': 'readme', 'src/a.ts': 'a', 'tabA.txt': 'A', 'tabB.txt': 'B' });
    expect(merged.directories).toEqual(['empty']);
    expect(conflicts).toEqual([]);
  });

  it('never undoes a delete or an edit made by the other side', () => {
    const ours = snapshot({ 'README.md': 'readme', 'src/a.ts': 'a', 'new.txt': 'n' }, ['empty']);
    const theirs = snapshot({ 'README.md': 'edited' }, []);
    const { merged, conflicts } = mergeSnapshots(base, ours, theirs);
    expect(texts(merged)).toEqual({ 'README.md': 'edited', 'new.txt': 'n' });
    expect(merged.directories).toEqual([]);
    expect(conflicts).toEqual([]);
  });

  it('keeps ours where both changed one path differently, and names it', () => {
    const { merged, conflicts } = mergeSnapshots(
      base,
      snapshot({ 'README.md': 'ours', 'src/a.ts': 'a' }),
      snapshot({ 'README.md': 'theirs', 'src/a.ts': 'a' }),
    );
    expect(texts(merged)['README.md']).toBe('ours');
    expect(conflicts).toEqual(['README.md']);
  });

  it('is no conflict when both made the same change', () => {
    const same = snapshot({ 'README.md': 'same', 'src/a.ts': 'a' }, ['empty']);
    expect(mergeSnapshots(base, same, same).conflicts).toEqual([]);
  });
});

describe('snapshotChanges', () => {
  it('lists the files to write and remove', () => {
    const changes = snapshotChanges(snapshot({ a: '1', b: '2' }), snapshot({ a: '1', c: '3' }));
    expect(changes && Object.keys(changes.write)).toEqual(['c']);
    expect(changes && changes.remove).toEqual(['b']);
  });

  it('declines when directories or links differ, so the caller restores the whole snapshot', () => {
    expect(snapshotChanges(snapshot({}, ['x']), snapshot({}, []))).toBe(false);
  });
});
